/**
 * The run report handleSummary writes: reports/load/<scenario>.json (k6's summary plus run
 * metadata and our reading of it), a JUnit XML and a compact console summary. Pure module.
 *
 * Verdict: a run with dropped iterations is INVALID (it did not hold its arrival rate, so its
 * latencies say nothing), never a pass. A rate-probe stopped by its own sustained-429 rule stopped
 * by design; that threshold is not a failure.
 */
import { type LoadConfig, scenarioSettings } from './config.ts';
import { humanDuration } from './durations.ts';
import { parseMetricKey } from './metric-keys.ts';
import { type PlannedWork, plannedWork } from './scenario-options.ts';
import { METRIC, type ScenarioName } from './names.ts';
import { compareNames } from './order.ts';
import {
  type EndpointLatency,
  type RateLimitAnswers,
  type RedirectRefused,
  type RuleCount,
  type RunTotals,
  type ScenarioResult,
  contractViolations,
  describeRedirects,
  endpointLatencies,
  isExposureThreshold,
  rateLimitAnswers,
  redirectsRefused,
  runTotals,
  scenarioResult,
} from './results.ts';
import { type CheckResult, type NormalisedSummary, type ThresholdResult, metricValue, shareableK6Summary } from './summary.ts';
import type { OnsetResult } from './rate-probe.ts';
import type { LoadEngine } from './port.ts';

export const REPORT_SCHEMA = 'osd-suite/load-report@1';

export interface Verdict {
  valid: boolean;
  passed: boolean;
  reasons: string[];
  /** Why the run stopped early on purpose (rate-probe), else null. */
  stoppedByDesign: string | null;
}

export interface RunMeta {
  runId: string | null;
  /**
   * What ran the flow: k6 (a user's run, and every baseline) or the project's Node driver (npm test: bounded
   * iterations, no arrival rate). load:compare never compares runs of two engines.
   */
  engine: LoadEngine;
  k6Version: string | null;
  /** ISO time the report was made (end of the run). */
  generatedAt: string;
  startedAt: string | null;
}

export interface LoadReport {
  schema: typeof REPORT_SCHEMA;
  scenario: ScenarioName;
  run: RunMeta & { summaryFormat: string; testRunDurationMs: number };
  target: { baseUrl: string; environment: string; profile: string; loopback: boolean };
  settings: ReturnType<typeof scenarioSettings>;
  /** The work the run did (what load:compare holds a baseline to). */
  work: RunWork;
  verdict: Verdict;
  totals: RunTotals;
  endpoints: EndpointLatency[];
  rateLimitAnswers: RateLimitAnswers;
  /** 3xx answers: failed requests, never followed, with the origin their Location named. */
  redirectsRefused: RedirectRefused[];
  contractViolations: RuleCount[];
  scenarioResult: ScenarioResult;
  notes: string[];
  thresholds: ThresholdResult[];
  checks: CheckResult[];
  k6Summary: unknown;
}

/**
 * The work a run did, beside what its plan fixed: iterations done, creates its setup spent (subscriptions learns the
 * target's currencies with one create each, from WRITE_BUDGET), the budget, and iterations left without work once it
 * was spent. Two runs that did different work are not compared (compare.ts: INCOMPARABLE).
 */
export interface RunWork extends PlannedWork {
  iterationsDone: number;
  setupCreates: number;
  writeBudget: number | null;
  budgetSkipped: number;
  /** How the figures were obtained when they were not read from the run's own summary (older baselines). */
  derived?: string;
}

export function runWork(summary: NormalisedSummary, config: LoadConfig): RunWork {
  const count = (metric: string): number => metricValue(summary, metric, 'count');
  const subscriptions = config.scenario === 'subscriptions';
  return {
    ...plannedWork(config),
    iterationsDone: count('iterations'),
    setupCreates: subscriptions ? count(METRIC.setupCreates) : 0,
    writeBudget: subscriptions ? config.subscriptions.writeBudget : null,
    budgetSkipped: subscriptions ? count(METRIC.writeBudgetSkipped) : 0,
  };
}

