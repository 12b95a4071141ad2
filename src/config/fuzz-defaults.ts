/** Cases per fuzz property when FUZZ_RUNS is unset: read by the fuzz suite and by certify's estimate. */
export const DEFAULT_FUZZ_RUNS = { local: 100, remote: 20 } as const;

export function fuzzRunsFor(env: Record<string, string | undefined>, local: boolean): number {
  const raw = Number(env.FUZZ_RUNS?.trim());
  return Number.isSafeInteger(raw) && raw >= 1 ? raw : local ? DEFAULT_FUZZ_RUNS.local : DEFAULT_FUZZ_RUNS.remote;
}
