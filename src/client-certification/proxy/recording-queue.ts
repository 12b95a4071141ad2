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
 * message per event-loop turn (one or two exchanges) cost it more than the checks it moved away (measured).
 */
const BATCH_EXCHANGES = 512;
const BATCH_MS = 20;
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

/** Starts the recorder's worker (the session file's header written) and returns the queue that feeds it. */
export async function startRecordingQueue(options: RecordingQueueOptions): Promise<RecordingQueue> {
  const maxExchanges = options.capacity?.exchanges ?? QUEUE_EXCHANGES;
  const maxAnswerBytes = options.capacity?.answerBytes ?? QUEUE_ANSWER_BYTES;
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
  /** Handed over so far: exchanges, and the bytes of their answers (compared with the worker's counts). */
  let handed = 0;
  let handedBytes = 0;
  let unchecked = 0;
  /** The last exchange handed over went without its answer (a stretch of them is said once on the console). */
  let overflowing = false;
  /** The exchanges of the batch being made, and the bodies it carries (copied into one buffer when it goes). */
  let batch: WireExchange[] = [];
  let bodies: Buffer[] = [];
  let bodyBytes = 0;
  /** The request headers last handed over (the worker keeps them too). */
  let lastRequestHeaders: string[] = [];
  /** The bytes of the answer last handed over for checking, by key; kept in step with the worker's results. */
  const answers = new Map<string, Buffer>();
  let learned: string[] | null = null;
  let scheduled = false;
  let held = options.heldUntil !== undefined;
  let closing = false;
  let failure: Error | null = null;
  let onClosed: (() => void) | null = null;
  let onFailure: ((error: Error) => void) | null = null;
  await new Promise<void>((ready, fail) => {
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the proxy's recorder exited (${code}) before it started`)));
    worker.once('message', (message: RecorderOutput) =>
      message.type === 'ready' ? ready() : fail(new Error('the recorder did not start')),
    );
  });
  worker.removeAllListeners();
  worker.on('message', (message: RecorderOutput) => {
    if (message.type === 'console') options.console?.(message.text);
    else if (message.type === 'recorded') for (const exchange of message.exchanges) options.onRecorded?.(exchange);
    else if (message.type === 'closed') onClosed?.();
  });
  /** The recorder failed: said on the console at once; what is handed over from now on is counted, not kept. */
  const failed = (thrown: Error) => {
    const error = new Error(options.redact ? options.redact(thrown.message) : thrown.message);
    if (!failure)
      options.console?.(`    ! the proxy's recorder stopped (${error.message}): exchanges are relayed but no longer recorded\n`);
    failure ??= error;
    onFailure?.(failure);
  };
  worker.on('error', failed);
  worker.on('exit', () => {
    if (!closing) failed(new Error("the proxy's recorder stopped"));
  });

  function flush(): void {
    scheduled = false;
    if (held || failure || batch.length === 0) return;
    const bytes = Buffer.allocUnsafeSlow(bodyBytes);
    let at = 0;
    for (const body of bodies) at += body.copy(bytes, at);
    // As one JSON text: V8 writes and reads it faster than the structured clone of hundreds of small arrays (measured).
    const message: RecorderInput = { type: 'batch', learned, exchanges: JSON.stringify(batch), bytes: bytes.buffer as ArrayBuffer };
    batch = [];
    bodies = [];
    bodyBytes = 0;
    learned = null;
    worker.postMessage(message, [message.bytes]);
  }

  /** Adds a body to the batch's bytes; returns where it starts. */
  function carry(body: Buffer): number {
    const at = bodyBytes;
    bodies.push(body);
    bodyBytes += body.length;
    return at;
  }

  /** What becomes of an exchange's answer (exchange-recorder.ts, HandedAnswer), and the answer's key. */
  function answerOf(ex: RelayedExchange, headers: AnswerHeaders): { kind: (typeof ANSWER_KINDS)[number]; key: string | null } {
    // Only a complete answer is checked, and not one to HEAD (it has no body by definition; the contract has no HEAD).
    if (ex.responseBody === null || ex.status === null || ex.answeredAt === null || ex.method === 'HEAD')
      return { kind: 'none', key: null };
    const body = ex.responseBody;
    const key = answerKey(ex.method, ex.path, ex.status, headers);
    const known = answers.get(key);
    if (known !== undefined && known !== TOO_LARGE && known.equals(body)) return { kind: 'same', key };
    const waiting = handed - Number(Atomics.load(counters, 0));
    const waitingBytes = handedBytes - Number(Atomics.load(counters, 1));
    if (waiting >= maxExchanges || waitingBytes + body.length > maxAnswerBytes) {
      unchecked++;
      if (!overflowing)
        options.console?.(
          `    ! the checks are behind the traffic: #${ex.seq} and the answers after it are recorded unchecked until they catch up (counted; reported when the proxy stops)\n`,
        );
      overflowing = true;
      return { kind: 'unchecked', key: null };
    }
    overflowing = false;
    handedBytes += body.length;
    if (body.length <= ANSWER_BYTES_REMEMBERED) remember(answers, key, body);
    // A larger answer is not remembered here; the worker still remembers its result: forgetting it here keeps both in step.
    else remember(answers, key, TOO_LARGE);
    return { kind: 'check', key };
  }

  void options.heldUntil?.then(() => {
    held = false;
    flush();
  });

  let closing_: Promise<void> | null = null;
  return {
    hand(ex) {
      if (failure) {
        handed++; // not recorded: counted in the error the stop reports
        return;
      }
      const headers = answerHeaders(ex.responseHeaders);
      const answer = answerOf(ex, headers);
      const sameHeaders =
        ex.requestHeaders.length === lastRequestHeaders.length && ex.requestHeaders.every((value, i) => value === lastRequestHeaders[i]);
      lastRequestHeaders = ex.requestHeaders;
      const checked = answer.kind === 'check';
      batch.push([
        ex.seq,
        ex.method,
        ex.path,
        sameHeaders ? null : ex.requestHeaders,
        ex.requestBody.length ? carry(ex.requestBody) : 0,
        ex.requestBody.length,
        ex.arrivedAt,
        ex.answeredAt,
        ex.status,
        headers.retryAfter,
        ex.outcome,
        ANSWER_KINDS.indexOf(answer.kind),
        answer.key,
        checked ? ex.responseHeaders : null,
        checked ? carry(ex.responseBody!) : -1,
        checked ? ex.responseBody!.length : -1,
      ]);
      handed++;
      if (batch.length >= BATCH_EXCHANGES) flush();
      else if (!scheduled) {
        scheduled = true;
        setTimeout(flush, BATCH_MS);
      }
    },
    learned(values) {
      learned = [...(learned ?? []), ...values];
    },
    get unchecked() {
      return unchecked;
    },
    close(requests) {
      closing_ ??= (async () => {
        closing = true;
        if (failure)
          throw new Error(`${(failure as Error).message}: ${handed - Number(Atomics.load(counters, 0))} exchange(s) not recorded`);
        held = false; // stopping drains the queue, held or not
        flush();
        const closed = new Promise<void>((resolve, reject) => {
          onClosed = resolve;
          onFailure = (error) =>
            reject(new Error(`${error.message}: ${handed - Number(Atomics.load(counters, 0))} exchange(s) not recorded`));
        });
        worker.postMessage({ type: 'end', requests, unchecked } satisfies RecorderInput);
        await closed;
        await worker.terminate();
      })();
      return closing_;
    },
  };
}
