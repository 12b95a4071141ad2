/**
 * The certification a run leaves when it stops before it can judge the target: the target cannot be reached or
 * says it is unavailable, refuses the credentials, or the configuration is wrong. certification.json then says
 * `"verdict": "stopped"` with the kind and exit code (src/config/exit-codes.ts), so a pipeline reading the artifact
 * tells "retry later" from "renew the secret" from "fix the job" as its exit code does, and never reads the verdict of
 * an earlier run as this one's. Published as schemas/certification-stopped.schema.json. Pure module.
 */
import type { ConfigError, ConfigErrorKind } from '../config/config-error.ts';
import { escapeMarkdown } from '../report/markdown-escape.ts';
import type { PhaseRow } from './report/report-model.ts';

export const STOPPED_FORMAT = 'osd-suite/certification-stopped@1';

/** What the run knew of its target when it stopped (nothing, when the configuration itself was refused). */
export interface StoppedContext {
  target: { baseUrl: string; environment: string; bundledReference: boolean } | null;
  runId: string | null;
  redact?: (text: string) => string;
}

export interface StoppedCertification {
  format: typeof STOPPED_FORMAT;
  verdict: 'stopped';
  stopped: { kind: Exclude<ConfigErrorKind, 'usage' | 'interrupted'>; exitCode: number; message: string };
  target: StoppedContext['target'];
  runId: string | null;
  startedAt: string;
  finishedAt: string;
  suite: { name: string; version: string };
  phases: PhaseRow[];
}

const ACTION: Readonly<Record<StoppedCertification['stopped']['kind'], string>> = {
  'target-unavailable': 'the target cannot be reached, timed out or says it is unavailable: retry later',
  'credentials-refused': 'the target refused the credentials: renew API_SUBSCRIPTION_KEY / API_SECRET',
  configuration: 'the configuration is wrong: fix the job',
};

export function stoppedCertification(
  i: StoppedContext & {
    error: ConfigError;
    startedAt: Date;
    finishedAt: Date;
    suite: { name: string; version: string };
    phases: readonly PhaseRow[];
  },
): StoppedCertification {
  const redact = i.redact ?? ((t: string) => t);
  return {
    format: STOPPED_FORMAT,
    verdict: 'stopped',
    stopped: {
      kind: i.error.kind as StoppedCertification['stopped']['kind'],
      exitCode: i.error.exitCode,
      message: redact(i.error.message),
    },
    target: i.target,
    runId: i.runId,
    startedAt: i.startedAt.toISOString(),
    finishedAt: i.finishedAt.toISOString(),
    suite: i.suite,
    phases: i.phases.map((p) => ({ ...p, detail: redact(p.detail) })),
  };
}

/** certification.md of a stopped run: what a CI job summary shows. */
/** `kept`: a Markdown sentence saying where the last certification is (keptSentence), or null. */
export function renderStoppedMarkdown(r: StoppedCertification, kept: string | null = null): string {
  const md = escapeMarkdown;
  return [
    `# Certification: STOPPED (${r.stopped.kind}, exit code ${r.stopped.exitCode})`,
    '',
    `- ${md(r.stopped.message)}`,
    `- ${md(ACTION[r.stopped.kind])}.`,
    `- Target: ${md(r.target ? `${r.target.baseUrl}${r.target.bundledReference ? ' (bundled reference server)' : ''} (${r.target.environment})` : 'not configured')}; run ${md(r.runId ?? 'not started')}; ${r.startedAt} to ${r.finishedAt}.`,
    '',
    'Nothing was judged: this is neither a certification nor evidence.',
    ...(kept ? ['', `${kept.charAt(0).toUpperCase()}${kept.slice(1)}.`] : []),
    '',
  ].join('\n');
}
