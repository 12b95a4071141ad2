/**
 * The verdict's "not confirmed" reasons, told once per cause. One fault can leave dozens of must clauses unconfirmed
 * for one reason ("its tests failed on OFFER-SCHEMA"; "no test of this run covers it" for a `--clauses` run): the
 * reports and the console say "33 clauses not confirmed: their tests failed on OFFER-SCHEMA" and fold the list,
 * instead of 33 lines under the one real failure. Pure module, shared by the HTML, Markdown and console writers.
 */
import { forTerminal } from '../../config/terminal-text.ts';
import { plural, readUnconfirmed } from '../../report/unconfirmed-reason.ts';
import type { CertificationReport } from './report-model.ts';

export interface UnconfirmedGroup {
  /** The reason as the verdict gave it for one clause ("its tests failed on OFFER-SCHEMA"). */
  why: string;
  /** The clauses with that reason, in the report's order. */
  ids: string[];
  /** The one line that tells the group: "ID not confirmed: why", or "N clauses not confirmed: their ...". */
  sentence: string;
}

/** A verdict reason as it reads, or a group of "not confirmed" reasons told once. */
export type ReasonItem = { reason: string } | { group: UnconfirmedGroup };

/**
 * The report's verdict reasons in their order, the "not confirmed" ones grouped by their reason: a group stands where
 * its first clause's reason stood, every other reason as it was.
 */
export function foldUnconfirmed(r: Pick<CertificationReport, 'verdictReasons' | 'clauses'>): ReasonItem[] {
  const clauseIds = new Set(r.clauses.map((c) => c.id));
  const items: ReasonItem[] = [];
  const byWhy = new Map<string, UnconfirmedGroup>();
  for (const reason of r.verdictReasons) {
    const m = readUnconfirmed(reason);
    if (!m || !clauseIds.has(m.id)) {
      items.push({ reason });
      continue;
    }
    const { id, why } = m;
    const group = byWhy.get(why);
    if (group) group.ids.push(id);
    else {
      const created: UnconfirmedGroup = { why, ids: [id], sentence: '' };
      byWhy.set(why, created);
      items.push({ group: created });
    }
  }
  for (const g of byWhy.values())
    g.sentence = g.ids.length === 1 ? `${g.ids[0]} not confirmed: ${g.why}` : `${g.ids.length} clauses not confirmed: ${plural(g.why)}`;
  return items;
}

/** The groups alone (for the writers that list the unconfirmed clauses apart from the other reasons). */
export const unconfirmedGroups = (r: Pick<CertificationReport, 'verdictReasons' | 'clauses'>): UnconfirmedGroup[] =>
  foldUnconfirmed(r).flatMap((item) => ('group' in item ? [item.group] : []));

/** IDs as lines of at most `width` characters, comma-separated (the console's folded list). */
export function wrapIds(ids: readonly string[], width = 96): string[] {
  const lines: string[] = [];
  let line = '';
  for (const [i, id] of ids.entries()) {
    const word = `${id}${i < ids.length - 1 ? ',' : ''}`;
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The verdict's reasons for the console: at most 12 items, the "not confirmed" ones told once per reason with their
 * clause IDs folded into a few lines under it.
 */
/** Under a failing clause's reason, what its first finding expected and received (as Schemathesis users read it). */
function expectedReceived(report: Pick<CertificationReport, 'clauses'>, reason: string): string[] {
  const id = /^([A-Z0-9-]+)(?: \([^)]*\))? fails\b/.exec(reason)?.[1];
  const f =
    id &&
    report.clauses
      .find((c) => c.id === id && c.status === 'fail')
      ?.failures.find((x) => x.expected !== undefined || x.received !== undefined);
  if (!f) return [];
  const shown = (v: unknown) => {
    const s = forTerminal(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')).replace(/\n/g, ' ');
    return s.length > 160 ? `${s.slice(0, 160)}…` : s;
  };
  return [`      expected: ${shown(f.expected)}`, `      received: ${shown(f.received)}`];
}

export function reasonConsoleLines(report: Pick<CertificationReport, 'verdictReasons' | 'clauses'>): string[] {
  const items = foldUnconfirmed(report);
  const lines = items.slice(0, 12).flatMap((item) => {
    if ('reason' in item) return [`  - ${item.reason}`, ...expectedReceived(report, item.reason)];
    const g = item.group;
    return g.ids.length === 1 ? [`  - ${g.sentence}`] : [`  - ${g.sentence}`, ...wrapIds(g.ids).map((l) => `      ${l}`)];
  });
  if (items.length > 12) lines.push(`  (${items.length - 12} more in the report)`);
  return lines;
}
