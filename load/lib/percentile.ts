// k6's percentile, in the one copy the Node driver's summaries and the history's latency figures use, so a p95 the
// history shows and one a k6 or Node-driver summary carries mean the same thing. Pure: k6 could load it too.

/** The p-th percentile of `sorted` (ascending), k6's way: linear interpolation between the closest ranks; 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}
