/**
 * k6 glue: checks. Answer checks stay cheap (status, content type); contract findings come from
 * the pure helpers, become k6 checks named after their rule, and a failed one adds to
 * contract_violations{rule}, which has a count==0 threshold.
 */
import { check } from 'k6';
import type { CallResult } from './k6-http.ts';
import { contractViolations } from './k6-metrics.ts';
import { type ScenarioName, TAG } from './names.ts';
import { type Finding, ruleTitle } from './rules.ts';

/** Violations printed per VU; the rest are only counted, so a broken target cannot flood the log. */
const LOGGED_PER_VU = 5;
let logged = 0;

export function recordFindings(scenario: ScenarioName, findings: ReadonlyArray<Finding<string>>): boolean {
  let allOk = true;
  for (const f of findings) {
    check(f, { [`contract: ${ruleTitle(scenario, f.rule)}`]: (x) => x.ok }, { [TAG.rule]: f.rule });
    if (f.ok) continue;
    allOk = false;
    contractViolations.add(1, { [TAG.rule]: f.rule });
    if (logged < LOGGED_PER_VU) {
      logged++;
      console.warn(`contract violation under load [${f.rule}]: expected ${f.expected ?? '?'}, received ${f.received ?? '?'}`);
    }
  }
  return allOk;
}

/**
 * Status and content-type checks of an answer. Not called for 429 (counted in rate_limited).
 * Returns true when both hold.
 */
export function checkAnswer(
  endpoint: string,
  result: CallResult,
  expected: (status: number) => boolean,
  describe: string,
  wantJson: boolean,
): boolean {
  const sets: Record<string, (r: CallResult) => boolean> = { [`${endpoint} answers ${describe}`]: (r) => expected(r.status) };
  if (wantJson) sets[`${endpoint} answers JSON`] = (r) => r.contentTypeJson && r.parsed;
  return check(result, sets);
}

export function isOk(status: number): boolean {
  return status === 200;
}
