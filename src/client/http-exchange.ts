/**
 * One HTTP request and its answer, over Node's own fetch (undici), bounded in time and in bytes. It sorts
 * what can go wrong into two kinds, because they mean different things:
 * - no answer (refused, reset before a status, timed out, the run's deadline): a NoAnswerError;
 * - an answer that could not be read whole (corrupt gzip, fewer bytes than content-length, larger than
 *   the cap): a RawAnswer with `bodyError`, judged as the target's fault for that exchange.
 * Node's fetch records nothing anywhere; Playwright's request context lists every request header,
 * credentials included, in the call log of a failed call, which its HTML report keeps (issue 10, defect 1).
 */

export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Per-request time limit, ms: a target that never answers costs no more. */
  timeoutMs: number;
  /** Largest body read, bytes; a larger answer is cut off there and reported. */
  maxBytes: number;
  /** Aborts every request in flight when the run's deadline passes or the run is interrupted. */
  signal?: AbortSignal;
}

export interface RawAnswer {
  status: number;
  /** Lower-case names, as sent. */
  headers: Record<string, string>;
  /** What was read (all of it, unless `bodyError`). */
  body: Buffer;
  /** Why the body could not be read whole; null when it was. */
  bodyError: string | null;
}

/** The target did not answer (no status line). `message` is one line, not yet redacted. */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
  /** Node's fetch refused the port before connecting: the URL needs changing, waiting does not help. */
  readonly badPort: boolean;
  constructor(message: string, badPort = false) {
    super(message);
    this.badPort = badPort;
  }
}

const BAD_PORT = 'bad port';

/** Why a request was aborted or failed, in one line: the cause's code and message, or the limit that fired. */
function reason(error: unknown, url: string, req: HttpRequest, timeout: AbortSignal): string {
  if (timeout.aborted) return `no complete answer within ${req.timeoutMs} ms (per-request timeout)`;
  if (req.signal?.aborted) return String(req.signal.reason instanceof Error ? req.signal.reason.message : (req.signal.reason ?? 'aborted'));
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown })?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  // Node's fetch refuses the ports browsers block (WHATWG fetch "bad ports": 6000, 10080, ...) before connecting.
  if (message === BAD_PORT)
    return `port ${new URL(url).port} is one Node's fetch refuses to connect to (a "bad port" of the fetch standard); serve the API on another port`;
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).split('\n')[0];
}

export async function httpExchange(url: string, req: HttpRequest): Promise<RawAnswer> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual', signal });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    throw new NoAnswerError(reason(error, url, req, timeout), cause === BAD_PORT);
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > req.maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status, headers, body: Buffer.alloc(0), bodyError: tooLarge(req.maxBytes, `content-length ${declared}`) };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let bodyError: string | null = null;
  try {
    // Breaking out of the loop cancels the stream: the rest of an oversized body is never read.
    for await (const chunk of response.body ?? []) {
      size += chunk.length;
      if (size > req.maxBytes) {
        bodyError = tooLarge(req.maxBytes, 'more bytes than that');
        break;
      }
      // A view on fetch's own chunk, not a copy: the one copy is the concatenation below (a 3.5 MB list read
      // once, not twice; every copy is garbage a fuzz worker carries until its next full collection).
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
  } catch (error) {
    bodyError = `the body could not be read whole after ${size} bytes: ${reason(error, url, req, timeout)}`;
  }
  return { status: response.status, headers, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), bodyError };
}

function tooLarge(maxBytes: number, what: string): string {
  return `the body is larger than the response-size cap of ${maxBytes} bytes (${what}); raise API_MAX_RESPONSE_MB to read it`;
}
