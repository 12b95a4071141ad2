/**
 * Runs one fast-check property against the target, the way the fuzz suite needs it:
 *
 * - each case gets its own Verdict, fed by the exchange checks of every response it caused plus the
 *   property's own checks; a case fails when that verdict has failures on the property's clauses, so
 *   fast-check can shrink; failures only on other clauses are reported as met, not shrunk (see
 *   `isCollateral`);
 * - bounded: FUZZ_RUNS cases, FUZZ_TIME_LIMIT per property, FUZZ_SHRINK_TIME_LIMIT for shrinking, and
 *   every create claims a write from the run's budget (FUZZ_MAX_WRITES);
 * - replayable: FUZZ_SEED / FUZZ_PATH replay a recorded case exactly (no further shrinking);
 * - reported: the shrunk case's failures go into the test's verdict (so the clause report names the
 *   clause), and the seed, path, counterexample and replay command are printed, attached to the test
 *   and written to `${REPORTS_DIR}/fuzz/<property>.json`.
 */
import fc from 'fast-check';
import type { Arbitrary, IRawProperty, Parameters as CheckParameters, Plugin, RunDetails } from 'fast-check';
import type { TestInfo } from '@playwright/test';
import type { ApiClient } from '../src/client/api-client.ts';
import { Verdict } from '../src/checks/test-verdict.ts';
import type { CheckFailure, Limitation, Observation, StrictnessFinding } from '../src/checks/types.ts';
import { describeRunFailure, showValue } from '../src/arbitraries/assert.ts';
import type { SuiteFixture } from '../src/harness/fixtures.ts';
import { clauseTags } from '../src/report/clause-results.ts';
import type { FuzzOptions } from './fuzz-settings.ts';
import { claimCollateral } from './collateral-claims.ts';
import { grepFor, replayCommand, writeRunRecord, type FuzzRunRecord } from './record.ts';
import { PropertyShare, WriteBudgetSpent, type WriteBudget } from './write-budget.ts';
import { wholeListBound } from '../src/checks/bounded-walk.ts';
import { collectBetweenCases } from '../src/harness/heap-hygiene.ts';

/** One property: how cases are generated, and what one case sends and checks. */
export interface FuzzProperty<T> {
  arbitrary: Arbitrary<T>;
  /** One case: send its request(s) through the runner (`fuzz.api`, `fuzz.create`) and check them into `verdict`. */
  run(value: T, verdict: Verdict): Promise<void>;
  /** Creates one case makes at most; 0 (default) for a read-only property. */
  writesPerRun?: number;
  /**
   * Every create of a case is one the contract requires the target to refuse (an invalid body): on a
   * correct target it leaves no record, so it costs the write budget nothing and the property runs
   * FUZZ_RUNS cases. A create the target accepts anyway still takes its token: the budget caps real
   * records whatever the target does.
   */
  refusedByDesign?: boolean;
  /** Shares of a capped write budget this property may plan on (default 1, of WRITE_SHARES): where writes find most. */
  writeShares?: number;
  /** Cases to run instead of FUZZ_RUNS (a sequence property runs fewer, longer cases). */
  runs?: number;
  /** Why `runs` is fewer than FUZZ_RUNS, where the report should say so (a test annotation "cases"). */
  runsNote?: string;
}

/** Thrown by a case that cannot be judged (the list it reads changed under it): skipped, not failed. */
export class CaseSkipped extends Error {
  override readonly name = 'CaseSkipped';
}

/**
 * A property that makes records plans at most writeShares/WRITE_SHARES of a capped budget (at least one
 * case), so however the properties are ordered, each gets its share; shrinking draws on what is left,
 * and the budget itself is the hard cap. The shares of the fuzz project's writing properties add up to
 * at most this (a test checks).
 */
export const WRITE_SHARES = 30;

/**
 * The records a property may keep under a capped budget of `max`: its writeShares/WRITE_SHARES of it (at least one
 * case's worth); a property whose creates the contract requires refused plans on none, and may keep one share's worth
 * of creates a lenient target accepts. Infinity when uncapped or read-only.
 */
