/**
 * The client certification report: one model, written as client-certification.json (its published shape
 * is schemas/client-certification-report.schema.json), client-certification.md and index.html, like the
 * service certification.
 */
import type { ClientCheckSettings, ClientFinding, ClientVerdict } from '../client-checks.ts';
import type { ExchangeOutcome } from '../recorded-session.ts';

export const CLIENT_REPORT_FORMAT = 'osd-suite/client-certification@1';
export const CLIENT_REPORT_FILES = { json: 'client-certification.json', markdown: 'client-certification.md', html: 'index.html' } as const;

export type ClientCertificationVerdict = ClientVerdict;
export const CLIENT_STATUSES: readonly ClientVerdict[] = ['pass', 'fail', 'incomplete'];

export interface ClientClauseRow {
  id: string;
  kind: 'client';
  section: string;
  summary: string;
  /** The contract's words the duty comes from. */
  contract: string;
  /** The named check that judged it. */
  check: string;
  status: ClientVerdict;
  note: string;
  findings: ClientFinding[];
  /** Sequence numbers of the requests that exercised the duty. */
  exercisedBy: number[];
}

/** A request named as evidence, as the report shows it. */
export interface ClientRequestRow {
  seq: number;
  at: string;
  request: string;
  status: number | null;
  outcome: ExchangeOutcome;
}

export interface ServiceFindingRow {
  clause: string;
  check: string;
  count: number;
  firstSeq: number;
  firstMessage: string;
}

export interface ClientCertificationReport {
  format: typeof CLIENT_REPORT_FORMAT;
  verdict: ClientCertificationVerdict;
  verdictReasons: string[];
  session: {
    file: string;
    target: string;
    bundledReference: boolean;
    startedAt: string;
    finishedAt: string | null;
    requests: number;
    stoppedCleanly: boolean;
    /** Exchanges recorded without their answers checked: the proxy's queue to its checks was full. */
    uncheckedAnswers: number;
  };
  settings: ClientCheckSettings;
  summary: Record<ClientVerdict, number>;
  clauses: ClientClauseRow[];
  /** Every request a finding names, by sequence number. */
  requests: ClientRequestRow[];
  /** What the service itself did wrong during the session (the suite's exchange checks): context, not the client's verdict. */
  service: ServiceFindingRow[];
  evidence: {
    directory: string;
    manifest: string;
    files: string[];
    versions: { node: string; suite: string; packages: Record<string, string> };
    schemaDigest: string;
    /** `sha256:` of the public key the manifest is signed with (--sign: manifest.json.sig beside it); absent when not signed. */
    signedBy?: string;
  };
}
