/**
 * Puts a certification together from what its phases produced: clause rows (with evidence, drift and
 * waivers), the observed profile and its comparison with the pinned one, fuzz and load figures, and
 * the verdict. Pure module: every input is data, so it is tested without a target.
 */
import type { ClauseReport } from '../harness/clause-reporter.ts';
import { clauseResults } from '../report/clause-results.ts';
import type { TargetProfile } from '../config/target-profile.ts';
import {
  CLAUSE_STATUSES,
  REPORT_FORMAT,
  type CertificationReport,
  type ClauseStatus,
  type EvidenceSection,
  type LoadSection,
  type RequestCoverageSection,
  type PhaseRow,
} from './report/report-model.ts';
import { clauseRows } from './clause-rows.ts';
import { fuzzFigures } from './fuzz-figures.ts';
import {
  compareWithPinned,
  extraFields,
  itemsFromRun,
  mergeItems,
  observedProfile,
  retryAfterText,
  valuesBeyondSeen,
  type ItemObservation,
  type RunObservation,
} from './observed-profile.ts';
import type { FuzzRecord, RunFailure, RunStrictness } from './run-files.ts';
import { strictnessRows } from './strictness-rows.ts';
import { isStrictnessKind } from '../contract/strictness.ts';
import { decideVerdict } from './certification-verdict.ts';
import { type PackageFacts, packageRecord } from './certification-package.ts';
import { isUnconfirmed, judgeWaivers, type Waiver } from './waivers.ts';
import { lateReadSentence, type LateReadSummary } from '../checks/late-read.ts';
import type { LateReadSection } from './report/report-model.ts';

export interface ReportInputs {
  startedAt: Date;
  finishedAt: Date;
  suite: { name: string; version: string };
  schemaDigest: string;
  target: { baseUrl: string; environment: string; runId: string; bundledReference: boolean; faults: string[] };
  pinned: { path: string; profile: TargetProfile } | null;
  clauseReport: ClauseReport | null;
  runProblem: string | null;
  failures: readonly RunFailure[];
  /** strictness.jsonl's lines (absent: none). */
  strictness?: readonly RunStrictness[];
  observations: readonly RunObservation[];
  requestStatuses: readonly number[];
  /** Retry-After of each 429 the client retried instead of returning (null when absent). */
  retriedRetryAfter?: readonly (string | null)[];
  discovery: { items: Map<string, ItemObservation[]>; notes: Map<string, string> };
  waivers: readonly Waiver[];
  /** YYYY-MM-DD (UTC) against which waiver expiry is judged. */
  today: string;
  fuzz: { records: readonly FuzzRecord[]; notRun: string | null };
  load: LoadSection;
  requestCoverage: RequestCoverageSection;
  /** The late read the suite run's teardown wrote (null: it wrote none, e.g. nothing was created). */
  lateRead?: LateReadSummary | null;
  phases: PhaseRow[];
  evidence: EvidenceSection;
  /** Versions, the contract's digest, the signer: what the package records beside its mark. */
  package: PackageFacts;
}

export function assembleReport(i: ReportInputs): { report: CertificationReport; observed: TargetProfile } {
  const items = mergeItems(i.discovery.items, itemsFromRun(i.observations, i.requestStatuses, i.retriedRetryAfter));
  const observedName = `observed: ${i.target.bundledReference ? 'bundled reference' : i.target.baseUrl}, ${i.finishedAt.toISOString().slice(0, 10)}`;
  const observed = observedProfile(items, observedName);
  const { rows: profileRows, drift } = compareWithPinned(items, i.pinned?.profile ?? null, i.discovery.notes);

  const outcomes = i.clauseReport?.outcomes ?? [];
  const strictness = strictnessRows(i.strictness ?? [], i.clauseReport?.results ?? []);
  // What the target was lenient with, as a profile pins it (docs/target-profile.md, strictness): pinned as observed,
  // the kinds stay listed and are not failed under API_STRICT=1.
  const lenientKinds = [...new Set(strictness.flatMap((x) => (isStrictnessKind(x.kind) ? [x.kind] : [])))];
  if (lenientKinds.length) observed.strictness = Object.fromEntries(lenientKinds.map((k) => [k, 'lenient' as const]));
  const results = i.clauseReport?.results ?? clauseResults([]);
  const before = clauseRows(results, i.failures, drift, [], outcomes);
  const unconfirmed = new Set(before.filter(isUnconfirmed).map((r) => r.id));
  const waivers = judgeWaivers(i.waivers, new Map(before.map((r) => [r.id, r.verdict])), i.today, unconfirmed);
  const clauses = clauseRows(results, i.failures, drift, waivers, outcomes);
  const { verdict, reasons } = decideVerdict(clauses, waivers, { problem: i.runProblem, outcomes });

  const counts = Object.fromEntries(CLAUSE_STATUSES.map((s) => [s, 0])) as Record<ClauseStatus, number>;
  for (const c of clauses) counts[c.status] += 1;
  const failed = outcomes.filter((o) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted').length;

  const report: CertificationReport = {
    format: REPORT_FORMAT,
    verdict,
    verdictReasons: reasons,
    target: {
      baseUrl: i.target.baseUrl,
      bundledReference: i.target.bundledReference,
      faults: i.target.faults,
      profileName: i.pinned?.profile.name ?? null,
    },
    startedAt: i.startedAt.toISOString(),
    finishedAt: i.finishedAt.toISOString(),
    durationMs: Math.max(0, i.finishedAt.getTime() - i.startedAt.getTime()),
    suite: i.suite,
    schemaDigest: i.schemaDigest,
    environment: i.target.environment,
    runId: i.target.runId,
    summary: {
      clauses: counts,
      tests: {
        total: outcomes.length,
        passed: outcomes.filter((o) => o.status === 'passed').length,
        failed,
        skipped: outcomes.filter((o) => o.status === 'skipped').length,
      },
      drift: drift.length,
    },
    phases: i.phases,
    clauses,
    strictness,
    waivers,
    profile: {
      pinnedPath: i.pinned?.path ?? null,
      pinned: i.pinned?.profile ?? null,
      observed,
      items: profileRows,
      drift,
      valuesBeyondSeen: valuesBeyondSeen(i.observations),
      extraFields: extraFields(i.observations),
      retryAfter: retryAfterText(items),
    },
    fuzz: fuzzFigures(outcomes, i.fuzz.records, i.fuzz.notRun),
    load: i.load,
    requestCoverage: i.requestCoverage,
    ...(i.lateRead ? { lateRead: lateReadSection(i.lateRead) } : {}),
    evidence: i.evidence,
    package: packageRecord(verdict, clauses, i.package, reasons),
  };
  return { report, observed };
}

/** The late read as the report carries it: the sentence every format says, its figures, each finding. */
export function lateReadSection(s: LateReadSummary): LateReadSection {
  return {
    ran: s.ran,
    sentence: lateReadSentence(s),
    waitS: s.waitS,
    soakS: s.soakS,
    rounds: s.rounds,
    records: s.records,
    cancelled: s.cancelled,
    requests: s.requests,
    ageS: s.ageS,
    findings: s.findings.map(({ clause, binding, id, where, message, firstSeenAt, afterS }) => ({
      clause,
      binding,
      id,
      where,
      message,
      firstSeenAt,
      afterS,
    })),
  };
}
