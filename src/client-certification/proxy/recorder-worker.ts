/**
 * The recorder's worker thread: it is fed the proxy's exchanges in batches (./recording-queue.ts), checks and
 * records each in order (./exchange-recorder.ts), makes the console's lines (./progress-lines.ts), and counts what
 * it recorded in memory shared with the forwarding thread, which bounds its queue by those counts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SessionExchange } from '../recorded-session.ts';
import { openExchangeRecorder } from './exchange-recorder.ts';
import type { HandedAnswer, HandedExchange } from './handover.ts';
import { progressLines } from './progress-lines.ts';
import { ANSWER_KINDS, type RecorderInput, type RecorderOutput, type RecorderSetup, type WireExchange } from './recording-queue.ts';

/** The console's count of lines not shown reaches it within this time, even when the traffic stops. */
const CONSOLE_FLUSH_MS = 1000;

const setup = workerData as RecorderSetup;
const port = parentPort!;
const send = (message: RecorderOutput) => port.postMessage(message);
/** [exchanges recorded, answer bytes recorded]: read by the forwarding thread, written here only. */
const counters = new BigInt64Array(setup.counters);

/** The console's text made while recording a batch: sent back once per batch, not once per line (one wakeup of the forwarding thread). */
let consoleText = '';
const sendConsole = () => {
  if (!consoleText) return;
  send({ type: 'console', text: consoleText });
  consoleText = '';
};
const progress = setup.console
  ? progressLines({
      write: (text) => {
        consoleText += text;
      },
    })
  : null;
if (progress)
  setInterval(() => {
    progress.flush();
    sendConsole();
  }, CONSOLE_FLUSH_MS).unref();
let recordedNow: SessionExchange[] = [];
const recorder = openExchangeRecorder({
  sessionPath: setup.sessionPath,
  header: setup.header,
  profile: setup.profile,
  onRecorded:
    progress || setup.handOn
      ? (exchange) => {
          progress?.exchange(exchange);
          if (setup.handOn) recordedNow.push(exchange);
        }
      : undefined,
});
let recorded = 0n;
let recordedBytes = 0n;

/** The request headers of the exchange before (a wire exchange's are null when they are the same). */
let lastRequestHeaders: string[] = [];

/** An exchange of a batch, its bodies as views of the batch's bytes. */
function handed(wire: WireExchange, bytes: Buffer): HandedExchange {
  const [
    seq,
    method,
    path,
    requestHeaders,
    requestBodyAt,
    requestBodyLength,
    arrivedAt,
    answeredAt,
    status,
    retryAfter,
    outcome,
    answerKind,
    key,
  ] = wire;
  const [responseHeaders, responseBodyAt, responseBodyLength] = [wire[13], wire[14], wire[15]];
  if (requestHeaders) lastRequestHeaders = requestHeaders;
  const kind = ANSWER_KINDS[answerKind];
  const answer: HandedAnswer =
    kind === 'check'
      ? { kind, key: key!, headers: responseHeaders!, body: bytes.subarray(responseBodyAt, responseBodyAt + responseBodyLength) }
      : kind === 'same'
        ? { kind, key: key! }
        : { kind };
  return {
    seq,
    method,
    path,
    requestHeaders: lastRequestHeaders,
    requestBody: bytes.subarray(requestBodyAt, requestBodyAt + requestBodyLength),
    arrivedAt,
    answeredAt,
    status,
    retryAfter,
    outcome,
    answer,
  };
}

port.on('message', (message: RecorderInput) => {
  if (message.type === 'batch') {
    if (message.learned) recorder.credentials.add(message.learned);
    const bytes = Buffer.from(message.bytes);
    try {
      for (const wire of JSON.parse(message.exchanges) as WireExchange[]) {
        recorder.record(handed(wire, bytes));
        recorded++;
        recordedBytes += BigInt(Math.max(0, wire[15]));
      }
    } finally {
      sendConsole(); // the lines of the exchanges recorded, even when one of the batch failed
    }
    Atomics.store(counters, 0, recorded);
    Atomics.store(counters, 1, recordedBytes);
    if (recordedNow.length) {
      send({ type: 'recorded', exchanges: recordedNow });
      recordedNow = [];
    }
  } else {
    recorder.end(message.requests, message.unchecked);
    progress?.flush();
    sendConsole();
    send({ type: 'closed' });
    port.close();
  }
});
send({ type: 'ready' });
