/**
 * One client connection relayed to the target. Each client connection gets a connection of its own to the
 * target, and every answer goes back as the very bytes the target sent: status line, headers (names' case,
 * order, repetitions, Date, Keep-Alive), body and encoding. Requests go on as the client sent them, but for
 * the request line (the target's base path in front) and Host (the target's), and without the headers
 * that belong to a proxy hop (`proxy-*`, `te`, `trailer`, `upgrade`, `expect`).
 *
 * A request with a body goes on when its body is complete, head and body in one write, framed as the
 * client framed it (a chunked body as one chunk): a body streamed into a connection the target has
 * already closed, after refusing it early (a 413, say), loses that answer to a broken pipe. Requests
 * without a body go on at once.
 *
 * HTTP/1.1 framing is read with ./message-framing.ts (the common requests and answers framed with a few
 * searches, any other by http-parser-js), so that each request is paired with its answer (answers come in
 * request order), timed, and its bodies kept for the checks and the session. On the answer side the framing
 * reads a copy: the bytes are forwarded before they are parsed, and the framing decides nothing about what is
 * forwarded, only where one answer ends.
 *
 * Why a relay and not a node:http server plus a node:http client: those two objects cost the proxy about
 * three times what the target's own answer costs, on every request; relaying the connection costs the
 * framing alone (see `npm run bench:proxy`).
 */
import { HTTPParser } from 'http-parser-js';
import type { Socket } from 'node:net';
import { MessageFraming } from './message-framing.ts';

// Header bytes are read as latin1, as node:http reads them, so that a head written back byte for byte
// (the request heads sent on) is the head received, whatever bytes its values hold. (The library's
// default, ascii, would clear the high bit of every byte above 0x7f.)
HTTPParser.encoding = 'latin1';

export type RelayOutcome = 'answered' | 'client-gone' | 'upstream-error';

export interface RelayedExchange {
  /** The number the proxy gave the request as its head arrived. */
  seq: number;
  method: string;
  /** The request target as the client sent it (path and query; an absolute-form target reduced to them). */
  path: string;
  /** The request's header names and values, in order, as the client sent them. */
  requestHeaders: string[];
  /** The request body (de-chunked), at most `keptRequestBytes` of it: what arrived, when the client left halfway. */
  requestBody: Buffer;
  /** Epoch ms: the request's head arrived; its answer was complete (null: never). */
  arrivedAt: number;
  answeredAt: number | null;
  /** The answer's status (null: no answer began). */
  status: number | null;
  /** The answer's header names and values, in order, as the target sent them. */
  responseHeaders: string[];
  /** The answer's body as sent (content-encoded), when complete and at most `keptAnswerBytes`; otherwise null. */
  responseBody: Buffer | null;
  outcome: RelayOutcome;
}

export interface RelayOptions {
  /** Opens a connection to the target (TCP, or TLS for an https target). */
  connect(): Socket;
  /** The Host the target expects, and the base path put in front of every request target. */
  targetHost: string;
  basePath: string;
  /** A target silent this long while a request awaits its answer is given up (502 when nothing was sent yet). */
  upstreamTimeoutMs: number;
  keptRequestBytes: number;
  keptAnswerBytes: number;
  /** A request's head arrived: returns the number it is recorded under. */
  onRequestHead(headers: string[]): number;
  /** Redacts what the proxy tells a client of its own (a target's error message can quote anything). */
  redact(text: string): string;
  /** Called once per exchange, when it is over (answered, given up by the client, or failed by the target). */
  onExchange(exchange: RelayedExchange): void;
}

export interface RelayedConnection {
  /** Nothing of this connection is in flight: no request arriving, none awaiting its answer. */
  readonly idle: boolean;
  /** Takes no new request; ends the connection once what is in flight is answered (the proxy is stopping). */
  finish(): void;
  /** Closes both connections now. */
  destroy(): void;
}

/** Request headers a proxy hop consumes (RFC 9110 7.6.1, 7.8) or rewrites (host): not sent on as the client sent them. */
const NOT_SENT_ON = new Set(['host', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'expect']);
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
/** A client that does not close its connection this long after the proxy ended it is cut off. */
const LINGER_MS = 5_000;
const EMPTY = Buffer.alloc(0);

