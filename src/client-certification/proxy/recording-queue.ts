/**
 * The forwarding thread's side of the recorder: the checks and the session recording run in a worker thread
 * (./recorder-worker.ts), so forwarding an answer costs what a relay's does plus the HTTP framing, and no check
 * delays the next request. Each exchange is handed over as soon as it is over, in batches (one message and one
 * copy of the bodies per batch, the copy transferred, not cloned), in the order the exchanges ended: the order of
 * the session file.
 *
 * The queue is bounded: exchanges handed over and not recorded yet, and the bytes of their answers. Past either
 * bound an exchange is still handed over and recorded, in its place, but without its answer: it is marked
 * `unchecked` in the session, counted, said on the console and at the end, and the client certification reports
 * the count. None is dropped. Closing drains the queue: every exchange is recorded before the session's end line.
 */
import { Worker } from 'node:worker_threads';
import type { TargetProfile } from '../../config/target-profile.ts';
import type { SessionExchange, SessionHeader } from '../recorded-session.ts';
import { type AnswerHeaders, answerHeaders, answerKey, remember } from './handover.ts';
import type { RelayedExchange, RelayOutcome } from './http-relay.ts';

/** Default bounds of the queue: a few seconds of a busy client's traffic, and memory a laptop spares. */
export const QUEUE_EXCHANGES = 10_000;
export const QUEUE_ANSWER_BYTES = 64 * 1024 * 1024;
/**
 * A batch goes when this many exchanges wait, or this long after the first of them, whichever comes first. A message
 * costs the forwarding thread about as much as checking a cached answer did: at thousands of exchanges a second a
 * message per event-loop turn (one or two exchanges) cost it more than the checks it moved away (measured). At a
 * client's steady rate each batch wakes the worker, which records, writes and sends the console's lines back while
 * the next exchanges are in flight: with 20 ms, at a steady 100 requests/s that was 50 times a second, each landing
 * on the exchange two requests later; with 100 ms the proxy spends about 90 µs less CPU per exchange there, and its
 * p99 added was lower in most rounds side by side (docs/benchmarks.md, bench:proxy). The session is written once
 * per batch, so this is also the most a killed proxy loses.
 */
const BATCH_EXCHANGES = 512;
const BATCH_MS = 100;
/**
 * Answers up to this size are remembered (by key: answerKey) as their bytes, so that the same answer again is handed
 * over as "the same" (compared with memcmp, not copied); larger ones are handed over, and checked, every time.
 */
const ANSWER_BYTES_REMEMBERED = 256 * 1024;

/** Kinds of HandedAnswer, by number on the wire. */
export const ANSWER_KINDS = ['none', 'check', 'same', 'unchecked'] as const;

/**
 * An exchange as sent to the worker: a tuple (the structured clone writes no key names), its bodies as places in the
 * batch's bytes, its request headers null when they are those of the exchange before it (a client repeats them).
 */
export type WireExchange = [
  seq: number,
  method: string,
  path: string,
  requestHeaders: string[] | null,
  requestBodyAt: number,
  requestBodyLength: number,
  arrivedAt: number,
  answeredAt: number | null,
  status: number | null,
  retryAfter: string | null,
  outcome: RelayOutcome,
  answerKind: number,
  answerKey: string | null,
  responseHeaders: string[] | null,
  responseBodyAt: number,
  responseBodyLength: number,
];

export interface RecorderSetup {
  sessionPath: string;
  header: SessionHeader;
  profile: TargetProfile;
  /** Post each recorded exchange back (for `onRecorded`). */
  handOn: boolean;
  /** Make the console's lines (progress-lines.ts) and post their text back. */
  console: boolean;
  /** Shared [exchanges recorded, answer bytes recorded] (BigInt64Array), written by the worker. */
  counters: SharedArrayBuffer;
}

export type RecorderInput =
  | { type: 'batch'; learned: string[] | null /** WireExchange[] as JSON */; exchanges: string; bytes: ArrayBuffer }
  | { type: 'end'; requests: number; unchecked: number };

export type RecorderOutput =
  | { type: 'ready' }
  | { type: 'console'; text: string }
  | { type: 'recorded'; exchanges: SessionExchange[] }
  | { type: 'closed' };

export interface RecordingQueueOptions {
  sessionPath: string;
  header: SessionHeader;
  profile: TargetProfile;
  /** The console's lines, made in the worker. */
  console?: (text: string) => void;
  /** Each exchange once recorded, redacted. */
  onRecorded?: (exchange: SessionExchange) => void;
  /** Bounds of the queue (defaults QUEUE_EXCHANGES, QUEUE_ANSWER_BYTES). */
  capacity?: { exchanges?: number; answerBytes?: number };
  /** Redacts the credentials seen so far from the recorder's error, which can quote anything. */
  redact?: (text: string) => string;
  /** Nothing is handed to the worker before this settles, or the queue is closed (a test's recorder that has fallen behind). */
  heldUntil?: Promise<void>;
}

