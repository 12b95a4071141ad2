/**
 * `tsx src/k6/node-driver/main.ts <scenario> --iterations <n> [--vus <n>]`: the Node driver as a process, given the
 * environment a k6 run is given (API_BASE_URL, credentials, API_PROFILE, LOAD_REPORT_DIR, the scenario's knobs). For
 * the project's tests only: a flow blocks its thread as k6 blocks a VU, so the target must answer from another
 * process. Not an npm command and not a load engine (drive.ts says why).
 */
import { parseArgs } from 'node:util';
import { isScenarioName } from '../../../load/lib/names.ts';
import { driveFlow } from './drive.ts';
import { FLOWS } from './scenarios.ts';

const USAGE = 'usage: tsx src/k6/node-driver/main.ts <pagination|polling|subscriptions|rate-probe> --iterations <n> [--vus <n>]';

function count(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a positive whole number, not "${text}". ${USAGE}`);
  return n;
}

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { iterations: { type: 'string' }, vus: { type: 'string' } },
  });
  const [scenario] = positionals;
  if (positionals.length !== 1 || !isScenarioName(scenario)) throw new Error(USAGE);
  const result = driveFlow(FLOWS[scenario], {
    iterations: count(values.iterations, 'iterations', 10),
    vus: count(values.vus, 'vus', 1),
    env: process.env,
  });
  process.stderr.write(
    `node-driver: ${scenario}: ${result.iterationsDone} iteration(s)${result.stoppedBy ? `, stopped: ${result.stoppedBy}` : ''}; exit ${result.exitCode}\n`,
  );
  process.exitCode = result.exitCode;
} catch (error) {
  process.stderr.write(`node-driver: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 107;
}