/** An exchange while it is in flight: what is kept of it so far, and how far it got. */
interface InFlight extends RelayedExchange {
  /** The head to send on, without the blank line that ends it. */
  head: string;
  /** How the request's body is framed: none (sent on at once), a length, or chunks (perhaps none): sent on whole, framed the same way. */
  framing: 'none' | 'length' | 'chunked';
  bodyChunks: Buffer[];
  answerChunks: Buffer[];
  answerBytes: number;
  /** Some of the answer's bytes went to the client already. */
  answerStarted: boolean;
  recorded: boolean;
}

/** Chunks as one buffer (the one chunk itself when there is one). */
function joined(chunks: Buffer[]): Buffer {
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

function plainResponse(status: number, reason: string, message: string): string {
  const json = JSON.stringify({ error: reason, message: `osd-suite proxy: ${message}` });
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`;
}

/**
 * The request target to send on: origin-form (path and query) as a client must send it to an origin server (RFC 9112
 * 3.2.1). A client that takes the proxy for a forward proxy (HTTP_PROXY) sends absolute-form, `http://host/path?query`.
 */
function originForm(target: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target; // not a URL after all: sent on as it came, for the target to refuse
  }
}

/** The value of the first header named `name` (lower case) in name/value pairs. */
export function headerValue(pairs: readonly string[], name: string): string | undefined {
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i].length === name.length && pairs[i].toLowerCase() === name) return pairs[i + 1];
  return undefined;
}

/** Feeds `data` to `parser`: an Error when it is not HTTP/1.1 (the library throws from inside our callbacks too). */
function parse(parser: { execute(data: Buffer): number | Error }, data: Buffer): number | Error {
  try {
    return parser.execute(data);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** Writes a complete request to the target (head and body in one write), framed as the client framed it: false when the
 * target's connection asks to wait (backpressure). */
function writeRequest(up: Socket, ex: InFlight): boolean {
  if (ex.framing === 'none') return up.write(`${ex.head}\r\n`, 'latin1');
  // Framed as the client framed it: with its content-length, or chunked (the whole body as one chunk, if any).
  const body = joined(ex.bodyChunks);
  ex.bodyChunks = [body];
  const chunked = ex.framing === 'chunked';
  up.cork();
  up.write(`${ex.head}\r\n${chunked && body.length ? `${body.length.toString(16)}\r\n` : ''}`, 'latin1');
  let flowing = body.length === 0 || up.write(body);
  if (chunked) flowing = up.write(body.length ? '\r\n0\r\n\r\n' : '0\r\n\r\n', 'latin1');
  up.uncork();
  return flowing;
}

/** A request's head as it arrived: the exchange to relay (its head as it goes on), or the refusal the client is told last. */
function requestOf(info: Parameters<MessageFraming[typeof HTTPParser.kOnHeadersComplete]>[0], options: RelayOptions): InFlight | string {
  const method = HTTPParser.methods[info.method];
  const headers = info.headers;
  const encoding = headerValue(headers, 'transfer-encoding');
  if (info.upgrade) return plainResponse(501, 'Not Implemented', 'protocol upgrades and CONNECT are not relayed');
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'chunked')
    return plainResponse(501, 'Not Implemented', `transfer-encoding ${JSON.stringify(encoding)} is not relayed`);
  const length = headerValue(headers, 'content-length');
  const framing = encoding !== undefined ? 'chunked' : length !== undefined && Number(length) > 0 ? 'length' : 'none';
  const path = originForm(info.url);
  let head = `${method} ${options.basePath}${path} HTTP/${info.versionMajor}.${info.versionMinor}\r\nhost: ${options.targetHost}\r\n`;
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i].toLowerCase();
    // A content-length beside chunks is not sent on: the chunks frame the body (RFC 9112 6.3), as the parser read it.
    if (NOT_SENT_ON.has(name) || (framing === 'chunked' && name === 'content-length')) continue;
    head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  }
  return {
    seq: options.onRequestHead(headers),
    method,
    path,
    requestHeaders: headers,
    requestBody: EMPTY,
    arrivedAt: Date.now(),
    answeredAt: null,
    status: null,
    responseHeaders: [],
    responseBody: null,
    outcome: 'answered',
    head,
    framing,
    bodyChunks: [],
    answerChunks: [],
    answerBytes: 0,
    answerStarted: false,
    recorded: false,
  };
}

export function relayConnection(client: Socket, options: RelayOptions): RelayedConnection {
  return new ClientRelay(client, options);
}

