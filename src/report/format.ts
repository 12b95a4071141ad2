/** Wording shared by the certification writers (Markdown and HTML), so both read the same. */
import type { ClauseStatus } from '../certify/report/report-model.ts';

export const STATUS_LABEL: Record<ClauseStatus, string> = {
  pass: 'pass',
  fail: 'FAIL',
  waived: 'waived',
  observed: 'observed',
  'not-testable': 'not testable',
  skipped: 'skipped',
  'not-covered': 'not covered',
};

/** Expected/received values in one line: strings as they are, anything else as JSON, cut short. */
export function valueText(value: unknown, max = 400): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

export const percent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.01 ? 2 : 1)}%`;
export const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
