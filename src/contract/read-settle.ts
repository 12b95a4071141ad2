/**
 * The pauses between reads of something the run just wrote (a record just created, one just cancelled), until a read
 * shows it: how soon a read shows a write is not shown by the contract, and a service that reads from a replica shows
 * it a moment later. 50 ms, doubling, at most 500 ms, summing to the window (API_READ_SETTLE). Pure: the k6 flow and
 * the conformance suite (src/checks/read-settle.ts) both follow it.
 */
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 500;

export function settlePauses(windowMs: number): number[] {
  const pauses: number[] = [];
  let spent = 0;
  for (let pause = FIRST_PAUSE_MS; spent < windowMs; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    const next = Math.min(pause, windowMs - spent);
    pauses.push(next);
    spent += next;
  }
  return pauses;
}