export function propertyAllowance(
  max: number,
  property: Pick<FuzzProperty<unknown>, 'writesPerRun' | 'refusedByDesign' | 'writeShares'>,
): number {
  const writesPerRun = property.writesPerRun ?? 0;
  if (writesPerRun === 0 || !Number.isFinite(max)) return Infinity;
  const shares = property.refusedByDesign ? 1 : (property.writeShares ?? 1);
  return Math.max(writesPerRun, Math.floor((max * shares) / WRITE_SHARES));
}

type RunOutcome = ReturnType<IRawProperty<unknown, boolean>['run']>;
type SettledRun = Awaited<RunOutcome>;
const isFailure = (r: SettledRun): boolean => r !== null && !fc.PreconditionFailure.isFailure(r);

/**
 * A fast-check plugin capping the time spent shrinking: once `ms` have passed since the first failing
 * case, no further case runs and the smallest failing case found so far is the counterexample.
 */
export function shrinkTimeLimit<Ts>(ms: number, now: () => number = () => performance.now()): Plugin<Ts> {
  return () => {
    let firstFailureAt: number | null = null;
    const note = (result: SettledRun): SettledRun => {
      if (firstFailureAt === null && isFailure(result)) firstFailureAt = now();
      return result;
    };
    return {
      decorateRun: (nested) => (value) => {
        if (firstFailureAt !== null && now() - firstFailureAt >= ms) return new fc.PreconditionFailure(true) as never;
        const out = nested(value) as RunOutcome;
        return (out !== null && typeof out === 'object' && 'then' in out ? out.then(note) : note(out as SettledRun)) as never;
      },
    };
  };
}

/**
 * A case's failures that are not the property's business: every one on a clause the property does not check (its
 * tags), and no error. Such a case fails whatever its value (an offer failing its schema in every list a
 * pagination law reads), so shrinking it would re-send the requests of many smaller cases to show the same deviation,
 * and stopping there would end the property's search for its own law. Instead the case counts as passed for
 * fast-check, the deviation is reported once with the first case that met it, and the property runs on.
 */
export function isCollateral(failures: readonly CheckFailure[], error: unknown, propertyClauses: ReadonlySet<string>): boolean {
  return error === null && failures.length > 0 && failures.every((f) => !propertyClauses.has(f.clause));
}

/** A value shown in a one-line message: cut short past a few hundred characters (the replay command rebuilds it). */
const shortened = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/**
 * The replay path fast-check prints with a failing sequence of commands (fc.commands): a sequence is
 * shrunk by what ran, so seed and path alone do not rebuild it (FUZZ_REPLAY_PATH). Null for other values.
 */
export function commandsReplayPath(value: unknown): string | null {
  return /\/\*replayPath="([^"]+)"\*\/\s*$/.exec(fc.stringify(value))?.[1] ?? null;
}

export interface FuzzRunnerDeps {
  /** The worker's client (the test's verdict, listening to it, is muted while a property runs). */
  client: ApiClient;
  suite: SuiteFixture;
  options: FuzzOptions;
  budget: WriteBudget;
  /** The test's verdict: gets the shrunk case's failures and every case's observations. */
  verdict: Verdict;
  testInfo: TestInfo;
}

interface FailedCase {
  failures: CheckFailure[];
  error: unknown;
}

export class FuzzRunner {
  /** True while a case makes a read that is its instrument, not its subject (see `aside`). */
  private asideDepth = 0;
  /** The running property's own share of the write budget (set by `check`). */
  private share = new PropertyShare(Infinity);

  constructor(private readonly deps: FuzzRunnerDeps) {}

  /**
   * A read a case makes to verify something (is a record left behind? did the list change?), not
   * the request the property is about: its response is not judged by the case's verdict. Otherwise a
   * record another test left in a shared list would fail every case, whatever its value, and the
   * shrunk case would say nothing. Those reads are judged where they are the subject (list laws,
   * conformance).
   */
  async aside<T>(read: () => Promise<T>): Promise<T> {
    this.asideDepth++;
    try {
      return await read();
    } finally {
      this.asideDepth--;
    }
  }

