/**
 * Progress lines of a certification: which phase runs, how far it is (tests done of total), elapsed.
 * Shared by the certify process and the Playwright progress reporter in the child run.
 */
export const PHASES = ['preflight', 'discovery', 'conformance + fuzz', 'load smoke', 'report'] as const;
export type PhaseName = (typeof PHASES)[number];

export function formatElapsed(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

export interface ProgressState {
  phase: PhaseName;
  done?: number;
  total?: number;
  unit?: string;
  elapsedMs: number;
  note?: string;
}

export function progressLine(p: ProgressState): string {
  const step = PHASES.indexOf(p.phase) + 1;
  const parts = [`[certify ${step}/${PHASES.length}] ${p.phase}`];
  if (p.total !== undefined) parts.push(`${p.done ?? 0}/${p.total} ${p.unit ?? 'tests'}`);
  parts.push(formatElapsed(p.elapsedMs));
  if (p.note) parts.push(p.note);
  return parts.join(' · ');
}

/**
 * Whether a progress line is due: at the first and last item, at every tenth of the total, or when
 * `quietMs` passed since the last line (so a long run still shows it is alive, and a short one is not noisy).
 */
export function progressDue(done: number, total: number, msSinceLast: number, quietMs = 5_000): boolean {
  if (done <= 1 || done >= total) return true;
  const step = Math.max(1, Math.ceil(total / 10));
  return done % step === 0 || msSinceLast >= quietMs;
}