/** One client connection and its connection to the target, with what is in flight between them. */
class ClientRelay implements RelayedConnection {
  /** The request whose body is still arriving: nothing of it has gone to the target yet. */
  private receiving: InFlight | null = null;
  /** Requests sent on and not answered yet, in order: answers come in this order. */
  private readonly awaiting: InFlight[] = [];
  private upstream: Socket | null = null;
  private clientGone = false;
  /** No more requests are read from this client: it gets its last answers, then its connection is ended. */
  private closingClient = false;
  /** What the client is told last, once the answers it awaits have gone out (an error of the proxy's own). */
  private lastWords: string | null = null;
  /** The proxy is stopping: the request arriving is finished and answered, no new one is read. */
  private finishing = false;
  private readonly requests = new MessageFraming(HTTPParser.REQUEST);

  constructor(
    private readonly client: Socket,
    private readonly options: RelayOptions,
  ) {
    client.setNoDelay(true);
    this.readRequests();
    client.on('data', (data: Buffer) => {
      if (this.closingClient) return;
      if (parse(this.requests, data) instanceof Error) {
        const cut = this.receiving;
        this.receiving = null;
        if (cut) this.record(cut, 'client-gone'); // its body broken off: nothing of it went on
        this.endClient(plainResponse(400, 'Bad Request', 'the request is not HTTP/1.1'));
      }
    });
    const clientLeft = () => this.clientLeft();
    client.on('end', clientLeft);
    client.on('close', clientLeft);
    client.on('error', clientLeft);
  }

  get idle(): boolean {
    return this.receiving === null && this.awaiting.length === 0;
  }

  finish(): void {
    this.finishing = true;
    if (this.idle) this.endClient(null);
  }

  destroy(): void {
    this.clientGone = true;
    this.closingClient = true;
    this.closeUpstream();
    this.client.destroy();
  }

  private record(ex: InFlight, outcome: RelayOutcome): void {
    if (ex.recorded) return;
    ex.recorded = true;
    ex.outcome = outcome;
    ex.requestBody = joined(ex.bodyChunks).subarray(0, this.options.keptRequestBytes);
    ex.responseBody = ex.answeredAt !== null && ex.answerBytes <= this.options.keptAnswerBytes ? joined(ex.answerChunks) : null;
    this.options.onExchange(ex);
  }

  private becameIdle(): void {
    if (!this.idle) return;
    if (this.clientGone) this.closeUpstream();
    if (this.closingClient || this.finishing) this.endClient(null);
  }

  /** Reads nothing more from the client; once the answers it awaits have gone out, ends its connection with `last`. */
  private endClient(last: string | null): void {
    const client = this.client;
    this.closingClient = true;
    this.lastWords ??= last;
    if (this.awaiting.length > 0 || client.destroyed || client.writableEnded) return;
    if (this.lastWords !== null) client.end(this.lastWords, 'latin1');
    else client.end();
    setTimeout(() => client.destroy(), LINGER_MS).unref();
  }

  private closeUpstream(): void {
    const up = this.upstream;
    this.upstream = null;
    up?.destroy();
  }

  /** Sends a complete request on (head and body in one write), opening a connection to the target if there is none. */
  private sendOn(ex: InFlight): void {
    const up = this.upstream ?? this.openUpstream();
    this.awaiting.push(ex);
    const flowing = writeRequest(up, ex);
    if (!flowing && !this.client.isPaused()) {
      this.client.pause();
      up.once('drain', () => this.client.resume());
    }
  }

  /** The client's requests as they are framed: each sent on at once without a body, or when its body is complete. */
  private readRequests(): void {
    const requests = this.requests;
    requests[HTTPParser.kOnHeadersComplete] = (info) => {
      if (this.closingClient || this.clientGone || this.finishing) return 2; // a request after a refusal, or once the proxy is stopping: not read
      const ex = requestOf(info, this.options);
      if (typeof ex === 'string') {
        this.endClient(ex);
        return 2;
      }
      if (ex.framing === 'none') {
        this.sendOn(ex);
        return 0;
      }
      this.receiving = ex;
      // The body is read here whole before anything goes on, so the client is told to send it (as node:http does).
      if (headerValue(ex.requestHeaders, 'expect')?.toLowerCase() === '100-continue') this.client.write(CONTINUE, 'latin1');
      return 0;
    };
    requests[HTTPParser.kOnBody] = (chunk) => {
      this.receiving?.bodyChunks.push(chunk);
    };
    requests[HTTPParser.kOnMessageComplete] = () => {
      const ex = this.receiving;
      if (!ex) return;
      this.receiving = null;
      this.sendOn(ex);
    };
  }

