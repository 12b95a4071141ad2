/**
 * A benchmark runs its servers and load generators as child processes of its own script, each in a
 * role (`--child <role>`), talking over IPC. Shared by `bench:reference` and `bench:conformance`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The role this process was started in, or undefined for the parent. */
export function childRole(argv: readonly string[] = process.argv): string | undefined {
  const at = argv.indexOf('--child');
  return at < 0 ? undefined : argv[at + 1];
}

/** Starts `script` (a module URL) again as a child in `role`; it exits when its parent goes away. */
export function forkRole(script: string, role: string): ChildProcess {
  return fork(fileURLToPath(script), ['--child', role], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** In a child: exit when the parent's IPC channel closes, so no server outlives a killed benchmark. */
export function exitWithParent(): void {
  process.on('disconnect', () => process.exit(0));
}

/** The child's next IPC message; fails if the child exits first. */
export function nextMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise<T>((done, fail) => {
    const onExit = (code: number | null) => fail(new Error(`the ${what} process exited (${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (message: T) => {
      child.off('exit', onExit);
      done(message);
    });
  });
}

/** A server child's CPU time so far (user + system, microseconds), asked for by the parent between rounds. */
type CpuMessage = { cpuMicros: number };

/** In a server child: answer the parent's CPU-time questions (cpuMicrosOf), for as long as the child runs. */
export function answerCpuQuestions(): void {
  process.on('message', (message: unknown) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send!({ cpuMicros: user + system } satisfies CpuMessage);
  });
}

/** A child's CPU time so far (user + system, microseconds); the child answers with answerCpuQuestions. */
export async function cpuMicrosOf(child: ChildProcess, what: string): Promise<number> {
  const answer = nextMessage<CpuMessage>(child, what);
  child.send('cpu');
  return (await answer).cpuMicros;
}
