/**
 * `tsx src/k6/node-driver/main.ts <scenario> --iterations <n> [--vus <n>]`: the Node driver as a process, given the
 * environment a k6 run is given (API_BASE_URL, credentials, API_PROFILE, LOAD_REPORT_DIR, the scenario's knobs). For
 * the project's tests only: a flow blocks its thread as k6 blocks a VU, so the target must answer from another
 * process. Not an npm command and not a load engine (drive.ts says why).
 */
import { driveFromCommandLine } from './command-line.ts';
import { FLOWS } from './scenarios.ts';

driveFromCommandLine(
  FLOWS,
  process.argv.slice(2),
  'usage: tsx src/k6/node-driver/main.ts <pagination|polling|subscriptions|rate-probe> --iterations <n> [--vus <n>]',
);
