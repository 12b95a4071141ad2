/**
 * The client certification of one recorded session: every client check of the registry, a verdict
 * (fail > incomplete > pass), and the report folder: client-certification.json / .md, index.html, the
 * evidence bundle (the redacted session, versions) and a manifest of SHA-256 digests written last.
 */
import type { KeyObject } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { clientClauses, getClause } from '../contract/clauses/catalogue.ts';
import { quotesOf } from '../contract/clauses/clause.ts';
import { makeRedactor, redactedJson } from '../config/redact.ts';
import { refuseShortCredentials } from '../config/suite-config.ts';
import { EXIT_CODES } from '../config/exit-codes.ts';
import { contractSha256, MANIFEST_FILE, type PackageRecord, versions, writeManifest } from '../report/evidence.ts';
import { keyFingerprint, signManifest } from '../report/signature.ts';
import { CLIENT_STATUSES, type ClientCertificationReport, type ClientClauseRow, type ServiceFindingRow } from './report/report-model.ts';
import { writeClientCertificationReport } from './report/writers.ts';
import { schemaDigest } from '../schema/registry.ts';
import { clientChecks, requestLine, type ClientCheckSettings, type ClientVerdict } from './client-checks.ts';
import { readSession, type Session } from './recorded-session.ts';

/** The exit code of each verdict (src/config/exit-codes.ts, the same for every command). */
export const CLIENT_EXIT_CODE: Record<ClientVerdict, number> = {
  pass: EXIT_CODES.pass,
  fail: EXIT_CODES.contractFailure,
  incomplete: EXIT_CODES.incomplete,
};

const EVIDENCE_DIR = 'evidence';

export function judgeSession(session: Session, settings: ClientCheckSettings): ClientClauseRow[] {
  return clientClauses.map((clause): ClientClauseRow => {
    const check = clientChecks.find((c) => c.clause === clause.id);
    if (!check) throw new Error(`No client check for ${clause.id}: add one to src/client-certification/client-checks.ts`);
    const r = check.run(session, settings);
    return {
      id: clause.id,
      kind: 'client',
      section: clause.section,
      summary: clause.summary,
      contract: quotesOf(getClause(clause.id)).join(' '),
      check: check.name,
      status: r.verdict,
      note: r.note,
      findings: r.findings,
      exercisedBy: r.exercisedBy,
    };
  });
}

function verdictOf(rows: readonly ClientClauseRow[]): { verdict: ClientVerdict; reasons: string[] } {
  const failing = rows
    .filter((r) => r.status === 'fail')
    .map((r) => `${r.id} fails${r.findings.length > 1 ? ` (${r.findings.length} findings)` : ''}: ${r.findings[0].message}`);
  const incomplete = rows.filter((r) => r.status === 'incomplete').map((r) => `${r.id} incomplete: ${r.note}`);
  return { verdict: failing.length ? 'fail' : incomplete.length ? 'incomplete' : 'pass', reasons: [...failing, ...incomplete] };
}

function serviceRows(session: Session): ServiceFindingRow[] {
  const rows = new Map<string, ServiceFindingRow>();
  for (const ex of session.exchanges) {
    for (const f of ex.serviceFindings) {
      const key = `${f.clause} ${f.check}`;
      const row = rows.get(key);
      if (row) row.count += 1;
      else rows.set(key, { clause: f.clause, check: f.check, count: 1, firstSeq: ex.seq, firstMessage: f.message });
    }
  }
  return [...rows.values()];
}

