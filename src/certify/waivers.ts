/**
 * Waivers: a known failure, or a `must` clause the target cannot let the run confirm (INCOMPLETE), accepted for a
 * time by a named owner with a reason. A waived clause shows as `waived` and counts neither as a failure nor as
 * incomplete until its expiry date has passed; an expired waiver, or one for a clause that passed, is reported (so
 * waivers do not outlive the problem they covered).
 *
 * waivers.json: [{ "clause": "SUB-CREATE-NO-DEDUP", "reason": "...", "owner": "...", "expires": "2026-12-31" }]
 * (or { "waivers": [...] }). A bad file is a configuration error: one sentence, exit 2.
 */
import { readJsonFile } from '../config/read-json-file.ts';
import { isClauseId } from '../contract/clauses/catalogue.ts';
import { ConfigError } from '../config/config-error.ts';
import type { ClauseVerdict } from '../report/clause-results.ts';
import type { WaiverRow } from './report/report-model.ts';

export interface Waiver {
  clause: string;
  reason: string;
  owner: string;
  /** YYYY-MM-DD: the waiver holds through that day (UTC). */
  expires: string;
}

const FIELDS = ['clause', 'reason', 'owner', 'expires'] as const;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Checks a parsed waivers file; throws ConfigError naming the first problem and where it is. */
export function parseWaivers(json: unknown, source: string): Waiver[] {
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object' && Array.isArray((json as { waivers?: unknown }).waivers)
      ? (json as { waivers: unknown[] }).waivers
      : null;
  if (!list) throw new ConfigError(`The waivers file ${source} must hold a JSON array of waivers (or an object with a "waivers" array).`);
  const seen = new Set<string>();
  return list.map((entry, i): Waiver => {
    const where = `${source} entry ${i + 1}`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new ConfigError(`${where} is not an object with clause, reason, owner and expires.`);
    const e = entry as Record<string, unknown>;
    const unknown = Object.keys(e).filter((k) => !(FIELDS as readonly string[]).includes(k));
    if (unknown.length)
      throw new ConfigError(`${where} has unknown field(s) ${unknown.join(', ')}; a waiver has clause, reason, owner and expires.`);
    for (const field of FIELDS) {
      if (typeof e[field] !== 'string' || !(e[field] as string).trim()) throw new ConfigError(`${where} needs a non-empty "${field}".`);
    }
    const waiver = {
      clause: (e.clause as string).trim(),
      reason: (e.reason as string).trim(),
      owner: (e.owner as string).trim(),
      expires: (e.expires as string).trim(),
    };
    if (!isClauseId(waiver.clause))
      throw new ConfigError(`${where} names clause "${waiver.clause}", which is not in the clause catalogue.`);
    if (!isCalendarDate(waiver.expires)) throw new ConfigError(`${where} has expires "${waiver.expires}"; write a date as YYYY-MM-DD.`);
    if (seen.has(waiver.clause)) throw new ConfigError(`${where} waives ${waiver.clause} a second time; keep one waiver per clause.`);
    seen.add(waiver.clause);
    return waiver;
  });
}

export function loadWaivers(path: string): Waiver[] {
  return parseWaivers(readJsonFile(path, 'waivers file'), `"${path}"`);
}

/** Today's date as YYYY-MM-DD in UTC (waiver expiry is compared as a date, not an instant). */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function isExpired(waiver: Waiver, today: string): boolean {
  return waiver.expires < today;
}

/**
 * What each waiver does in this run, given the clause verdicts and the `must` clauses left unconfirmed: `applied` (a
 * failing or unconfirmed clause, waiver in force), `expired` (past its date: the clause counts again), `not-needed`
 * (the clause passed, or is not one the verdict counts).
 */
export function judgeWaivers(
  waivers: readonly Waiver[],
  verdicts: ReadonlyMap<string, ClauseVerdict>,
  today: string,
  unconfirmed: ReadonlySet<string> = new Set(),
): WaiverRow[] {
  return waivers.map((w): WaiverRow => {
    const verdict = verdicts.get(w.clause);
    const open = verdict === 'fail' ? 'failure' : unconfirmed.has(w.clause) ? 'unconfirmed clause' : null;
    if (isExpired(w, today)) {
      const effect =
        open === 'failure'
          ? 'the failure counts against the verdict'
          : open
            ? 'the clause counts as not confirmed (INCOMPLETE)'
            : `the clause did not fail (${verdict ?? 'not run'}); remove the waiver`;
      return { ...w, state: 'expired', note: `expired on ${w.expires}: ${effect}` };
    }
    if (open) return { ...w, state: 'applied', note: `${open} waived until ${w.expires} (owner ${w.owner})` };
    return { ...w, state: 'not-needed', note: `the clause did not fail in this run (${verdict ?? 'not run'}); the waiver can be removed` };
  });
}

/** A `must` clause no passing test confirmed: what makes a verdict INCOMPLETE, unless waived. */
export function isUnconfirmed(c: { kind: string; verdict: ClauseVerdict }): boolean {
  return c.kind === 'must' && (c.verdict === 'skipped' || c.verdict === 'not-covered');
}
