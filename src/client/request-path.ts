/**
 * The path a request reaches the target with is the path the suite reports (issue 49, item 1). URL parsing (fetch,
 * curl, every WHATWG URL) rewrites some paths before they are sent: a dot segment (`.`, `..`, and their percent-encoded
 * spellings `%2e`, `.%2E`, `%2e%2e`, ...) is removed with the segment before it, so `GET /offer/.` leaves as
 * `GET /offer/`, the list's path with a trailing slash. And an id that encodes to nothing leaves a by-id path as the
 * list's with a trailing slash, which many frameworks route to the list. The client sends neither: a path URL parsing
 * would rewrite, or an id that names no record, is refused before anything is sent (UnsendablePathError), so every
 * request the report shows (its exchange, its curl) is the one the target received. Pure module.
 */

/** A request the client refuses to send because the target would not receive what the suite reports. */
export class UnsendablePathError extends Error {
  override readonly name = 'UnsendablePathError';
}

/** A dot segment as the URL standard reads one: `.` or `..`, each dot possibly written `%2e` / `%2E`. */
export function isDotSegment(segment: string): boolean {
  return /^(?:\.|%2e){1,2}$/i.test(segment);
}

/** Whether an id, percent-encoded, is a path segment that names one record: not empty, not a dot segment. */
export function isSendableId(id: string): boolean {
  const segment = encodeURIComponent(id);
  return segment !== '' && !isDotSegment(segment);
}

/**
 * An identifier as a path segment: percent-encoded, refused when the segment is empty or a dot segment (it would
 * name the list, or the path above, not one record).
 */
export function idSegment(id: string, what: string): string {
  const segment = encodeURIComponent(id);
  if (!isSendableId(id))
    throw new UnsendablePathError(
      `${what} ${JSON.stringify(id)} cannot be sent in a path as written: URL parsing (fetch, curl) would send ${segment === '' ? 'the list path with a trailing slash' : 'the path without that segment'}, and the target would answer another request than the one reported`,
    );
  return segment;
}

/**
 * The path (relative to `baseUrl`, query included) as the target receives it. A path holding a dot segment is refused
 * (URL parsing would remove it and the segment before it: another resource than the one reported); a character URL
 * parsing percent-encodes (a space in a profile's route) is reported encoded, as it is sent.
 */
export function pathAsSent(baseUrl: string, path: string): string {
  const [pathname] = path.split(/[?#]/, 1);
  const dot = pathname.split('/').find(isDotSegment);
  if (dot !== undefined)
    throw new UnsendablePathError(
      `${path} cannot be sent as written: URL parsing (fetch, curl) removes its dot segment ${JSON.stringify(dot)} and sends another path, so the target would answer another request than the one reported`,
    );
  const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const parsed = new URL(baseUrl.replace(/\/+$/, '') + path);
  return parsed.pathname.slice(base.length) + parsed.search;
}
