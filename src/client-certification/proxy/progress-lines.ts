/**
 * The proxy's console: a line per exchange (and one per finding), but never a flood. At a few requests a second a
 * partner reads every line; at thousands a second the lines would cost more than the relaying and scroll past
 * unread. So each second prints at most `linesPerSecond` exchanges that found nothing, then one line counting the
 * rest; an exchange with a finding is always printed. Every exchange is in the session either way.
 */
import { requestFindings } from '../client-checks.ts';
import type { ServiceFinding, SessionExchange } from '../recorded-session.ts';

export interface ProgressLinesOptions {
  write(text: string): void;
  /**
   * The client findings of a request (the client checks that look at one request alone; by default the catalogue's,
   * `requestFindings`). They read the request only (method, target, headers, body), so a request shaped like one
   * that was found clean is clean too, and is not checked again.
   */
  clientFindings?(ex: SessionExchange): Array<{ clause: string; message: string }>;
  linesPerSecond?: number;
  now?: () => number;
}

export interface ProgressLines {
  /** Prints an exchange's line, or counts it when this second's lines are spent. */
  exchange(ex: SessionExchange): void;
  /** Prints the count of exchanges not shown so far, if any. */
  flush(): void;
}

/** Clean request shapes remembered: a client repeats a few requests (a poll, a page walk) over and over. */
const CLEAN_SHAPES_REMEMBERED = 256;

export function progressLines(options: ProgressLinesOptions): ProgressLines {
  const budget = options.linesPerSecond ?? 20;
  const now = options.now ?? Date.now;
  const findingsOf = options.clientFindings ?? requestFindings;
  // Running every per-request check on each of thousands of requests a second cost the proxy a third more CPU per
  // request than the relaying, recording and answer checks together (measured): the shapes found clean are skipped.
  const cleanShapes = new Set<string>();
  // The recorder hands on one headers object for a run of requests with the same headers: serialized once for the run.
  const headerTexts = new WeakMap<object, string>();
  const headersText = (headers: Record<string, string>) => {
    let text = headerTexts.get(headers);
    if (text === undefined) {
      text = JSON.stringify(headers);
      headerTexts.set(headers, text);
    }
    return text;
  };
  const clientFindings = (ex: SessionExchange) => {
    const shape = `${ex.method} ${ex.path}\n${headersText(ex.requestHeaders)}\n${ex.requestBody ?? ''}`;
    if (cleanShapes.has(shape)) return [];
    const found = findingsOf(ex);
    if (found.length === 0) {
      if (cleanShapes.size >= CLEAN_SHAPES_REMEMBERED) cleanShapes.delete(cleanShapes.values().next().value!);
      cleanShapes.add(shape);
    }
    return found;
  };
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
      const client = clientFindings(ex);
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
