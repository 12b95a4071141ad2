/**
 * The proxy's console: a line per exchange (and one per finding), but never a flood. At a few requests a second a
 * partner reads every line; at thousands a second the lines would cost more than the relaying and scroll past
 * unread. So each second prints at most `linesPerSecond` exchanges that found nothing, then one line counting the
 * rest; an exchange with a finding is always printed. Every exchange is in the session either way.
 */
import type { ServiceFinding, SessionExchange } from '../client-certification/session.ts';

export interface ProgressLinesOptions {
  write(text: string): void;
  /** The client findings of a request (the client checks that look at one request alone). */
  clientFindings(ex: SessionExchange): Array<{ clause: string; message: string }>;
  linesPerSecond?: number;
  now?: () => number;
}

export interface ProgressLines {
  /** Prints an exchange's line, or counts it when this second's lines are spent. */
  exchange(ex: SessionExchange): void;
  /** Prints the count of exchanges not shown so far, if any. */
  flush(): void;
}

export function progressLines(options: ProgressLinesOptions): ProgressLines {
  const budget = options.linesPerSecond ?? 20;
  const now = options.now ?? Date.now;
  let second = -1;
  let printed = 0;
  let unshown = 0;
  const flush = () => {
    if (unshown > 0) options.write(`    ... ${unshown} more exchange(s) with nothing found, not shown (all are in the session)\n`);
    unshown = 0;
  };
  return {
    exchange(ex) {
      const thisSecond = Math.floor(now() / 1000);
      if (thisSecond !== second) {
        flush();
        second = thisSecond;
        printed = 0;
      }
      const client = options.clientFindings(ex);
      const service: ServiceFinding[] = ex.serviceFindings;
      if (printed >= budget && client.length === 0 && service.length === 0) {
        unshown++;
        return;
      }
      printed++;
      const took =
        ex.answeredAt === null ? ex.outcome : `${ex.answeredAt - ex.arrivedAt} ms${ex.outcome === 'answered' ? '' : `, ${ex.outcome}`}`;
      let text = `#${ex.seq} ${ex.method} ${ex.path} -> ${ex.status ?? '-'} (${took})\n`;
      for (const f of client) text += `    client ${f.clause}: ${f.message}\n`;
      for (const f of service) text += `    service ${f.clause}: ${f.message}\n`;
      options.write(text);
    },
    flush,
  };
}