  /**
   * A read a property makes before its cases to choose what they write to (which offers closed since the run listed
   * them): an instrument as well, judged where it is the subject (the offers tests), not in this property's verdict.
   * Otherwise a deviation of GET /offer would fail every property that writes (src/harness/shared-facts.ts).
   */
  beforeCases<T>(read: () => Promise<T>): Promise<T> {
    return this.deps.verdict.whileMuted(read);
  }

  /**
   * A read the property's cases are compared with (the full list every page must be a slice of), made in the test
   * before the cases. Judged in this test on the property's own clauses; a deviation on another clause is collateral,
   * claimed like one a case met (fuzz/collateral-claims.ts): it fails this test only if no other property reported it.
   */
  async oracle<T>(read: () => Promise<T>): Promise<T> {
    const { verdict, suite } = this.deps;
    const propertyClauses = this.propertyClauses();
    const oracleVerdict = new Verdict({ profile: suite.profile, strict: suite.config.strict });
    const stop = this.deps.client.listen((exchange) => oracleVerdict.inspect(exchange));
    try {
      return await verdict.whileMuted(read);
    } finally {
      stop();
      for (const o of oracleVerdict.observations) verdict.observe(o);
      for (const failure of oracleVerdict.failures) {
        if (propertyClauses.has(failure.clause) || this.claimsCollateral(failure, 'the read the cases are compared with'))
          verdict.fail(failure);
      }
    }
  }

  /** The clauses this property checks: its test's clause tags. */
  private propertyClauses(): ReadonlySet<string> {
    return new Set<string>(clauseTags(this.deps.testInfo.tags));
  }

  /**
   * Whether this property reports a deviation it met on a clause it does not check: it does when it is the first of
   * the run's invocation to meet it (fuzz/collateral-claims.ts); otherwise the deviation is noted on its test, with
   * `metBy` (what met it) and the property that reported it.
   */
  private claimsCollateral(failure: CheckFailure, metBy: string): boolean {
    const { testInfo, suite } = this.deps;
    const claim = claimCollateral(suite.config.runId, failure.clause, testInfo.title);
    if (!claim.claimed)
      testInfo.annotations.push({
        type: 'collateral',
        description: suite.redact(
          `${failure.clause}: met again by ${metBy} (${failure.message}); reported by "${claim.by}", which fails on it`,
        ),
      });
    return claim.claimed;
  }

  /** The client a case sends its reads through. */
  /** API_WALK_PAGES: the most pages one walk of a list asks for (src/checks/bounded-walk.ts). */
  get walkPages(): number {
    return this.deps.suite.config.limits.walkPages;
  }

  /**
   * The most entries a whole list may hold to be read whole again and again, case after case: what a walk may read
   * (API_WALK_PAGES pages of the largest page, the profile's or 100). Past it, reading the list is reading more than the
   * run's bound allows a walk, so a property reads it once and judges the later cases without it (limited).
   */
  get wholeListBound(): number {
    return wholeListBound(this.walkPages, this.deps.suite.profile.maxLimit);
  }

  /**
   * Entries of the unfiltered subscriptions list when it holds more than wholeListBound (found with pages of one entry:
   * lengthBeyond), null when it holds fewer; undefined until this property first asks.
   */
  subscriptionsBeyondBound: number | null | undefined = undefined;

  /** FUZZ_RUNS: the cases a property runs unless it plans fewer. */
  get casesPerProperty(): number {
    return this.deps.options.runs;
  }

  get api(): ApiClient {
    return this.deps.client;
  }

  get options(): FuzzOptions {
    return this.deps.options;
  }

