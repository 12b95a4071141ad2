// FUZZ_MAX_WRITES is a cap on the whole run: workers claim from one budget and never exceed it together.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import assert from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import { propertyAllowance, WRITE_SHARES } from '../../fuzz/runner.ts';
import { PropertyShare, WriteBudget, WriteBudgetSpent } from '../../fuzz/write-budget.ts';

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'fuzz-budget-')), 'writes');

test('a capped budget gives out exactly its writes, then refuses', () => {
  const budget = new WriteBudget(3, freshDir());
  expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  expect(budget.remaining()).toBe(0);
  expect(() => budget.claim()).toThrow(WriteBudgetSpent);
});

test('two budgets on one folder (two workers) share the cap', () => {
  const dir = freshDir();
  const a = new WriteBudget(4, dir);
  const b = new WriteBudget(4, dir);
  expect([a.take(), b.take(), a.take(), b.take()]).toEqual([true, true, true, true]);
  expect([a.take(), b.take()]).toEqual([false, false]);
});

test('an uncapped budget (local default) never refuses and writes nothing', () => {
  const dir = freshDir();
  const budget = new WriteBudget(Infinity, dir);
  // Node's assert in the loop: each expect() records a step with its stack, some 0.3 ms a call.
  for (let i = 0; i < 1000; i++) assert.equal(budget.take(), true, `take ${i + 1} refused`);
  expect(budget.remaining()).toBe(Infinity);
  expect(existsSync(dir)).toBe(false);
});

test('processes claiming at the same time never exceed the cap together', async () => {
  const dir = freshDir();
  const script = resolve(import.meta.dirname, 'claim-writes.ts');
  const runs = await Promise.all([1, 2, 3].map(() => promisify(execFile)(process.execPath, ['--import', 'tsx', script, '40', dir])));
  const taken = runs.map((r) => Number(r.stdout));
  expect(taken.reduce((sum, n) => sum + n, 0)).toBe(40);
});

test('a released token (a refused create: no record) can be claimed again, by any worker', () => {
  const dir = freshDir();
  const [a, b] = [new WriteBudget(2, dir), new WriteBudget(2, dir)];
  const first = a.claim();
  b.claim();
  expect(a.take()).toBe(false);
  a.release(first);
  expect(a.remaining()).toBe(1);
  expect(b.take(), 'a token below the hint is found again').toBe(true);
  expect(a.take()).toBe(false);
});

test("a property's share: it keeps what its share allows, then stops, whatever other properties spent; shrinking draws on the run's", () => {
  const share = new PropertyShare(propertyAllowance(50, { writesPerRun: 1, refusedByDesign: true }));
  expect(share.allowance).toBe(1);
  share.check(); // the first accepted create is allowed
  share.recordKept();
  expect(() => share.check()).toThrow(/share of the write budget \(1 record\(s\)\) is spent/);
  share.startShrinking();
  expect(() => share.check()).not.toThrow();
});

test('the shares of a budget are fixed by the property alone: writeShares of WRITE_SHARES, at least one case', () => {
  expect(propertyAllowance(50, { writesPerRun: 1, writeShares: 6 })).toBe(Math.floor((50 * 6) / WRITE_SHARES));
  expect(propertyAllowance(50, { writesPerRun: 1 })).toBe(1);
  expect(propertyAllowance(5, { writesPerRun: 3, writeShares: 2 })).toBe(3);
  expect(propertyAllowance(300, { writesPerRun: 1, refusedByDesign: true })).toBe(10);
  expect(propertyAllowance(Infinity, { writesPerRun: 1 })).toBe(Infinity);
  expect(propertyAllowance(50, {})).toBe(Infinity);
});

test('a property a lenient target keeps accepting stops at its share and leaves the others theirs, in any order', () => {
  // As FuzzRunner.create spends: the property's share first, then a token of the run's budget, kept when a record is made.
  const keep = (share: PropertyShare, budget: WriteBudget): boolean => {
    try {
      share.check();
      budget.claim();
      share.recordKept();
      return true;
    } catch (error) {
      if (error instanceof WriteBudgetSpent) return false;
      throw error;
    }
  };
  for (const order of ['refused first', 'valid first'] as const) {
    const budget = new WriteBudget(50, freshDir());
    const refused = new PropertyShare(propertyAllowance(50, { writesPerRun: 1, refusedByDesign: true }));
    const valid = new PropertyShare(propertyAllowance(50, { writesPerRun: 1, writeShares: 6 }));
    const spend = (share: PropertyShare) => Array.from({ length: 40 }, () => keep(share, budget)).filter(Boolean).length;
    const kept = order === 'refused first' ? [spend(refused), spend(valid)] : [spend(valid), spend(refused)].reverse();
    expect(kept, order).toEqual([1, 10]);
  }
});
