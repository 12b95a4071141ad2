// Fault switches: each one, alone, observably breaks its own probe on the wire while the correct
// reference passes it; names, clauses and documentation stay in step with the table.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { getClause, isBinding } from '../../src/contract/clauses/catalogue.ts';
import { FAULTS, UnknownFaultError, behaviourWith } from '../../reference/faults.ts';
import { buildServer, call } from './helpers.ts';
import { FAULT_PROBES } from './fault-probes.ts';

test('there are at least 24 faults, with unique names, each naming must-clauses a suite can test', () => {
  expect(FAULTS.length).toBeGreaterThanOrEqual(24);
  expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
  for (const fault of FAULTS) {
    expect(fault.clauses.length, fault.name).toBeGreaterThan(0);
    for (const id of fault.clauses) {
      const clause = getClause(id);
      expect(isBinding(clause.kind), `${fault.name} -> ${id} (${clause.kind})`).toBe(true);
      expect((clause as { notTestable?: string }).notTestable, `${fault.name} -> ${id}`).toBeUndefined();
    }
  }
});

test('an unknown fault name is refused in one sentence naming the closest valid names', async () => {
  expect(() => behaviourWith(['no-such-fault'])).toThrow(UnknownFaultError);
  await expect(buildServer({ faults: ['limit-ignored', 'no-such-fault'] })).rejects.toThrow(
    /^Unknown fault switch "no-such-fault"; closest: [a-z0-9-]+, [a-z0-9-]+, [a-z0-9-]+ \(npm run serve -- --list-faults lists all \d+\)\.$/,
  );
});

test('reference/README.md lists every fault', () => {
  const readme = readFileSync(new URL('../../reference/README.md', import.meta.url), 'utf8');
  for (const fault of FAULTS) expect(readme, fault.name).toContain(`\`${fault.name}\``);
});

for (const fault of FAULTS) {
  const probe = FAULT_PROBES[fault.name];
  test(`fault ${fault.name} (${fault.clauses.join(', ')}) breaks on the wire: ${probe.expectation}`, async () => {
    const correct = await buildServer();
    const onCorrect = await probe.run(correct);
    expect(onCorrect.ok, `correct reference: ${onCorrect.seen}`).toBe(true);
    await correct.close();

    const faulty = await buildServer({ faults: [fault.name] });
    const onFaulty = await probe.run(faulty);
    expect(onFaulty.ok, `with ${fault.name}: ${onFaulty.seen}`).toBe(false);
    await faulty.close();
  });
}

test('faults compose: several at once each show their effect', async () => {
  const app = await buildServer({ faults: ['limit-ignored', 'status-uppercase', 'secret-not-checked'] });
  for (const name of ['limit-ignored', 'status-uppercase', 'secret-not-checked'] as const) {
    expect((await FAULT_PROBES[name].run(app)).ok, name).toBe(false);
  }
  // ...and leave the rest alone.
  expect((await FAULT_PROBES['offer-type-uppercase'].run(app)).ok).toBe(true);
  expect((await FAULT_PROBES['cancel-unknown-200'].run(app)).ok).toBe(true);
  expect((await call(app, { url: '/offer?limit=-1' })).status).toBe(400);
  await app.close();
});

test('a faulty server still never answers bad input with a 5xx unless that is its fault', async () => {
  for (const fault of FAULTS.filter((f) => !(f.clauses as readonly string[]).includes('GEN-FAILURE-4XX'))) {
    const app = await buildServer({ faults: [fault.name] });
    for (const body of ['{oops', '[]', JSON.stringify({ currency: 'XXX' })]) {
      const answer = await call(app, { method: 'POST', url: '/subscription', body });
      expect(answer.status, `${fault.name}: ${body}`).toBeLessThan(500);
    }
    await app.close();
  }
});
