// Client checks, limits (CLIENT-HONOURS-RETRY-AFTER, CLIENT-RATE): the wait a 429 asks for, and the agreed rate.
// One area of the registry joined in ../client-checks.ts.
import { parseRetryAfter } from '../../client/retry-policy.ts';
import type { SessionExchange } from '../recorded-session.ts';
import { type ClientFinding, defineClientCheck, leadingCount, requestLine, result } from './client-check.ts';

/** Clock slack between the proxy's two timestamps and the client's own timer (Retry-After). */
export const RETRY_AFTER_TOLERANCE_MS = 50;
/** A request other than the one refused that arrives this soon after a 429 may have been sent before the client read it. */
export const IN_FLIGHT_GRACE_MS = 100;

export const honoursRetryAfter = defineClientCheck({
  name: 'honoursRetryAfter',
  clause: 'CLIENT-HONOURS-RETRY-AFTER',
  run(session) {
    const limited = session.exchanges.filter(
      (ex) => ex.status === 429 && ex.answeredAt !== null && parseRetryAfter(ex.retryAfter ?? undefined, ex.answeredAt) !== null,
    );
    const findings: ClientFinding[] = [];
    const reported = new Set<number>();
    const sameRequest = (a: SessionExchange, b: SessionExchange) =>
      a.method === b.method && a.path === b.path && a.requestBody === b.requestBody;
    // The session's requests by arrival, each with its place in the session: the requests after a 429 are found by a
    // binary search, not by a scan of the whole session per 429 (a 429 storm has thousands).
    const byArrival = session.exchanges.map((ex, place) => ({ ex, place })).sort((a, b) => a.ex.arrivedAt - b.ex.arrivedAt);
    for (const r of limited) {
      const until = r.answeredAt! + parseRetryAfter(r.retryAfter!, r.answeredAt!)!;
      const first = leadingCount(byArrival, (a) => a.ex.arrivedAt <= r.answeredAt!);
      const within: Array<{ ex: SessionExchange; place: number }> = [];
      for (let i = first; i < byArrival.length && byArrival[i].ex.arrivedAt < until - RETRY_AFTER_TOLERANCE_MS; i++) {
        const { ex } = byArrival[i];
        // Another request this soon after the 429 may have been on its way before the client read it; the same request resent was not.
        if (sameRequest(ex, r) || ex.arrivedAt - r.answeredAt! >= IN_FLIGHT_GRACE_MS) within.push(byArrival[i]);
      }
      // In the session's order, as the evidence has always been told.
      const early = within.sort((a, b) => a.place - b.place).map((w) => w.ex);
      if (early.some((ex) => !reported.has(ex.seq))) {
        for (const ex of early.slice(0, 100)) reported.add(ex.seq);
        findings.push({
          message: `after the 429 to ${requestLine(r)} (Retry-After: ${r.retryAfter}), the client sent ${early.length} request(s) before the wait was over, first ${requestLine(early[0])} ${early[0].arrivedAt - r.answeredAt!} ms after`,
          expected: `no request for ${until - r.answeredAt!} ms`,
          received: `${early[0].arrivedAt - r.answeredAt!} ms`,
          evidence: [r.seq, ...early.slice(0, 100).map((e) => e.seq)],
        });
      }
    }
    const without = session.exchanges.filter((ex) => ex.status === 429).length - limited.length;
    return result(
      limited,
      findings,
      `${limited.length} answer(s) 429 with Retry-After${without ? ` (${without} without a usable Retry-After, not judged)` : ''}`,
      'the service never answered 429 with Retry-After in this session (rehearse with a rate-limited reference: docs/client-certification.md)',
    );
  },
});

export const agreedRate = defineClientCheck({
  name: 'agreedRate',
  clause: 'CLIENT-RATE',
  run(session, settings) {
    const times = session.exchanges.map((ex) => ({ seq: ex.seq, at: ex.arrivedAt })).sort((a, b) => a.at - b.at);
    let peak = { count: 0, from: 0 };
    for (let start = 0, end = 0; start < times.length; start++) {
      while (end < times.length && times[end].at < times[start].at + 1000) end++;
      if (end - start > peak.count) peak = { count: end - start, from: start };
    }
    const seen = `peak ${peak.count} request(s) in one second${settings.agreedRate === null ? '' : ` (agreed: ${settings.agreedRate}/s)`}`;
    if (settings.agreedRate === null)
      return { verdict: 'incomplete', findings: [], exercisedBy: [], note: `no agreed rate given (--agreed-rate): ${seen}` };
    const window = times.slice(peak.from, peak.from + peak.count).map((t) => t.seq);
    // The evidence: the requests of the densest second sent beyond the agreed rate.
    const beyond = window.slice(Math.floor(settings.agreedRate));
    const findings =
      peak.count > settings.agreedRate
        ? [
            {
              message: `${peak.count} requests within one second, from #${window[0]} to #${window[window.length - 1]}: ${beyond.length} beyond the agreed rate`,
              expected: `at most ${settings.agreedRate} per second`,
              received: peak.count,
              evidence: beyond.slice(0, 100),
            },
          ]
        : [];
    return result(session.exchanges, findings, seen, 'the session holds no request');
  },
});
