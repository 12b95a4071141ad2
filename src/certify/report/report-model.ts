/**
 * The certification report: one model, written three ways (certification.json, certification.md,
 * index.html). Its published shape is schemas/certification-report.schema.json; keep the two in step
 * (test/certify checks every report the suite writes against the schema).
 */
import type { ClauseKind } from '../../contract/clauses/catalogue.ts';
import type { ClauseVerdict } from '../../report/clause-results.ts';
import type { TargetProfile } from '../../config/target-profile.ts';
import type { EndpointLatency } from '../../../load/lib/results.ts';
import type { PackageRecord } from '../../report/evidence.ts';

export const REPORT_FORMAT = 'osd-suite/certification@1';

/** A clause's status in the report: the suite's verdict, or `waived` when a valid waiver covers a failure. */
export type ClauseStatus = ClauseVerdict | 'waived';
export const CLAUSE_STATUSES: readonly ClauseStatus[] = ['pass', 'fail', 'waived', 'observed', 'not-testable', 'skipped', 'not-covered'];

/** pass / fail, or incomplete: nothing failed but a testable must clause was not confirmed (exit code 4). */
export type CertificationVerdict = 'pass' | 'fail' | 'incomplete';

/** Redacted excerpt of the exchange that showed a failure (src/client/exchange.ts exchangeExcerpt). */
export interface EvidenceExcerpt {
  request?: string;
  requestBody?: string;
  status?: number;
  contentType?: string;
  responseBody?: string;
}

export interface ClauseFailureRow {
  test: string;
  /** The check that found it (`test` for a test's own check, `profileDrift` for the profile comparison). */
  check: string;
  message: string;
  expected?: unknown;
  received?: unknown;
  /** True when a pinned profile, not the contract, set the expectation. */
  drift: boolean;
  evidence: EvidenceExcerpt | null;
}

/**
 * A strictness finding (src/contract/strictness.ts): invalid input accepted and handled as the one valid request it
 * stands for. Never a failure of the verdict (strict mode makes it one before it gets here, as a clause failure).
 */
export interface StrictnessRow {
  clause: string;
  /** Null for a finding known only from the clause report (no run file line). */
  kind: string | null;
  title: string | null;
  test: string | null;
  message: string;
  evidence: EvidenceExcerpt | null;
}

export type WaiverState = 'applied' | 'expired' | 'not-needed';

export interface WaiverRow {
  clause: string;
  reason: string;
  owner: string;
  /** YYYY-MM-DD; the waiver holds through that day (UTC). */
  expires: string;
  state: WaiverState;
  /** One line: what the waiver did in this run. */
  note: string;
}

export interface ClauseRow {
  id: string;
  kind: ClauseKind;
  section: string;
  summary: string;
  /** The contract's words the clause enforces, verbatim (src/contract/clauses/; none for an `observe` clause). */
  contract: string[];
  /** What the report shows (after waivers). */
  status: ClauseStatus;
  /** What the suite found (before waivers). */
  verdict: ClauseVerdict;
  tests: string[];
  failures: ClauseFailureRow[];
  observations: string[];
  /** Why not testable, why skipped. */
  notes: string[];
  waiver: WaiverRow | null;
}

export interface PhaseRow {
  name: string;
  status: 'ok' | 'failed' | 'not-run';
  durationMs: number;
  detail: string;
}

/** One "not shown" item of the contract: what the target did, what the pinned profile says. */
export interface ProfileItemRow {
  item: string;
  label: string;
  clause: string;
  observed: string;
  pinned: string | null;
  /** Where the observation comes from: discovery probe, conformance run, both, or neither. */
  source: string;
  drift: boolean;
  note: string | null;
}

export interface DriftRow {
  item: string;
  clause: string;
  pinned: string;
  observed: string;
  message: string;
}

export interface ProfileSection {
  pinnedPath: string | null;
  pinned: TargetProfile | null;
  observed: TargetProfile;
  items: ProfileItemRow[];
  drift: DriftRow[];
  valuesBeyondSeen: Array<{ clause: string; field: string; value: string }>;
  extraFields: Array<{ operation: string; field: string }>;
  retryAfter: string;
}

/** One fuzz property's seed and outcome, as the fuzz helper writes it to ${REPORTS_DIR}/fuzz/*.json (one record or an array). */
export interface FuzzRecord {
  property: string;
  seed: number | string | null;
  path: string | null;
  runs: number | null;
  counterexample: string | null;
  replay: string | null;
}

export type FuzzSeedRow = FuzzRecord;

/** One operation's requests, by what they exercised (src/contract/request-cases.ts); each list is `case (count)`. */
export interface RequestCoverageRowOut {
  operation: string;
  requests: number;
  credentials: string[];
  parameters: string[];
  invalidValues: string[];
  body: string[];
  /** Cases a full run sends (EXPECTED_REQUEST_CASES) that this run never sent. */
  missing: string[];
}

/** What the run sent, per operation of the contract: a deviation on a request never sent cannot be caught. */
export interface RequestCoverageSection {
  rows: RequestCoverageRowOut[];
  note: string;
}

