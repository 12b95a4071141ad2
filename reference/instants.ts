// Exact comparison of contract timestamps (`YYYY-MM-DDTHH:MM:SS[.fraction]Z`, or `+00:00` for Z), fraction
// digits included: Date.parse keeps only milliseconds, which would blur the inclusive modifiedAfter boundary.

function parts(text: string): { seconds: string; fraction: string } {
  const zone = text.endsWith('Z') ? 1 : 6; // Z, or +00:00
  const dot = text.indexOf('.');
  if (dot === -1) return { seconds: text.slice(0, 19), fraction: '' };
  return { seconds: text.slice(0, 19), fraction: text.slice(dot + 1, -zone) };
}

/** -1, 0 or 1 as `a` is before, at or after `b`. Both must already be valid UTC timestamps. */
export function compareUtc(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  if (pa.seconds !== pb.seconds) return pa.seconds < pb.seconds ? -1 : 1;
  const width = Math.max(pa.fraction.length, pb.fraction.length);
  const fa = pa.fraction.padEnd(width, '0');
  const fb = pb.fraction.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