export function buildClientReport(
  session: Session,
  sessionFile: string,
  settings: ClientCheckSettings,
  root: string,
): ClientCertificationReport {
  const clauses = judgeSession(session, settings);
  const { verdict, reasons } = verdictOf(clauses);
  const named = new Set(clauses.flatMap((c) => c.findings.flatMap((f) => f.evidence)));
  const v = versions(root);
  return {
    format: 'osd-suite/client-certification@1',
    verdict,
    verdictReasons: reasons,
    session: {
      file: sessionFile,
      target: session.header.target,
      bundledReference: session.header.bundledReference,
      startedAt: session.header.startedAt,
      finishedAt: session.end?.finishedAt ?? null,
      requests: session.exchanges.length,
      stoppedCleanly: session.end !== null,
      uncheckedAnswers: session.exchanges.filter((ex) => ex.unchecked).length,
    },
    settings,
    summary: Object.fromEntries(CLIENT_STATUSES.map((s) => [s, clauses.filter((c) => c.status === s).length])) as Record<
      ClientVerdict,
      number
    >,
    clauses,
    requests: session.exchanges
      .filter((ex) => named.has(ex.seq))
      .map((ex) => ({
        seq: ex.seq,
        at: new Date(ex.arrivedAt).toISOString(),
        request: requestLine(ex).replace(/^#\d+ /, ''),
        status: ex.status,
        outcome: ex.outcome,
      })),
    service: serviceRows(session),
    evidence: {
      directory: EVIDENCE_DIR,
      manifest: MANIFEST_FILE,
      files: [],
      versions: { node: v.node, suite: v.suite, packages: v.packages },
      schemaDigest: schemaDigest(),
    },
  };
}

export interface ClientCertification {
  report: ClientCertificationReport;
  exitCode: number;
  dir: string;
}

export interface CertifyClientExtras {
  /** Credentials to redact from the report too (default: the environment's). */
  env?: NodeJS.ProcessEnv;
  /** The Ed25519 private key the manifest is signed with (--sign): who produced the package, for the operator to check. */
  signingKey?: KeyObject | null;
}

/** Certify the session at `sessionFile` into `out`. Credentials in the environment are redacted from the report too. */
export function certifyClient(
  sessionFile: string,
  out: string,
  settings: ClientCheckSettings,
  root: string,
  { env = process.env, signingKey = null }: CertifyClientExtras = {},
): ClientCertification {
  refuseShortCredentials({ API_SUBSCRIPTION_KEY: env.API_SUBSCRIPTION_KEY, API_SECRET: env.API_SECRET });
  const session = readSession(sessionFile);
  const report = buildClientReport(session, sessionFile, settings, root);
  const redact = makeRedactor([env.API_SUBSCRIPTION_KEY, env.API_SECRET]);
  mkdirSync(join(out, EVIDENCE_DIR), { recursive: true });
  copyFileSync(sessionFile, join(out, EVIDENCE_DIR, basename(sessionFile)));
  writeFileSync(join(out, EVIDENCE_DIR, 'versions.json'), `${redactedJson(versions(root), redact, 2)}\n`);
  report.evidence.files = [`${EVIDENCE_DIR}/${basename(sessionFile)}`, `${EVIDENCE_DIR}/versions.json`];
  if (signingKey) report.evidence.signedBy = keyFingerprint(signingKey);
  writeClientCertificationReport(out, report, redact);
  writeManifest(out, clientPackageRecord(report, root, signingKey));
  if (signingKey) signManifest(out, signingKey);
  return { report, exitCode: CLIENT_EXIT_CODE[report.verdict], dir: out };
}

/**
 * The client package's mark, in its manifest as a service package's is (so a signature covers it and `certify --verify`
 * refuses what is not a certification): a certification only when the verdict is PASS, else evidence only, with the
 * verdict's first reasons.
 */
export function clientPackageRecord(report: ClientCertificationReport, root: string, signingKey: KeyObject | null): PackageRecord {
  const shown = report.verdictReasons.slice(0, 2).join('; ');
  const more = report.verdictReasons.length > 2 ? ` (and ${report.verdictReasons.length - 2} more, in the report)` : '';
  return {
    kind: 'client',
    status: report.verdict === 'pass' ? 'certification' : 'evidence-only',
    reason:
      report.verdict === 'pass'
        ? 'the client kept every duty the session exercised, and the session exercised each one.'
        : `the client's verdict is ${report.verdict.toUpperCase()}: ${shown.replace(/\.$/, '')}${more}.`,
    suiteVersion: report.evidence.versions.suite,
    contractSha256: contractSha256(root),
    deploymentVersion: null,
    signedBy: signingKey && keyFingerprint(signingKey),
  };
}
