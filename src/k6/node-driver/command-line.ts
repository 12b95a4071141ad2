/**
 * The Node driver's command line, `<flow> --iterations <n> [--vus <n>]`, over a table of flows: the scenarios'
 * (main.ts) or the tests' flows broken on purpose (test/load/broken-flows.ts). Given the environment a k6 run is
 * given; prints one line of how the run ended and sets the exit code k6 would (0, 99 a threshold, 107 a script error).
 */
import { parseArgs } from 'node:util';
import type { FlowFactory } from '../../../load/flows/flow.ts';
import { driveFlow } from './drive.ts';

function count(text: string | undefined, name: string, fallback: number, usage: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a positive whole number, not "${text}". ${usage}`);
  return n;
}

export function driveFromCommandLine(flows: Readonly<Record<string, FlowFactory<never>>>, args: string[], usage: string): void {
  try {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { iterations: { type: 'string' }, vus: { type: 'string' } },
    });
    const [name] = positionals;
    if (positionals.length !== 1 || !Object.hasOwn(flows, name)) throw new Error(usage);
    const result = driveFlow(flows[name], {
      iterations: count(values.iterations, 'iterations', 10, usage),
      vus: count(values.vus, 'vus', 1, usage),
      env: process.env,
    });
    process.stderr.write(
      `node-driver: ${name}: ${result.iterationsDone} iteration(s)${result.stoppedBy ? `, stopped: ${result.stoppedBy}` : ''}; exit ${result.exitCode}\n`,
    );
    process.exitCode = result.exitCode;
  } catch (error) {
    process.stderr.write(`node-driver: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 107;
  }
}
