/**
 * The recording proxy a partner puts between their own client and the API. It relays each client connection
 * to the target (./http-relay.ts): answers go back as the very bytes the target sent, requests go on as the
 * client sent them (credentials included: they are passed through, held in memory only to redact them, never
 * written). Forwarding does no more than that: once an exchange is over it is handed to the recorder's worker
 * thread (./recording-queue.ts), which runs the suite's exchange checks on the answer and appends the exchange
 * to the session file (./exchange-recorder.ts), in the order the exchanges ended.
 */
import { type AddressInfo, connect as connectTcp, createServer, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { TargetProfile } from '../../config/target-profile.ts';
import { SESSION_FORMAT, type SessionExchange, type SessionHeader } from '../recorded-session.ts';
import { credentialRedaction } from './handover.ts';
import { type RelayedConnection, relayConnection } from './http-relay.ts';
import { type RecordingQueueOptions, startRecordingQueue } from './recording-queue.ts';

/** Request bodies are recorded up to this size (a create body is under 2 KiB); answers are checked up to the second. */
const RECORDED_BODY_BYTES = 64 * 1024;
const CHECKED_ANSWER_BYTES = 16 * 1024 * 1024;
/** An answer the target has not finished in this time is cut, and recorded as an upstream error. */
const UPSTREAM_TIMEOUT_MS = 60_000;

export interface ProxyOptions {
  /** The target's base URL (its path is the base path every request is sent under). */
  target: string;
  port?: number;
  sessionPath: string;
  profile: TargetProfile;
  bundledReference: boolean;
  /** The console's lines (./progress-lines.ts: a line per exchange, never a flood), made off the forwarding path. */
  console?: (text: string) => void;
  /** Called with each exchange once it is recorded (redacted), on this thread. */
  onExchange?: (exchange: SessionExchange) => void;
  /** Bounds of the queue to the checks (./recording-queue.ts). */
  queueCapacity?: RecordingQueueOptions['capacity'];
  /** Nothing is checked or recorded before this settles or the proxy stops (tests: a recorder that has fallen behind). */
  recordingHeldUntil?: Promise<void>;
}

export interface RunningProxy {
  url: string;
  /** Exchanges begun so far. */
  readonly count: number;
  /** Exchanges recorded without their answers checked, the queue to the checks being full. */
  readonly unchecked: number;
  /** Stops accepting requests, waits for those in flight, records every exchange, closes the session file. */
  close(): Promise<void>;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = new URL(options.target);
  const basePath = target.pathname.replace(/\/+$/, '');
  const secure = target.protocol === 'https:';
  const targetPort = Number(target.port || (secure ? 443 : 80));
  const connect = (): Socket =>
    secure
      ? connectTls({ host: target.hostname, port: targetPort, servername: isIP(target.hostname) ? undefined : target.hostname })
      : connectTcp({ host: target.hostname, port: targetPort });
  // Learnt here as each request's head arrives, to redact what the proxy tells a client of its own; each value new
  // here goes to the recorder too, before any exchange that ends after it, as it redacted in place before.
  const credentials = credentialRedaction();
  const header: SessionHeader = {
    type: 'session',
    format: SESSION_FORMAT,
    startedAt: new Date().toISOString(),
    target: `${target.origin}${basePath}`,
    bundledReference: options.bundledReference,
    profile: options.profile,
  };
  const recording = await startRecordingQueue({
    sessionPath: options.sessionPath,
    header,
    profile: options.profile,
    console: options.console,
    onRecorded: options.onExchange,
    capacity: options.queueCapacity,
    heldUntil: options.recordingHeldUntil,
    redact: (text) => credentials.redact(text),
  });
  let seq = 0;
  let inFlight = 0;
  let stopping = false;
  let drained: (() => void) | null = null;
  const connections = new Set<RelayedConnection>();

  const server = createServer((client) => {
    const connection = relayConnection(client, {
      connect,
      targetHost: target.host,
      basePath,
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
      keptRequestBytes: RECORDED_BODY_BYTES,
      keptAnswerBytes: CHECKED_ANSWER_BYTES,
      onRequestHead(headers) {
        const fresh = credentials.learn(headers);
        if (fresh) recording.learned(fresh);
        inFlight++;
        return ++seq;
      },
      redact: (text) => credentials.redact(text),
      onExchange(ex) {
        recording.hand(ex);
        if (--inFlight === 0) drained?.();
      },
    });
    connections.add(connection);
    client.once('close', () => connections.delete(connection));
    if (stopping) connection.finish();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', resolve);
    });
  } catch (error) {
    await recording.close(0).catch(() => undefined);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;

  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return seq;
    },
    get unchecked() {
      return recording.unchecked;
    },
    close() {
      closing ??= (async () => {
        stopping = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Each connection takes no new request, and ends once what it has in flight is answered and recorded.
        for (const connection of connections) connection.finish();
        if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
        for (const connection of connections) connection.destroy();
        await closed;
        // The queue drained: every exchange recorded, in order, before the end line.
        await recording.close(seq);
      })();
      return closing;
    },
  };
}
