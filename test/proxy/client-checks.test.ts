// Each client check on small sessions given as data (client-checks.cases.ts): pass, fail with the right
// requests as evidence, or incomplete when the session never showed the duty.
import { expect, test } from '@playwright/test';
import { clientChecks } from '../../src/client-certification/client-checks.ts';
import { SESSION_FORMAT, type Session, type SessionExchange } from '../../src/client-certification/session.ts';
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
