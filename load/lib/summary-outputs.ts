/**
 * What each script's handleSummary returns; k6 writes each key (a file path, or stdout):
 * reports/load/<scenario>.json (k6's summary plus run metadata and our reading of it),
 * <scenario>.junit.xml, and a compact console summary (k6 prints its own only when handleSummary
 * returns nothing). The folder must exist; npm run load creates it. Pure module.
 * A runner of a distributed run (LOAD_RUNNER) names its files <scenario>.<runner>.* and ends its console output with
 * the report as one marked line (report-log-line.ts), the fallback when its files cannot be collected.
 * Credentials never reach these files: headers are not part of the summary, setup_data is dropped,
 * and every output is passed through redactSecrets as a last guard (the JSON by its strings, before it is serialised).
 */
import type { LoadConfig } from './config.ts';
import { type RunMeta, buildLoadReport, redactSecrets, redactSecretsDeep, renderJUnit, renderTextSummary } from './report.ts';
import type { LoadEngine } from './port.ts';
import { reportLogLine } from './report-log-line.ts';
import { normaliseK6Summary } from './summary.ts';

export interface SetupMeta {
  runId: string;
  startedAt: string;
}

function setupMeta(data: unknown): Partial<SetupMeta> {
  if (typeof data !== 'object' || data === null) return {};
  const setup = (data as Record<string, unknown>).setup_data;
  if (typeof setup !== 'object' || setup === null) return {};
  const s = setup as Record<string, unknown>;
  return { runId: typeof s.runId === 'string' ? s.runId : undefined, startedAt: typeof s.startedAt === 'string' ? s.startedAt : undefined };
}

export function summaryOutputs(
  config: LoadConfig,
  data: unknown,
  notes: readonly string[] = [],
  engine: LoadEngine = 'k6',
  nowIso: string = new Date().toISOString(),
): Record<string, string> {
  const fromSetup = setupMeta(data);
  const meta: RunMeta = {
    runId: fromSetup.runId ?? config.common.runId,
    engine,
    k6Version: engine === 'k6' ? config.common.k6Version : null,
    generatedAt: nowIso,
    startedAt: fromSetup.startedAt ?? null,
  };
  const report = buildLoadReport(config, normaliseK6Summary(data), data, meta, notes);
  // One runner of several writes its own files (a volume they share must not mix them) and logs its report too.
  const runner = config.common.runner;
  const base = `${config.common.reportDir}/${config.scenario}${runner === null ? '' : `.${runner}`}`;
  const jsonPath = `${base}.json`;
  const junitPath = `${base}.junit.xml`;
  const secrets = [config.credentials.subscriptionKey, config.credentials.secret];
  const json = JSON.stringify(redactSecretsDeep(JSON.parse(JSON.stringify(report)), secrets), null, 2);
  const text = redactSecrets(renderTextSummary(report, [jsonPath, junitPath]), secrets);
  return {
    [jsonPath]: json,
    [junitPath]: redactSecrets(renderJUnit(report), secrets),
    stdout: runner === null ? text : `${text.replace(/\n?$/, '\n')}${reportLogLine(json)}`,
  };
}
