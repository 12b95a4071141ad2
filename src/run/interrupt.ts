/**
 * Ctrl-C (SIGINT) and SIGTERM during a command that owns its process (certify): the first one aborts every request
 * in flight and lets the command sweep what it created, say so truthfully and exit 130 ("interrupted", never a
 * configuration error); a second one stops at once (the journal stays for `npm run cleanup`). Issue 10, defect 7.
 * A terminal's Ctrl-C reaches the whole process group, and npm passes it on to its child as well, so one key press can
 * arrive more than once: signals within SAME_INTERRUPT_MS of the first are that same interrupt (Playwright's runner
 * does the same), not the "second one" (issue 29, item 5).
 * Playwright runs (conformance, fuzz) have Playwright's own handling and do not install this.
 */
import { ConfigError } from '../config/config-error.ts';
import { EXIT_CODES } from '../config/exit-codes.ts';
import { writeErr } from '../config/terminal-text.ts';

export const INTERRUPTED_EXIT_CODE = EXIT_CODES.interrupted;

/** Signals this soon after the first are copies of it (the group's and a relay's), not a second interrupt. */
export const SAME_INTERRUPT_MS = 1000;

/** The run was stopped by a signal; printed as "Interrupted: ..." and exit code 130. */
export class RunInterrupted extends ConfigError {
  constructor(message: string) {
    super(message, 'interrupted');
  }
}

let controller: AbortController | null = null;

/** Install the handlers (once per process). Returns the signal that aborts when the first interrupt arrives. */
export function watchInterrupts(say: (line: string) => void = (line) => writeErr(`${line}\n`)): AbortSignal {
  if (controller) return controller.signal;
  const own = new AbortController();
  controller = own;
  let firstAt = 0;
  const onSignal = (name: NodeJS.Signals) => {
    if (own.signal.aborted && Date.now() - firstAt < SAME_INTERRUPT_MS) return;
    if (own.signal.aborted) {
      say(`\nInterrupted again (${name}): stopping now. Records this run may have left open: run \`npm run cleanup\`.`);
      process.exit(INTERRUPTED_EXIT_CODE);
    }
    firstAt = Date.now();
    say(`\nInterrupted (${name}): stopping; cancelling what this run created (interrupt again to stop at once).`);
    own.abort(new Error(`interrupted (${name})`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return own.signal;
}

/** The interrupt signal when this process watches for interrupts; undefined otherwise (Playwright workers). */
export function interruptSignal(): AbortSignal | undefined {
  return controller?.signal;
}

/** Throws RunInterrupted when an interrupt has arrived: call between phases. */
export function throwIfInterrupted(what: string): void {
  if (controller?.signal.aborted)
    throw new RunInterrupted(`${what} was stopped by ${String((controller.signal.reason as Error).message).replace(/^interrupted /, '')}`);
}