  /** The client closed (or ended) its connection: what it had in flight, it gave up. */
  private clientLeft(): void {
    if (this.clientGone) return;
    this.clientGone = true;
    this.closingClient = true;
    const cut = this.receiving;
    this.receiving = null;
    if (cut) this.record(cut, 'client-gone'); // halfway through its body: nothing of it went on
    // Requests sent whole are still answered, and recorded with their answers; then the target's connection is closed.
    this.becameIdle();
  }

  private openUpstream(): Socket {
    const up = this.options.connect();
    this.upstream = up;
    up.setNoDelay(true);
    up.setTimeout(this.options.upstreamTimeoutMs);
    const answers = this.answerFraming();
    up.on('data', (data: Buffer) => {
      if (up !== this.upstream) return;
      if (this.awaiting[0]) this.awaiting[0].answerStarted = true;
      if (!this.clientGone && !this.client.destroyed && !this.client.write(data)) {
        up.pause();
        this.client.once('drain', () => up.resume());
      }
      const result = parse(answers, data);
      if (result instanceof Error) this.upstreamGone(up, new Error(`the target's answer is not HTTP/1.1 (${result.message})`));
    });
    up.on('end', () => {
      // An answer without a length ends with the connection.
      if (up === this.upstream && answers.finish() instanceof Error)
        this.upstreamGone(up, new Error('the target closed the connection in the middle of an answer'));
      this.upstreamGone(up, new Error('the target closed the connection'));
    });
    up.on('timeout', () => {
      if (this.awaiting.length > 0) up.destroy(new Error(`no answer within ${this.options.upstreamTimeoutMs / 1000} s`));
      else if (up === this.upstream) this.closeUpstream(); // idle: a new connection is opened when a request comes
    });
    up.on('error', (error) => this.upstreamGone(up, error));
    up.on('close', () => this.upstreamGone(up, new Error('the target closed the connection')));
    return up;
  }

  /** The framing of one connection's answers: each paired with the request awaiting it, kept, and recorded when complete. */
  private answerFraming(): MessageFraming {
    const answers = new MessageFraming(HTTPParser.RESPONSE);
    let informational = false;
    /** The answer being read ends the connection (Connection: close, or a body that ends with the connection). */
    let lastOnConnection = false;
    answers[HTTPParser.kOnHeadersComplete] = (info) => {
      informational = info.statusCode < 200;
      if (informational) return 0; // 100 Continue, 103 Early Hints: the final answer follows
      const ex = this.awaiting[0];
      if (!ex) throw new Error('an answer to no request');
      lastOnConnection = !info.shouldKeepAlive;
      ex.status = info.statusCode;
      ex.responseHeaders = info.headers;
      return ex.method === 'HEAD' ? 1 : 0; // an answer to HEAD has no body, whatever its content-length says
    };
    answers[HTTPParser.kOnBody] = (chunk) => {
      const ex = this.awaiting[0];
      if (!ex) return;
      if (ex.answerBytes + chunk.length <= this.options.keptAnswerBytes) ex.answerChunks.push(chunk);
      ex.answerBytes += chunk.length;
    };
    answers[HTTPParser.kOnMessageComplete] = () => {
      if (informational) {
        informational = false;
        return;
      }
      const ex = this.awaiting.shift();
      if (!ex) return;
      ex.answeredAt = Date.now();
      this.record(ex, this.clientGone ? 'client-gone' : 'answered');
      // The target closes its connection after this answer, so the client's is closed too: the client
      // then knows where an answer without a length ends, and sends no more on a connection nobody reads.
      if (lastOnConnection) this.endClient(null);
      this.becameIdle();
    };
    return answers;
  }

  /** The target's connection is over: the requests awaiting an answer get none. */
  private upstreamGone(up: Socket, error: Error): void {
    if (up !== this.upstream) return;
    this.upstream = null;
    up.destroy();
    if (this.awaiting.length === 0) return; // between answers (a target closing an idle connection): the next request opens a new one
    const unanswered = this.awaiting.splice(0);
    if (unanswered[0].answerStarted)
      this.client.destroy(); // cut in the middle of an answer: the client must not take a part for the whole
    else if (!this.clientGone)
      this.endClient(plainResponse(502, 'Bad Gateway', `the target did not answer (${this.options.redact(error.message)})`));
    for (const ex of unanswered) this.record(ex, this.clientGone ? 'client-gone' : 'upstream-error');
    // A request still arriving behind them is not sent on: this connection is ending.
    const cut = this.receiving;
    this.receiving = null;
    if (cut) this.record(cut, this.clientGone ? 'client-gone' : 'upstream-error');
    this.becameIdle();
  }
}