export interface RecordingQueue {
  /** Hands an exchange over to be checked and recorded (without its answer when the queue is full). */
  hand(ex: RelayedExchange): void;
  /** Credential values the forwarding side saw first: the recorder redacts them from what it records from now on. */
  learned(values: readonly string[]): void;
  /** Exchanges recorded without their answers checked, the queue being full. */
  readonly unchecked: number;
  /** Records every exchange handed over, then the end line (`requests` begun), closes the session and the worker. */
  close(requests: number): Promise<void>;
}

/**
 * The worker is started from a line of JavaScript that registers tsx's loader first: a worker thread does not
 * inherit the loader of the thread that starts it (`node --import tsx`, tsx, Playwright's), and its module is TypeScript.
 */
function startWorker(setup: RecorderSetup): Worker {
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./recorder-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: setup, execArgv: [] });
}

/** Remembered in place of an answer too large to remember: a place in the order, which no answer is the same as. */
const TOO_LARGE = Buffer.alloc(0);

/** Waits for the worker's first word: ready, or why it did not start. */
function workerStarted(worker: Worker): Promise<void> {
  return new Promise<void>((ready, fail) => {
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the proxy's recorder exited (${code}) before it started`)));
    worker.once('message', (message: RecorderOutput) =>
      message.type === 'ready' ? ready() : fail(new Error('the recorder did not start')),
    );
  });
}

/** Starts the recorder's worker (the session file's header written) and returns the queue that feeds it. */
export async function startRecordingQueue(options: RecordingQueueOptions): Promise<RecordingQueue> {
  const shared = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);
  const counters = new BigInt64Array(shared);
  const worker = startWorker({
    sessionPath: options.sessionPath,
    header: options.header,
    profile: options.profile,
    handOn: options.onRecorded !== undefined,
    console: options.console !== undefined,
    counters: shared,
  });
  await workerStarted(worker);
  worker.removeAllListeners();
  return new WorkerQueue(worker, counters, options);
}

/** The queue that feeds a started worker: batches of exchanges, bounded, and the worker's messages back. */
class WorkerQueue implements RecordingQueue {
  private readonly maxExchanges: number;
  private readonly maxAnswerBytes: number;
  /** Handed over so far: exchanges, and the bytes of their answers (compared with the worker's counts). */
  private handed = 0;
  private handedBytes = 0;
  private uncheckedCount = 0;
  /** The last exchange handed over went without its answer (a stretch of them is said once on the console). */
  private overflowing = false;
  /** The exchanges of the batch being made, and the bodies it carries (copied into one buffer when it goes). */
  private batch: WireExchange[] = [];
  private bodies: Buffer[] = [];
  private bodyBytes = 0;
  /** The request headers last handed over (the worker keeps them too). */
  private lastRequestHeaders: string[] = [];
  /** The bytes of the answer last handed over for checking, by key; kept in step with the worker's results. */
  private readonly answers = new Map<string, Buffer>();
  private learnedValues: string[] | null = null;
  private scheduled = false;
  private held: boolean;
  private closing = false;
  private failure: Error | null = null;
  private onClosed: (() => void) | null = null;
  private onFailure: ((error: Error) => void) | null = null;
  private closed: Promise<void> | null = null;
  private readonly flushLater = () => this.flush();

  constructor(
    private readonly worker: Worker,
    private readonly counters: BigInt64Array,
    private readonly options: RecordingQueueOptions,
  ) {
    this.maxExchanges = options.capacity?.exchanges ?? QUEUE_EXCHANGES;
    this.maxAnswerBytes = options.capacity?.answerBytes ?? QUEUE_ANSWER_BYTES;
    this.held = options.heldUntil !== undefined;
    worker.on('message', (message: RecorderOutput) => {
      if (message.type === 'console') options.console?.(message.text);
      else if (message.type === 'recorded') for (const exchange of message.exchanges) options.onRecorded?.(exchange);
      else if (message.type === 'closed') this.onClosed?.();
    });
    worker.on('error', (error) => this.failed(error));
    worker.on('exit', () => {
      if (!this.closing) this.failed(new Error("the proxy's recorder stopped"));
    });
    void options.heldUntil?.then(() => {
      this.held = false;
      this.flush();
    });
  }

  /** The recorder failed: said on the console at once; what is handed over from now on is counted, not kept. */
  private failed(thrown: Error): void {
    const error = new Error(this.options.redact ? this.options.redact(thrown.message) : thrown.message);
    if (!this.failure)
      this.options.console?.(`    ! the proxy's recorder stopped (${error.message}): exchanges are relayed but no longer recorded\n`);
    this.failure ??= error;
    this.onFailure?.(this.failure);
  }

  /** Exchanges handed over that the worker has not recorded yet. */
  private notRecorded(): number {
    return this.handed - Number(Atomics.load(this.counters, 0));
  }

