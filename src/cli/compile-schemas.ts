/**
 * `npm run schemas:compile`: writes the validators generated from schemas/ (src/schema/standalone.ts) beside the
 * registry, to be checked in. Run it after changing a schema; test/schema/standalone.test.ts fails until you do.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseCommandLine } from '../config/command-line.ts';
import {
  CONTRACT_VALIDATORS_FILE,
  contractValidatorsSource,
  PROFILE_VALIDATOR_FILE,
  profileValidatorSource,
  REPORT_VALIDATORS_FILE,
  reportValidatorsSource,
} from '../schema/standalone.ts';
import { COMPILE_SCHEMAS_COMMAND } from './command-specs.ts';

parseCommandLine(COMPILE_SCHEMAS_COMMAND);
for (const [file, source] of [
  [CONTRACT_VALIDATORS_FILE, contractValidatorsSource()],
  [PROFILE_VALIDATOR_FILE, profileValidatorSource()],
  [REPORT_VALIDATORS_FILE, reportValidatorsSource()],
] as const) {
  writeFileSync(file, source);
  process.stdout.write(`wrote ${relative(process.cwd(), file)} (${Math.round(source.length / 1024)} KiB)\n`);
}
