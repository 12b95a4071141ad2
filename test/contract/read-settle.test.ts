// The pauses between reads of a write not shown yet (src/contract/read-settle.ts), shared by the k6 flow and the suite.
import { expect, test } from '@playwright/test';
import { settlePauses } from '../../src/contract/read-settle.ts';

const CASES: ReadonlyArray<{ windowMs: number; pauses: number[] }> = [
  { windowMs: 0, pauses: [] },
  { windowMs: 120, pauses: [50, 70] },
  { windowMs: 2000, pauses: [50, 100, 200, 400, 500, 500, 250] },
];

for (const c of CASES)
  test(`a window of ${c.windowMs} ms: pauses ${c.pauses.join(', ') || 'none'}, summing to the window`, () => {
    expect(settlePauses(c.windowMs)).toEqual(c.pauses);
    expect(settlePauses(c.windowMs).reduce((a, b) => a + b, 0)).toBe(c.windowMs);
  });
