/**
 * The clause reporter (src/harness/clause-reporter.ts) for a certification's child run, where reporters
 * come from the command line and cannot take options: writes ${REPORTS_DIR}/conformance/clauses.json,
 * the same place as the root config's reporter does.
 */
import { join, resolve } from 'node:path';
import ClauseReporter from '../harness/clause-reporter.ts';

export default class CertifyClauseReporter extends ClauseReporter {
  constructor() {
    super({ outputFile: join(resolve(process.env.REPORTS_DIR ?? 'reports'), 'conformance', 'clauses.json') });
  }
}