function isStopRule(t: ThresholdResult): boolean {
  return parseMetricKey(t.metric).metric === METRIC.probe429;
}

export function verdictOf(summary: NormalisedSummary, totals: RunTotals, result: ScenarioResult): Verdict {
  const reasons: string[] = [];
  const redirects = describeRedirects(redirectsRefused(summary));
  if (redirects !== null) reasons.push(redirects);
  const valid = totals.droppedIterations === 0;
  if (!valid) {
    reasons.push(
      `invalid run: ${totals.droppedIterations} iterations were dropped, so the arrival rate was not held (raise LOAD_EXPECTED_LATENCY_MS to pre-allocate more VUs, or the target slowed down)`,
    );
  }
  let stoppedByDesign: string | null = null;
  for (const t of summary.thresholds) {
    if (t.ok || isExposureThreshold(t.expression)) continue;
    if (t.metric === 'dropped_iterations') continue; // reported as validity above
    if (isStopRule(t)) {
      stoppedByDesign = `sustained 429s at ${parseMetricKey(t.metric).tags.target_rps} requests/s (stop rule ${t.expression})`;
      continue;
    }
    reasons.push(`threshold crossed: ${t.metric} ${t.expression}`);
  }
  if (!summary.thresholdsKnown)
    reasons.push("note: this summary format carries no threshold results; k6's exit code is the threshold verdict");
  if (result.kind === 'subscriptions' && result.leftUncancelled > 0) {
    if (!reasons.some((r) => r.indexOf(METRIC.subscriptionsLeft) >= 0))
      reasons.push(`${result.leftUncancelled} created subscriptions are still not cancelled`);
  }
  const failing = reasons.filter((r) => r.indexOf('note: ') !== 0);
  return { valid, passed: valid && failing.length === 0, reasons, stoppedByDesign };
}

/** What the onset step saw: its achieved rate when it ran its full length, else where the probe stopped. */
function onsetStepDetail(onset: OnsetResult): string {
  const step = onset.onsetStep;
  if (onset.achievedRps !== null) return `achieved ${onset.achievedRps} requests/s in that step`;
  return step
    ? `the probe stopped inside that step, by design, after ${step.requests} requests of which ${step.limited} were answered 429`
    : 'no detail';
}

function notesFor(report: Pick<LoadReport, 'scenarioResult' | 'rateLimitAnswers' | 'totals'>): string[] {
  const notes: string[] = [];
  const r = report.scenarioResult;
  if (r.kind === 'rate-probe') {
    const top = r.steps[r.steps.length - 1]?.targetRps ?? 0;
    notes.push(
      r.onset.onsetRps === null
        ? `no sustained 429s up to ${r.onset.highestRps ?? top} requests/s`
        : `429s became sustained at ${r.onset.onsetRps} requests/s (${onsetStepDetail(r.onset)})`,
    );
    for (const s of r.onset.sporadic)
      notes.push(`sporadic 429s below the onset: ${s.limited} of ${s.requests} at ${s.targetRps} requests/s`);
    const limited = r.onset.onsetRps !== null || r.onset.sporadic.length > 0;
    if (r.recovery.checked && limited)
      notes.push(
        r.recovery.recovered
          ? `recovered after backing off (first 2xx ${humanDuration(r.recovery.recoveredAfterMs ?? 0)} after the probe)`
          : 'did NOT answer 2xx again within the recovery attempts',
      );
  }
  const a = report.rateLimitAnswers;
  if (a.count > 0) {
    notes.push(
      `429 answers: ${a.count}; with Retry-After: ${pct(a.retryAfterShare)}; JSON error body with message: ${pct(a.jsonBodyShare)}`,
    );
  }
  if (r.kind === 'pagination' && r.walksListChanged > 0)
    notes.push(
      `${r.walksListChanged} walk(s) met a repeated id while the list changed under them (read whole, it no longer began with what the walk held): not judged`,
    );
  if (r.kind === 'subscriptions' && r.offersClosed > 0)
    notes.push(
      `${r.offersClosed} create(s) refused on an offer found closed since setup listed it open: not judged, and that VU sent no more to it`,
    );
  if (r.kind === 'subscriptions' && r.cancelRefused > 0)
    notes.push(`${r.cancelRefused} cancels refused for records created in a state other than accepted (observation)`);
  return notes;
}

