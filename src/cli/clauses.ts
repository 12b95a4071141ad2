/**
 * `npm run clauses [-- <CLAUSE-ID> ...]`: per clause of the contract, its summary and section, the contract's words it
 * quotes, the tests tagged with
 * it, the checks that declare it, the faults that must trip it and the load rules that re-check it. With no ID, one
 * line per clause with the counts. An ID the catalogue does not hold is one sentence and exit 2.
 */
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { parseCommandLine } from '../config/command-line.ts';
import { isClauseId } from '../contract/clauses/catalogue.ts';
import { clauseIndex, describeEntry, testsByTag } from './clause-index.ts';
import { CLAUSES_COMMAND } from './command-specs.ts';

function main(): void {
  const { positionals } = parseCommandLine(CLAUSES_COMMAND);
  const unknown = positionals.filter((id) => !isClauseId(id));
  if (unknown.length > 0)
    throw new ConfigError(
      `No clause ${unknown.map((id) => `"${id}"`).join(', ')} in the catalogue (src/contract/clauses/); npm run clauses lists them all.`,
    );
  const index = clauseIndex(testsByTag());
  if (positionals.length > 0) {
    process.stdout.write(
      `${index
        .filter((e) => positionals.includes(e.clause.id))
        .map(describeEntry)
        .join('\n\n')}\n`,
    );
    return;
  }
  for (const e of index)
    process.stdout.write(
      `${e.clause.id.padEnd(34)} ${e.clause.kind.padEnd(8)} tests ${String(e.tests.length).padStart(3)}  checks ${e.checks.length}  faults ${e.faults.length}  load ${e.loadRules.length}${e.clause.notTestable ? '  (not testable)' : ''}\n`,
    );
}

try {
  main();
} catch (error) {
  exitOnConfigError(error);
}
