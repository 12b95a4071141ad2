/**
 * Sub-metric keys as k6 writes them in thresholds and in the end-of-test summary:
 * `metric{tag:value,tag:value}`. Built in one place so the threshold that creates a sub-metric and
 * the reader that finds it in the summary agree. Pure module.
 *
 * k6 splits the part in braces on "," and each pair on the first ":", so tag values must not hold
 * commas; braces inside a value are fine (k6 takes the first "{" and the last "}").
 */

export type Tags = Readonly<Record<string, string>>;

export function subMetricKey(metric: string, tags: Tags): string {
  const pairs = Object.keys(tags).map((k) => {
    const v = tags[k];
    if (v.indexOf(',') >= 0) throw new Error(`tag value "${v}" holds a comma, which k6 cannot parse in a sub-metric`);
    return `${k}:${v}`;
  });
  return pairs.length === 0 ? metric : `${metric}{${pairs.join(',')}}`;
}

export interface ParsedMetricKey {
  metric: string;
  tags: Record<string, string>;
}

export function parseMetricKey(key: string): ParsedMetricKey {
  const open = key.indexOf('{');
  if (open < 0 || key.charAt(key.length - 1) !== '}') return { metric: key, tags: {} };
  const tags: Record<string, string> = {};
  for (const pair of key.slice(open + 1, -1).split(',')) {
    const colon = pair.indexOf(':');
    if (colon < 0) continue;
    tags[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return { metric: key.slice(0, open), tags };
}

/** True when every tag in `want` is present with the same value. */
export function tagsInclude(have: Tags, want: Tags): boolean {
  return Object.keys(want).every((k) => have[k] === want[k]);
}