function unreachedNote(keys: readonly string[]): string[] {
  return keys.length
    ? [`no request reached ${keys.join(', ')} within the run (a longer run walks them too); no latency is shown for them`]
    : [];
}

function pct(share: number | null): string {
  return share === null ? 'n/a' : `${Math.round(share * 1000) / 10}%`;
}

export function buildLoadReport(
  config: LoadConfig,
  summary: NormalisedSummary,
  rawK6: unknown,
  meta: RunMeta,
  extraNotes: readonly string[] = [],
): LoadReport {
  const totals = runTotals(summary, config.scenario);
  const result = scenarioResult(summary, config);
  const answers = rateLimitAnswers(summary);
  const partial = { scenarioResult: result, rateLimitAnswers: answers, totals };
  const endpoints = endpointLatencies(summary, config.scenario);
  return {
    schema: REPORT_SCHEMA,
    scenario: config.scenario,
    run: {
      ...meta,
      k6Version: meta.engine === 'k6' ? (meta.k6Version ?? summary.k6Version) : null,
      summaryFormat: summary.format,
      testRunDurationMs: summary.testRunDurationMs,
    },
    target: {
      baseUrl: config.target.displayUrl,
      environment: config.target.environment,
      profile: config.profile.name,
      loopback: config.target.loopback,
    },
    settings: scenarioSettings(config),
    work: runWork(summary, config),
    verdict: verdictOf(summary, totals, result),
    totals,
    endpoints: endpoints.measured,
    rateLimitAnswers: answers,
    redirectsRefused: redirectsRefused(summary),
    contractViolations: contractViolations(summary, config.scenario),
    scenarioResult: result,
    notes: extraNotes.concat(notesFor(partial), unreachedNote(endpoints.unreached)),
    // In a stable, readable order (k6 reports them in no set order): by metric, numbers by value, the same under k6 and Node.
    thresholds: summary.thresholds
      .filter((t) => !isExposureThreshold(t.expression))
      .sort((a, b) => compareNames(a.metric, b.metric) || compareNames(a.expression, b.expression)),
    checks: summary.checks,
    k6Summary: shareableK6Summary(rawK6),
  };
}

/**
 * A copy of JSON data with every occurrence of each secret replaced in its strings (keys and values): applied before
 * the report is serialised, so no credential, whatever characters it holds, can break the JSON written (issue 29, item 6).
 */
export function redactSecretsDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactSecretsDeep(item, secrets));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    out[redactSecrets(key, secrets)] = redactSecretsDeep((value as Record<string, unknown>)[key], secrets);
  return out;
}

