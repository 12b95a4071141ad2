/**
 * The one order of names in reports (thresholds, JUnit cases): the same under Node and under k6. Pure module.
 * Not String.prototype.localeCompare: k6's JavaScript runtime (Sobek) has no Intl, so it ignores localeCompare's
 * locale and `{ numeric: true }` and sorts "target_rps:10" before "target_rps:2", where Node does not (issue 51).
 * Runs of digits compare by their value, everything else by UTF-16 code units.
 */

const RUN = /\d+|\D+/g;

function runs(text: string): string[] {
  return text.match(RUN) ?? [];
}

function isDigits(run: string): boolean {
  const c = run.charCodeAt(0);
  return c >= 48 && c <= 57;
}

/** By code units, without any locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Two runs of digits by value (any length: no Number overflow), then the shorter spelling ("2" before "02"). */
function compareDigitRuns(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  return x.length - y.length || compareCodeUnits(x, y) || a.length - b.length;
}

/** Numeric-aware order of names: "target_rps:2" before "target_rps:10"; ties by code units. */
export function compareNames(a: string, b: string): number {
  const ra = runs(a);
  const rb = runs(b);
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const byRun = isDigits(ra[i]) && isDigits(rb[i]) ? compareDigitRuns(ra[i], rb[i]) : compareCodeUnits(ra[i], rb[i]);
    if (byRun !== 0) return byRun;
  }
  return ra.length - rb.length || compareCodeUnits(a, b);
}