  /**
   * A create, after claiming a write from the run's budget (throws WriteBudgetSpent when none is left).
   * A clear refusal (4xx) made no record, so its token goes back: the budget counts records, not calls.
   */
  async create(body: unknown, opts?: Parameters<ApiClient['createSubscription']>[1]): ReturnType<ApiClient['createSubscription']> {
    this.share.check();
    const token = this.deps.budget.claim();
    const result = await this.deps.client.createSubscription(body, opts);
    if (result.exchange.status >= 400 && result.exchange.status < 500) this.deps.budget.release(token);
    else this.share.recordKept();
    return result;
  }

  /**
   * Cases to run: FUZZ_RUNS, or fewer when the property's share of a capped write budget could not pay for them; and
   * that share, in records (`propertyAllowance`). Neither depends on what other properties spent, so the same run sends
   * the same cases whatever order the workers took the properties in.
   */
  plannedRuns(property: Pick<FuzzProperty<unknown>, 'writesPerRun' | 'refusedByDesign' | 'writeShares' | 'runs'>): {
    runs: number;
    allowance: number;
    budgetNote?: string;
  } {
    const { budget, options } = this.deps;
    const writesPerRun = property.writesPerRun ?? 0;
    const wanted = property.runs ?? options.runs;
    const allowance = propertyAllowance(budget.max, property);
    if (writesPerRun === 0 || !budget.capped) return { runs: wanted, allowance };
    if (property.refusedByDesign)
      return {
        runs: wanted,
        allowance,
        budgetNote: `every create is one the contract refuses: no share of the write budget planned; a create the target accepts anyway takes one of its ${allowance} record(s) of FUZZ_MAX_WRITES=${budget.max}`,
      };
    const shares = property.writeShares ?? 1;
    const runs = Math.min(wanted, Math.floor(allowance / writesPerRun));
    const of = property.runs === undefined ? `FUZZ_RUNS=${options.runs}` : `${wanted} planned (FUZZ_RUNS=${options.runs})`;
    const budgetNote = `${runs} of ${of} cases: ${shares}/${WRITE_SHARES} of the write budget FUZZ_MAX_WRITES=${budget.max} (${allowance} record(s))`;
    // At least one case: the allowance is at least one case's writes, and FUZZ_RUNS at least 1. A budget other
    // properties' shrinking spent shows at the first create (WriteBudgetSpent), as "spent before a case completed".
    return { runs, allowance, budgetNote };
  }