/** Replaces every occurrence of each secret (credential values) in `text`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length > 0) out = out.split(s).join('[redacted]');
  return out;
}

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

interface Case {
  name: string;
  failure: string | null;
}

/** JUnit: one test case per threshold, per contract rule, and one for run validity. */
export function renderJUnit(report: LoadReport): string {
  const suite = `load.${report.scenario}`;
  const cases: Case[] = [
    { name: 'run validity: no dropped iterations', failure: report.verdict.valid ? null : (report.verdict.reasons[0] ?? 'invalid') },
  ];
  for (const t of report.thresholds) {
    if (t.metric === 'dropped_iterations') continue;
    const byDesign = isStopRule(t);
    cases.push({
      name: `threshold ${t.metric} ${t.expression}${byDesign ? ' (stop rule)' : ''}`,
      failure: t.ok || byDesign ? null : 'threshold crossed',
    });
  }
  for (const v of report.contractViolations)
    cases.push({ name: `contract: ${v.title}`, failure: v.violations === 0 ? null : `${v.violations} violations under load` });
  const failures = cases.filter((c) => c.failure !== null).length;
  const seconds = (report.run.testRunDurationMs / 1000).toFixed(3);
  const body = cases
    .map((c) => {
      const open = `    <testcase classname="${xmlEscape(suite)}" name="${xmlEscape(c.name)}" time="0">`;
      return c.failure === null ? `${open}</testcase>` : `${open}\n      <failure message="${xmlEscape(c.failure)}"/>\n    </testcase>`;
    })
    .join('\n');
  const out = report.notes.length === 0 ? '' : `\n    <system-out>${xmlEscape(report.notes.join('\n'))}</system-out>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="k6 load" tests="${cases.length}" failures="${failures}" time="${seconds}">\n  <testsuite name="${xmlEscape(suite)}" tests="${cases.length}" failures="${failures}" time="${seconds}">\n${body}${out}\n  </testsuite>\n</testsuites>\n`;
}

function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)}ms` : `${Math.round(value * 10) / 10}ms`;
}

function padRight(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** Compact console summary (k6 prints none of its own once handleSummary returns something). */
export function renderTextSummary(report: LoadReport, files: readonly string[]): string {
  const t = report.totals;
  const v = report.verdict;
  const status = !v.valid ? 'INVALID' : v.passed ? 'PASSED' : 'FAILED';
  const lines: string[] = [];
  lines.push('');
  lines.push(
    `  load ${report.scenario} against ${report.target.baseUrl} (${report.target.environment}, profile ${report.target.profile}) — ${status}`,
  );
  lines.push(
    `  run ${report.run.runId ?? '-'} · ${report.run.engine === 'k6' ? `k6 ${report.run.k6Version ?? 'version unknown'}` : 'the Node driver (npm test; not a load engine)'} · ${humanDuration(report.run.testRunDurationMs)}`,
  );
  lines.push(
    `  requests ${t.httpRequests} (${Math.round(t.httpRequestsPerSecond * 100) / 100}/s) · iterations ${t.iterations} · dropped ${t.droppedIterations} · failed ${pct(t.errorRate)} · checks ${pct(t.checkRate)} · 429 ${t.rateLimited.count}`,
  );
  if (report.endpoints.length > 0) {
    const width = Math.max(8, ...report.endpoints.map((e) => e.key.length));
    lines.push(
      `  ${padRight('endpoint', width)}  ${padRight('count', 6)} ${padRight('med', 9)} ${padRight('p95', 9)} ${padRight('p99', 9)} max`,
    );
    for (const e of report.endpoints) {
      lines.push(
        `  ${padRight(e.key, width)}  ${padRight(String(e.count), 6)} ${padRight(ms(e.med), 9)} ${padRight(ms(e.p95), 9)} ${padRight(ms(e.p99), 9)} ${ms(e.max)}`,
      );
    }
  }
  const broken = report.contractViolations.filter((c) => c.violations > 0);
  for (const c of broken) lines.push(`  ✗ contract: ${c.title} — ${c.violations} violations`);
  for (const t2 of report.thresholds) if (!t2.ok && !isStopRule(t2)) lines.push(`  ✗ threshold ${t2.metric} ${t2.expression}`);
  if (v.stoppedByDesign !== null) lines.push(`  ■ stopped by design: ${v.stoppedByDesign}`);
  for (const n of report.notes) lines.push(`  · ${n}`);
  for (const r of v.reasons) if (r.indexOf('threshold crossed') !== 0) lines.push(`  ! ${r}`);
  for (const f of files) lines.push(`  → ${f}`);
  lines.push('');
  return `${lines.join('\n')}\n`;
}
