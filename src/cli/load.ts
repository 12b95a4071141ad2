/**
 * npm run load -- <scenario> [k6 run options]
 *
 * Runs load/<scenario>.ts with the user's own k6 (K6_BIN, else PATH; src/k6/k6-binary.ts). With API_BASE_URL unset it starts the bundled
 * reference server, with its rate limit on, and uses small local defaults. The verdict comes from
 * the run report (reports/load/<scenario>.json): 0 passed, 1 failed or invalid, 2 bad arguments or
 * configuration, 3 no k6, 5 target unavailable, 6 credentials refused (src/config/exit-codes.ts).
 */
import { existsSync } from 'node:fs';
import { exitOnConfigError } from '../config/config-error.ts';
import { parseRunArgs } from '../k6/args.ts';
import { startK6 } from '../k6/k6-process.ts';
import { readReport, runOutcome } from '../k6/outcome.ts';
import { REPO_ROOT, scenarioScript } from '../k6/paths.ts';
import { readyToRun } from '../k6/ready-to-run.ts';
import { LOCAL_REFERENCE_RATE_LIMIT, prepareRun } from '../k6/target.ts';
import { writeOut } from '../config/terminal-text.ts';

async function main(): Promise<number> {
  const parsed = parseRunArgs(process.argv.slice(2));
  const run = await prepareRun(parsed.scenario, {
    k6Args: parsed.k6Args,
    referenceRateLimit: LOCAL_REFERENCE_RATE_LIMIT,
    k6Version: null,
  });
  try {
    const ready = await readyToRun(run);
    if ('exitCode' in ready) return ready.exitCode;
    if (run.startedReference)
      writeOut(
        `Bundled reference server at ${run.config.target.baseUrl} (rate limit ${process.env.REFERENCE_RATE_LIMIT ?? 'off'} requests/s).\n`,
      );
    const child = startK6(ready.k6, scenarioScript(parsed.scenario), run.env, parsed.k6Args, REPO_ROOT);
    // Ctrl+C reaches k6 too (same process group); k6 then runs teardown and handleSummary, so this
    // process waits for it instead of dying (and taking the reference server down) first.
    const ignore = (): void => {};
    process.on('SIGINT', ignore);
    const code = await child.done;
    process.removeListener('SIGINT', ignore);
    const outcome = runOutcome(code, readReport(run.reportPath));
    const dashboard = existsSync(run.dashboardPath) ? `\nk6 dashboard report: ${run.dashboardPath}` : '';
    writeOut(`\n${outcome.lines.join('\n')}\nReport: ${run.reportPath}${dashboard}\n`);
    return outcome.exitCode;
  } finally {
    await run.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => exitOnConfigError(error),
);
