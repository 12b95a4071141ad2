/** Wording shared by the report writers (Markdown and HTML, service and client certification), so all read the same. */
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