export interface FuzzSection {
  status: 'run' | 'not-run';
  reason: string | null;
  properties: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Sum of runs over the properties that recorded them; null when none did. */
  runs: number | null;
  seeds: FuzzSeedRow[];
  failures: Array<{
    property: string;
    message: string;
    seed: number | string | null;
    path: string | null;
    replay: string | null;
    counterexample: string | null;
  }>;
}

/** Latency of one endpoint in the load smoke, as the load tooling computes it. */
export type LoadEndpointRow = Pick<EndpointLatency, 'name' | 'count' | 'avg' | 'med' | 'p90' | 'p95' | 'p99' | 'max'>;

export interface LoadScenarioRow {
  scenario: string;
  passed: boolean;
  valid: boolean;
  reasons: string[];
  durationMs: number;
  requests: number;
  requestsPerSecond: number;
  errorRate: number;
  p95: number;
  p99: number;
  rateLimited: number;
  /** Iterations k6 could not start at the planned arrival rate: above 0 the run is invalid. */
  droppedIterations: number;
  /** Every k6 threshold of the run and whether it held. */
  thresholds: LoadThresholdRow[];
  endpoints: LoadEndpointRow[];
}

export interface LoadThresholdRow {
  metric: string;
  expression: string;
  ok: boolean;
}

export interface LoadSection {
  status: 'run' | 'not-run' | 'failed';
  reason: string | null;
  scenarios: LoadScenarioRow[];
}

export interface EvidenceSection {
  /** Folder of the bundle, relative to the report. */
  directory: string;
  /** Manifest of SHA-256 digests, relative to the report (written last). */
  manifest: string;
  versions: { node: string; npm: string | null; suite: string; packages: Record<string, string>; k6: string | null };
  schemaDigest: string;
  configDigest: string;
  /** The configuration the digest covers: never credentials. */
  config: Record<string, unknown>;
  requestCount: number;
  files: string[];
  /** The Playwright HTML report of the conformance + fuzz run, relative to the report (absent when not written). */
  playwrightReport?: string;
}

/**
 * The facts of the evidence bundle as label/value rows, shared by the HTML and Markdown writers.
 * `code` marks a value as a literal (digests), in the writer's own way.
 */
export function evidenceRows<Code = string>(
  e: EvidenceSection,
  code: (text: string) => Code | string = (t) => t,
): Array<[string, string | Code]> {
  return [
    ['Folder', e.directory],
    ['Manifest (SHA-256 of every file)', e.manifest],
    ['Node', e.versions.node],
    ['npm', e.versions.npm ?? 'unknown (not run through npm)'],
    ['k6', e.versions.k6 ?? 'not present'],
    [
      'Packages',
      Object.entries(e.versions.packages)
        .map(([n, v]) => `${n} ${v}`)
        .join(', '),
    ],
    ['Schema digest', code(e.schemaDigest)],
    ['Configuration digest', code(e.configDigest)],
    ['Requests logged', String(e.requestCount)],
  ];
}

/** Passages of a clause's quote of the contract shown in full in the HTML and Markdown reports; the others folded. */
export const QUOTES_SHOWN = 3;

/** How a package's mark reads in every format. */
export const PACKAGE_STATUS_TEXT: Readonly<Record<PackageRecord['status'], string>> = {
  certification: 'Certification',
  'evidence-only': 'Evidence only',
};

export interface CertificationReport {
  format: typeof REPORT_FORMAT;
  verdict: CertificationVerdict;
  /** Why it fails (or, for a pass, what a reader should still know). */
  verdictReasons: string[];
  target: { baseUrl: string; bundledReference: boolean; faults: string[]; profileName: string | null };
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  suite: { name: string; version: string };
  schemaDigest: string;
  environment: string;
  runId: string;
  summary: {
    clauses: Record<ClauseStatus, number>;
    tests: { total: number; passed: number; failed: number; skipped: number };
    drift: number;
  };
  phases: PhaseRow[];
  clauses: ClauseRow[];
  /** The Strictness section: lenient handling of invalid input, listed, not failed (absent in reports before it). */
  strictness?: StrictnessRow[];
  waivers: WaiverRow[];
  profile: ProfileSection;
  fuzz: FuzzSection;
  load: LoadSection;
  requestCoverage: RequestCoverageSection;
  evidence: EvidenceSection;
  /** Certification or evidence only, with the versions and digests the package records (also in the manifest). */
  package: PackageRecord;
  /** The late read (issue 50): every record the run created, read again before the teardown. Absent in older reports. */
  lateRead?: LateReadSection;
}

/** What the late read re-read, after how long, and what it found (src/checks/late-read.ts). */
export interface LateReadSection {
  ran: boolean;
  /** The one sentence the console and every report say. */
  sentence: string;
  waitS: number;
  soakS: number;
  rounds: number;
  records: number;
  cancelled: number;
  requests: number;
  ageS: { min: number; max: number } | null;
  findings: Array<{ clause: string; binding: boolean; id: string; where: string; message: string; firstSeenAt: string; afterS: number }>;
}
