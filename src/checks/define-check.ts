/**
 * One way to register a check, for every kind of check the project has: exchange checks (each answer the suite's
 * client sees, src/checks/exchange-checks.ts) and client checks (a recorded session of a partner's client,
 * src/client-certification/client-checks.ts). A check declares its name, the clauses it may report and when it applies;
 * its run gets the helpers of its kind (`fail(expected, received, message)` builds a failure that names the check, its
 * clause and the evidence). A registry refuses two checks of one name when it loads, as Schemathesis' registry does.
 */
import type { ClauseId } from '../contract/clauses/catalogue.ts';

export interface Check<S, C, R> {
  readonly name: string;
  /** The clauses this check can report (coverage, `npm run clauses`, the reports). */
  readonly clauses: readonly ClauseId[];
  /** Whether the check has anything to judge in this subject; `run` answers "nothing found" when it has not. */
  appliesTo(subject: S, context: C): boolean;
  run(subject: S, context: C): R;
}

/** A check as it is written: `run` gets the helpers of its kind, bound to this check and this subject. */
export interface CheckSpec<S, C, R, T> {
  name: string;
  clauses: readonly ClauseId[];
  /** Left out: the check applies to every subject (and says itself when there is nothing to judge). */
  appliesTo?: (subject: S, context: C) => boolean;
  run(subject: S, context: C, tools: T): R;
}

/** A kind of check: what a check of it answers when it does not apply, and the helpers its checks get. */
export interface CheckKind<S, C, R, T> {
  notApplicable(subject: S, context: C): R;
  tools(check: { readonly name: string; readonly clauses: readonly ClauseId[] }, subject: S): T;
}

export function defineCheck<S, C, R, T>(kind: CheckKind<S, C, R, T>, spec: CheckSpec<S, C, R, T>): Check<S, C, R> {
  if (spec.clauses.length === 0) throw new Error(`Check "${spec.name}" declares no clause: every check reports under one.`);
  const appliesTo = spec.appliesTo ?? (() => true);
  const named = { name: spec.name, clauses: spec.clauses };
  return {
    ...named,
    appliesTo,
    run: (subject, context) =>
      appliesTo(subject, context) ? spec.run(subject, context, kind.tools(named, subject)) : kind.notApplicable(subject, context),
  };
}

/** The checks of one kind, in the order they run; two of one name are refused at load (a name is how a failure is traced). */
export function checkRegistry<K extends { readonly name: string }>(kind: string, checks: readonly K[]): readonly K[] {
  const seen = new Set<string>();
  for (const check of checks) {
    if (seen.has(check.name)) throw new Error(`Two ${kind} checks are named "${check.name}": a check's name must say which one failed.`);
    seen.add(check.name);
  }
  return checks;
}
