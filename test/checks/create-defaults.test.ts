// SUB-CREATE-DEFAULTS (src/checks/create-checks.ts checkCreateDefaults), as cases: a record made from a body with
// neither subscriptionType nor subscriptionCategory. subscriptionCategory is optional in a response, so a record may
// leave it out (observed); one that carries it must carry the default.
import { expect, test } from '@playwright/test';
import { checkCreateDefaults } from '../../src/checks/create-checks.ts';
import { Verdict } from '../../src/checks/test-verdict.ts';
import type { Subscription } from '../../src/contract/types.ts';
import { DEFAULT_PROFILE } from '../../src/config/target-profile.ts';
import { exchange, subscription } from './samples.ts';

const CASES: ReadonlyArray<{ description: string; fields: Record<string, unknown>; fails: boolean; observed: boolean }> = [
  {
    description: 'both defaults',
    fields: { subscriptionType: 'discretionary_qualified', subscriptionCategory: 'professional' },
    fails: false,
    observed: false,
  },
  {
    description: 'the type default, the category left out',
    fields: { subscriptionType: 'discretionary_qualified', subscriptionCategory: undefined },
    fails: false,
    observed: true,
  },
  {
    description: 'another category',
    fields: { subscriptionType: 'discretionary_qualified', subscriptionCategory: 'retail' },
    fails: true,
    observed: false,
  },
  {
    description: 'another type, the category left out',
    fields: { subscriptionType: 'xo_qualified', subscriptionCategory: undefined },
    fails: true,
    observed: true,
  },
  { description: 'neither field', fields: { subscriptionType: undefined, subscriptionCategory: undefined }, fails: true, observed: true },
];

for (const c of CASES) {
  test(`create defaults: ${c.description}`, () => {
    const record = { ...subscription(), ...c.fields };
    for (const [field, value] of Object.entries(c.fields)) if (value === undefined) delete record[field];
    const verdict = new Verdict({ profile: DEFAULT_PROFILE, strict: false });
    checkCreateDefaults(
      verdict,
      record as unknown as Subscription,
      exchange({ operation: 'subscription.create', status: 201, body: record }),
    );
    expect({
      fails: verdict.failures.some((f) => f.clause === 'SUB-CREATE-DEFAULTS'),
      observed: verdict.observations.some((o) => o.key === 'defaults.subscriptionCategory.withheld'),
    }).toEqual({ fails: c.fails, observed: c.observed });
  });
}