  /** Runs the property; a failure ends up in the test's verdict (or, for an error outside the checks, is thrown). */
  async check<T>(property: FuzzProperty<T>): Promise<void> {
    const { options, suite, testInfo, verdict } = this.deps;
    const planned = this.plannedRuns(property as FuzzProperty<unknown>);
    this.share = new PropertyShare(planned.allowance);
    if (planned.budgetNote) testInfo.annotations.push({ type: 'write budget', description: planned.budgetNote });
    if (property.runsNote) testInfo.annotations.push({ type: 'cases', description: property.runsNote });

    const failedCases = new Map<string, FailedCase>();
    // fast-check reports the last case that failed; a sequence of commands prints differently once shrunk further.
    let lastFailed: FailedCase | null = null;
    const observations = new Map<string, Observation>();
    /** Strictness findings of every case (the verdict keeps one per kind and message shape). */
    const strictness = new Map<string, StrictnessFinding>();
    const skipReasons = new Set<string>();
    /** Clauses cases judged in part only (a walk sampled under API_WALK_PAGES), and how many cases judged them whole. */
    const limits = new Map<string, Limitation>();
    let wholeCases = 0;
    let budgetSpent = false;
    let inflight: Promise<unknown> = Promise.resolve();
    const propertyClauses = this.propertyClauses();
    /** Failures on clauses the property does not check, each with the first case that met it (isCollateral). */
    const collateral = new Map<string, { failure: CheckFailure; value: T }>();

    const runCase = async (value: T): Promise<void> => {
      const caseVerdict = new Verdict({ profile: suite.profile, strict: suite.config.strict });
      const stopListening = this.deps.client.listen((exchange) => {
        if (this.asideDepth === 0) caseVerdict.inspect(exchange);
      });
      const stopCreated = this.deps.client.onCreated((c) => caseVerdict.inspectCreated(c));
      const stop = () => {
        stopListening();
        stopCreated();
      };
      let error: unknown = null;
      try {
        await property.run(value, caseVerdict);
      } catch (e) {
        if (e instanceof WriteBudgetSpent) {
          budgetSpent = true;
          throw new fc.PreconditionFailure(true); // stop here: what ran so far stands
        }
        if (e instanceof CaseSkipped) {
          skipReasons.add(e.message);
          throw new fc.PreconditionFailure(false);
        }
        error = e;
      } finally {
        stop();
        collectBetweenCases(); // a property reading whole lists case after case holds a few cases' garbage, not all
      }
      for (const o of caseVerdict.observations) if (!observations.has(o.key)) observations.set(o.key, o);
      for (const x of caseVerdict.strictness) strictness.set(`${x.clause}|${x.kind}|${x.message.replace(/\d+/g, '#')}`, x);
      for (const l of caseVerdict.limits) limits.set(`${l.clause}|${l.message}`, l);
      if (caseVerdict.limits.length === 0) wholeCases++;
      if (caseVerdict.failures.length === 0 && error === null) return;
      if (isCollateral(caseVerdict.failures, error, propertyClauses)) {
        for (const failure of caseVerdict.failures) if (!collateral.has(failure.clause)) collateral.set(failure.clause, { failure, value });
        return;
      }
      lastFailed = { failures: [...caseVerdict.failures], error };
      failedCases.set(fc.stringify(value), lastFailed);
      this.share.startShrinking();
      // The checks' failures say what is wrong; an error after them is only a consequence.
      throw caseVerdict.failures.length > 0 ? new Error(caseVerdict.failures.map((f) => `[${f.clause}] ${f.message}`).join('\n')) : error;
    };

    const base: CheckParameters<[T]> = {
      numRuns: planned.runs,
      // A skipped case (a list that changed under it) costs requests too: at most as many as the runs.
      maxSkipsPerRun: 1,
      plugins: [fc.interruptAfterTimeLimit(options.timeLimitMs) as Plugin<[T]>, shrinkTimeLimit<[T]>(options.shrinkTimeLimitMs)],
    };
    const checkWith = (params: CheckParameters<[T]>): Promise<RunDetails<[T]>> =>
      verdict.whileMuted(async () => {
        const ran = await fc.check(
          fc.asyncProperty(property.arbitrary, (value) => {
            const running = runCase(value);
            inflight = running.catch(() => undefined);
            return running;
          }),
          params,
        );
        await inflight; // a case a time limit cut short still finishes before the test's verdict listens again
        return ran;
      });
    // The counterexamples kept for this target first (a deviation once found is checked on every run); one that still
    // fails is this property's failure, and the search is not run (it would only find it again).
    const replayed = options.path === undefined ? await this.replayKept(checkWith, base) : null;
    const details: RunDetails<[T]> =
      replayed?.details ??
      (await checkWith({
        ...base,
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }),
      }));

    for (const o of observations.values()) verdict.observe(o);
    for (const x of strictness.values()) verdict.lenient(x);
    // A property none of whose cases judged its clause whole does not confirm it: limited, with what was not read.
    // One some of whose cases did judge it whole confirms it, and the limit of the others is said beside it.
    for (const l of limits.values())
      if (wholeCases === 0) verdict.limit(l.clause, l.message);
      else verdict.observe({ clause: l.clause, key: `limited.${l.clause}.${l.message}`, message: `limited in some cases: ${l.message}` });
    // A deviation met on another clause fails the first property of this invocation to meet it; the others note it
    // (fuzz/collateral-claims.ts): one deviation, one failed test, one new worker.
    const met: Array<{ value: T; failure: CheckFailure }> = [];
    for (const { failure, value } of collateral.values()) {
      if (!this.claimsCollateral(failure, `the case ${shortened(fc.stringify(value))}`)) continue;
      met.push({
        value,
        failure: {
          ...failure,
          message: `${failure.message} (fuzz, met by the case ${shortened(fc.stringify(value))}, not shrunk: not a clause of this property; replay: RUN_ID=${suite.config.runId} FUZZ_SEED=${details.seed})`,
        },
      });
    }
    for (const { failure } of met) verdict.fail(failure);
    await this.settle(details, failedCases, {
      skipReasons,
      budgetSpent,
      lastFailed,
      collateral: met,
      replayedFrom: replayed?.from ?? null,
    });
  }

  /**
   * Replays each counterexample kept for this property (FUZZ_COUNTEREXAMPLES), one case each by its seed and path;
   * the first that fails again is returned, with where it was kept. One of a sequence of commands needs its replay
   * path, which the arbitrary is built with: it is noted, and replayed by its command.
   */
  private async replayKept<T>(
    checkWith: (params: CheckParameters<[T]>) => Promise<RunDetails<[T]>>,
    base: CheckParameters<[T]>,
  ): Promise<{ details: RunDetails<[T]>; from: string } | null> {
    const { options, testInfo } = this.deps;
    const title = testInfo.title;
    for (const kept of options.kept.filter((k) => k.property === title)) {
      const which = `seed ${kept.seed}, path ${kept.path} (${kept.clauses.join(', ')}; found ${kept.foundAt.slice(0, 10)})`;
      if (kept.replayPath !== null) {
        testInfo.annotations.push({
          type: 'kept counterexample',
          description: `${which}: a sequence, replayed only by its command (FUZZ_REPLAY_PATH=${kept.replayPath})`,
        });
        continue;
      }
      let details: RunDetails<[T]>;
      try {
        details = await checkWith({ ...base, seed: kept.seed, path: kept.path, endOnFailure: true, numRuns: 1 });
      } catch (error) {
        // A path this suite's arbitraries no longer have (another suite version): said, not a failure of the target.
        testInfo.annotations.push({
          type: 'kept counterexample',
          description: `${which}: not replayable here (${(error as Error).message})`,
        });
        continue;
      }
      if (details.failed && details.counterexample !== null) return { details, from: `${options.counterexamples}, ${which}` };
      testInfo.annotations.push({ type: 'kept counterexample', description: `${which}: replayed, holds now` });
    }
    return null;
  }

  private async settle<T>(
    details: RunDetails<[T]>,
    failedCases: Map<string, FailedCase>,
    why: {
      skipReasons: Set<string>;
      budgetSpent: boolean;
      lastFailed: FailedCase | null;
      /** Deviations on clauses the property does not check, each with the first case that met it (isCollateral). */
      collateral: Array<{ value: T; failure: CheckFailure }>;
      /** The counterexamples file and entry, when the failure is a kept counterexample replayed. */
      replayedFrom: string | null;
    },
  ): Promise<void> {
    const { testInfo, verdict } = this.deps;
    const title = testInfo.title;
    const grep = grepFor(title);
    const base = {
      property: title,
      file: testInfo.file.replace(/^.*\/fuzz\//, 'fuzz/'),
      runId: this.deps.suite.config.runId,
      seed: details.seed,
      runs: details.numRuns,
      shrinks: details.numShrinks,
      interrupted: details.interrupted,
      grep,
      // How this run's seed was chosen (the gate's, an exploration's, FUZZ_SEED), and a kept counterexample replayed.
      foundBy: this.deps.options.seedSource,
      ...(why.replayedFrom ? { replayedFrom: why.replayedFrom } : {}),
    };
    const stopped = details.interrupted ? (why.budgetSpent ? ' (stopped: write budget spent)' : ' (stopped by a time limit)') : '';

    if (!details.failed) {
      // The property held; a deviation it met on another clause still fails the test, and its record says so.
      const [first] = why.collateral;
      const met = first ? `; met deviations on ${why.collateral.map((c) => c.failure.clause).join(', ')}, not shrunk` : '';
      testInfo.annotations.push({ type: 'fuzz', description: `${details.numRuns} cases, seed ${details.seed}${stopped}${met}` });
      await this.record({
        ...base,
        status: first ? 'failed' : 'passed',
        path: null,
        counterexample: first ? showValue(first.value) : null,
        failures: why.collateral.map((c) => c.failure),
        error: null,
        replay: replayCommand({ seed: details.seed, path: null, grep, runId: base.runId }),
      });
      return;
    }
    if (details.counterexample === null) {
      // No case failed, yet fast-check could not complete: too many cases were skipped, or none ended in time.
      const reason = why.budgetSpent
        ? `the write budget (FUZZ_MAX_WRITES=${this.deps.budget.max}) was spent before a case completed`
        : why.skipReasons.size > 0
          ? `too many cases could not be judged (${details.numSkips} skipped): ${[...why.skipReasons].join('; ')}`
          : null;
      testInfo.skip(reason !== null, reason ?? '');
      throw new Error(
        `No case completed within FUZZ_TIME_LIMIT (${this.deps.options.timeLimitMs / 1000} s); raise it, or lower FUZZ_RUNS.`,
      );
    }

    const value = details.counterexample[0];
    const failed = failedCases.get(fc.stringify(value)) ?? why.lastFailed ?? { failures: [], error: details.errorInstance };
    const path = details.counterexamplePath;
    const replayPath = commandsReplayPath(value);
    const replay = replayCommand({ seed: details.seed, path, replayPath, grep, runId: base.runId });
    const errorText =
      failed.failures.length === 0 && failed.error !== null
        ? failed.error instanceof Error
          ? failed.error.message
          : String(failed.error)
        : null;
    const file = await this.record({
      ...base,
      status: 'failed',
      path,
      replayPath,
      counterexample: showValue(value),
      failures: failed.failures,
      error: errorText,
      replay,
    });

    const origin = why.replayedFrom
      ? `a counterexample kept in ${why.replayedFrom}, replayed: it fails again`
      : this.deps.options.seedSource === 'exploration'
        ? "found by exploration (a drawn seed, not the gate's derived one)"
        : null;
    const report = [
      `Property "${title}" failed${stopped}${origin ? `: ${origin}` : ''}.`,
      describeRunFailure(details),
      `Replay: ${replay}`,
      `Record: ${file}`,
    ].join('\n');
    console.log(this.deps.suite.redact(report));
    testInfo.annotations.push({
      type: 'fuzz',
      description: `failed after ${details.numRuns} cases, ${details.numShrinks} shrinks; seed ${details.seed}, path ${path}`,
    });
    // A case that threw (no answer, a connection closed) fails the test itself: its first line, which every report
    // shows as the finding, says what went wrong, not only that the property failed.
    if (failed.failures.length === 0)
      throw new Error(this.deps.suite.redact(errorText === null ? report : `${errorHeadline(title, errorText)}\n${report}`));
    const sequence = replayPath === null ? '' : ` FUZZ_REPLAY_PATH=${replayPath}`;
    for (const f of failed.failures) {
      verdict.fail({
        ...f,
        message: `${f.message} (fuzz, ${why.replayedFrom ? origin : `${origin ? `${origin}, ` : ''}shrunk case`}; replay: RUN_ID=${base.runId} FUZZ_SEED=${details.seed} FUZZ_PATH=${path}${sequence})`,
      });
    }
  }

  private async record(record: FuzzRunRecord): Promise<string> {
    const { testInfo, suite } = this.deps;
    const file = writeRunRecord(record, testInfo.repeatEachIndex, suite.redact);
    await testInfo.attach('fuzz-record.json', { path: file, contentType: 'application/json' });
    return file;
  }
}

/** The one line a report shows for a property whose case threw: the property and the error's own first line. */
export function errorHeadline(title: string, errorText: string): string {
  return `Property "${title}" failed on a case that threw: ${errorText.split('\n')[0]}`;
}
