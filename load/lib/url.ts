/**
 * Request URLs without the URL class (k6 has none). Pure module.
 */

export type Query = Readonly<Record<string, string | number>>;

export function withQuery(path: string, query?: Query): string {
  if (query === undefined) return path;
  const parts = Object.keys(query).map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`);
  return parts.length === 0 ? path : `${path}?${parts.join('&')}`;
}

/** Joins the base URL (no trailing slash) and a path starting with "/". */
export function joinUrl(baseUrl: string, pathAndQuery: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${pathAndQuery.charAt(0) === '/' ? '' : '/'}${pathAndQuery}`;
}

/** An absolute file path for k6's open(): relative paths are taken from the working directory. */
export function absolutePath(path: string, workingDirectory: string | null): string {
  if (path.charAt(0) === '/' || /^[A-Za-z]:[\\/]/.test(path) || path.indexOf('file://') === 0) return path;
  if (workingDirectory === null || workingDirectory === '') return path;
  return `${workingDirectory.replace(/\/+$/, '')}/${path.replace(/^\.\//, '')}`;
}