  private flush(): void {
    this.scheduled = false;
    if (this.held || this.failure || this.batch.length === 0) return;
    const bytes = Buffer.allocUnsafeSlow(this.bodyBytes);
    let at = 0;
    for (const body of this.bodies) at += body.copy(bytes, at);
    // As one JSON text: V8 writes and reads it faster than the structured clone of hundreds of small arrays (measured).
    const message: RecorderInput = {
      type: 'batch',
      learned: this.learnedValues,
      exchanges: JSON.stringify(this.batch),
      bytes: bytes.buffer as ArrayBuffer,
    };
    this.batch = [];
    this.bodies = [];
    this.bodyBytes = 0;
    this.learnedValues = null;
    this.worker.postMessage(message, [message.bytes]);
  }

  /** Adds a body to the batch's bytes; returns where it starts. */
  private carry(body: Buffer): number {
    const at = this.bodyBytes;
    this.bodies.push(body);
    this.bodyBytes += body.length;
    return at;
  }

  /** What becomes of an exchange's answer (exchange-recorder.ts, HandedAnswer), and the answer's key. */
  private answerOf(ex: RelayedExchange, headers: AnswerHeaders): { kind: (typeof ANSWER_KINDS)[number]; key: string | null } {
    // Only a complete answer is checked, and not one to HEAD (it has no body by definition; the contract has no HEAD).
    if (ex.responseBody === null || ex.status === null || ex.answeredAt === null || ex.method === 'HEAD')
      return { kind: 'none', key: null };
    const body = ex.responseBody;
    const key = answerKey(ex.method, ex.path, ex.status, headers);
    const known = this.answers.get(key);
    if (known !== undefined && known !== TOO_LARGE && known.equals(body)) return { kind: 'same', key };
    const waiting = this.notRecorded();
    const waitingBytes = this.handedBytes - Number(Atomics.load(this.counters, 1));
    if (waiting >= this.maxExchanges || waitingBytes + body.length > this.maxAnswerBytes) {
      this.uncheckedCount++;
      if (!this.overflowing)
        this.options.console?.(
          `    ! the checks are behind the traffic: #${ex.seq} and the answers after it are recorded unchecked until they catch up (counted; reported when the proxy stops)\n`,
        );
      this.overflowing = true;
      return { kind: 'unchecked', key: null };
    }
    this.overflowing = false;
    this.handedBytes += body.length;
    if (body.length <= ANSWER_BYTES_REMEMBERED) remember(this.answers, key, body);
    // A larger answer is not remembered here; the worker still remembers its result: forgetting it here keeps both in step.
    else remember(this.answers, key, TOO_LARGE);
    return { kind: 'check', key };
  }

  hand(ex: RelayedExchange): void {
    if (this.failure) {
      this.handed++; // not recorded: counted in the error the stop reports
      return;
    }
    const headers = answerHeaders(ex.responseHeaders);
    const answer = this.answerOf(ex, headers);
    const last = this.lastRequestHeaders;
    const sameHeaders = ex.requestHeaders.length === last.length && ex.requestHeaders.every((value, i) => value === last[i]);
    this.lastRequestHeaders = ex.requestHeaders;
    const checked = answer.kind === 'check';
    this.batch.push([
      ex.seq,
      ex.method,
      ex.path,
      sameHeaders ? null : ex.requestHeaders,
      ex.requestBody.length ? this.carry(ex.requestBody) : 0,
      ex.requestBody.length,
      ex.arrivedAt,
      ex.answeredAt,
      ex.status,
      headers.retryAfter,
      ex.outcome,
      ANSWER_KINDS.indexOf(answer.kind),
      answer.key,
      checked ? ex.responseHeaders : null,
      checked ? this.carry(ex.responseBody!) : -1,
      checked ? ex.responseBody!.length : -1,
    ]);
    this.handed++;
    if (this.batch.length >= BATCH_EXCHANGES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setTimeout(this.flushLater, BATCH_MS);
    }
  }

  learned(values: readonly string[]): void {
    this.learnedValues = [...(this.learnedValues ?? []), ...values];
  }

  get unchecked(): number {
    return this.uncheckedCount;
  }

  close(requests: number): Promise<void> {
    this.closed ??= this.drainAndEnd(requests);
    return this.closed;
  }

  /** Records every exchange handed over, then the end line; ends the worker. */
  private async drainAndEnd(requests: number): Promise<void> {
    this.closing = true;
    if (this.failure) throw new Error(`${this.failure.message}: ${this.notRecorded()} exchange(s) not recorded`);
    this.held = false; // stopping drains the queue, held or not
    this.flush();
    const closed = new Promise<void>((resolve, reject) => {
      this.onClosed = resolve;
      this.onFailure = (error) => reject(new Error(`${error.message}: ${this.notRecorded()} exchange(s) not recorded`));
    });
    this.worker.postMessage({ type: 'end', requests, unchecked: this.uncheckedCount } satisfies RecorderInput);
    await closed;
    await this.worker.terminate();
  }
}
