/**
 * The names nearest a mistyped one (edit distance, then a shared word), for a refusal that fits on one line instead
 * of listing every name: `serve --fault nope` names a few and says how to list them all.
 */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

export function closestNames(name: string, names: readonly string[], count = 3): string[] {
  const words = new Set(
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  const score = (n: string) => distance(name.toLowerCase(), n) - (n.split('-').some((w) => words.has(w)) ? n.length : 0);
  return [...names].sort((a, b) => score(a) - score(b) || a.localeCompare(b)).slice(0, count);
}

/** "Unknown fault switch "nope"; closest: a, b, c (npm run serve -- --list-faults lists all 57)." */
export function unknownNamesSentence(what: string, unknown: readonly string[], names: readonly string[], listFlag: string): string {
  const closest = [...new Set(unknown.flatMap((n) => closestNames(n, names)))];
  return `Unknown ${what} ${unknown.map((n) => JSON.stringify(n)).join(', ')}; closest: ${closest.join(', ')} (npm run serve -- ${listFlag} lists all ${names.length}).`;
}
