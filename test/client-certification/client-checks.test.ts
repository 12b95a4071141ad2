// Each client check on small sessions given as data (client-checks.cases.ts): pass, fail with the right
// requests as evidence, or incomplete when the session never showed the duty.
import { expect, test } from '@playwright/test';
import { clientChecks, requestFindings } from '../../src/client-certification/client-checks.ts';
import { SESSION_FORMAT, type Session, type SessionExchange } from '../../src/client-certification/recorded-session.ts';
import { clientCheckCases, settingsOf } from './client-checks.cases.ts';

const sessionOf = (exchanges: SessionExchange[]): Session => ({
  header: { type: 'session', format: SESSION_FORMAT, startedAt: '', target: '', bundledReference: true, profile: {} },
  exchanges,
  end: null,
});

for (const c of clientCheckCases) {
  test(`${c.clause}: ${c.name} -> ${c.verdict}`, () => {
    const check = clientChecks.find((x) => x.clause === c.clause)!;
    const result = check.run(sessionOf(c.exchanges), settingsOf(c));
    expect(result.verdict, result.findings[0]?.message ?? result.note).toBe(c.verdict);
    if (c.evidence) expect(result.findings.flatMap((f) => f.evidence)).toEqual(c.evidence);
  });
}

// The proxy's console skips a request shaped like one found clean (src/client-certification/proxy/progress-lines.ts): sound only while the
// per-request checks read the request alone. The answer's fields are changed under them here; no finding may change.
test('the per-request checks read the request only: what the answer was changes none of their findings', () => {
  const exchanges = clientCheckCases.flatMap((c) => c.exchanges);
  expect(exchanges.some((ex) => requestFindings(ex).length > 0)).toBe(true);
  for (const ex of exchanges) {
    const otherAnswer: SessionExchange = {
      ...ex,
      status: ex.status === 500 ? 201 : 500,
      outcome: ex.outcome === 'answered' ? 'upstream-error' : 'answered',
      answeredAt: ex.answeredAt === null ? ex.arrivedAt + 9 : null,
      retryAfter: '7',
      responseItems: 3,
      serviceFindings: [{ clause: 'OFFER-SCHEMA', check: 'schema', message: 'x' }],
    };
    expect(requestFindings(otherAnswer), `#${ex.seq} ${ex.method} ${ex.path}`).toEqual(requestFindings(ex));
  }
});
