// A clean checkout of the repository for a test that runs commands as a user or a CI job would: every top-level
// entry linked to the working copy, except reports/ and .env files (left out: a clone has neither) and the folders a
// command may write into (copied: profiles/, and those the caller names). No .env, no reports of earlier runs.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Left out: what a run writes, the repository's history. */
const LEFT_OUT = ['reports', '.git'];
/** Copied always: a user writes their profile beside the example (`--init-profile profiles/staging.json`). */
const COPIED = ['profiles'];

/**
 * A temporary checkout; `copied` names top-level folders copied instead of linked (a command writes into them).
 * reports/load/ exists, as in a clone (k6 creates no folders).
 */
export function cleanCheckout(copied: readonly string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'osd-checkout-'));
  for (const name of readdirSync(ROOT)) {
    if (LEFT_OUT.includes(name) || (name.startsWith('.env') && name !== '.env.example')) continue;
    if ([...COPIED, ...copied].includes(name)) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
    else symlinkSync(join(ROOT, name), join(dir, name));
  }
  mkdirSync(join(dir, 'reports/load'), { recursive: true });
  return dir;
}
