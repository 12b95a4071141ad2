/**
 * The first request of every run: the target answers, and accepts the credentials. Otherwise the run
 * stops with one sentence (a ConfigError of its kind) instead of a wall of failures that say nothing:
 * unreachable, timed out or answering 5xx is `target-unavailable` (exit 5, retry later), 401/403 is
 * `credentials-refused` (exit 6), anything else (a wrong base path, a port fetch refuses) `configuration` (exit 2).
 * Conformance/fuzz global setup, the certification preflight, load and cleanup all start here.
 */
import { connect } from 'node:net';
import { TransportError, type ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { ConfigError } from '../config/config-error.ts';

/** Runs `work`; a transport failure in it becomes the one sentence "the target cannot be reached". */
export async function unreachableAsConfigError<T>(baseUrl: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TransportError)
      throw new ConfigError(
        `The target ${baseUrl} cannot be reached: ${error.message.replace(/^\S+ \S+ failed: /, '')}`,
        error.badPort ? 'configuration' : 'target-unavailable',
      );
    throw error;
  }
}

const BASE_PATH_HINT = "is API_BASE_URL the API's base path (the one /offer, /subscription and /allocation hang from)?";

/**
 * Refuses, in seconds and with one sentence, a target that is not this API at its base path:
 * - GET /offer with credentials answered 401/403: the credentials;
 * - answered 5xx: the target is not in a state to be tested now;
 * - answered any other non-2xx (404, 405, 3xx...): a wrong base path;
 * - answered 2xx with something that is not a JSON list (a web page, a portal): a wrong base path;
 * - the same call without credentials answered 2xx with something that is not a JSON list: a
 *   catch-all (a gateway's open path, a mock), not the API.
 * A 2xx JSON list without credentials is NOT refused here: that is a service that does not enforce
 * authentication, a contract deviation the run reports on AUTH-REQUIRED (exit 1) with everything else
 * it finds, rather than a configuration error that would hide it.
 * A 429 passes: the run paces itself and reports rate limiting.
 */
export async function checkTargetReachable(client: ApiClient, baseUrl: string): Promise<Exchange> {
  const ex = await unreachableAsConfigError(baseUrl, () => client.listOffers({ offset: 0, limit: 1 }));
  if (ex.status === 401 || ex.status === 403) {
    throw new ConfigError(
      `The target ${baseUrl} refused the credentials (HTTP ${ex.status} on GET /offer); check API_SUBSCRIPTION_KEY and API_SECRET.`,
      'credentials-refused',
    );
  }
  if (ex.status >= 500)
    throw new ConfigError(
      `The target ${baseUrl} answered HTTP ${ex.status} on GET /offer; it is not in a state to be tested now.`,
      'target-unavailable',
    );
  if (ex.status === 429) return ex;
  // Cut off at the size cap (a 2 GiB Content-Length, an endless body): what is wrong is the size, not an empty body.
  if (overCap(ex))
    throw new ConfigError(
      `The target answered more than ${capMb(client)} MB on GET ${baseUrl}/offer?offset=0&limit=1 (one offer asked for; ${ex.bodyError}): ${BASE_PATH_HINT}`,
    );
  if (ex.status < 200 || ex.status >= 300)
    throw new ConfigError(`The target answered HTTP ${ex.status} on GET ${baseUrl}/offer with credentials: ${BASE_PATH_HINT}`);
  if (!Array.isArray(ex.body))
    throw new ConfigError(
      `The target answered GET ${baseUrl}/offer with ${describeBody(ex, client)}, not a JSON list of offers: ${BASE_PATH_HINT}`,
    );
  const anonymous = await unreachableAsConfigError(baseUrl, () => client.listOffers({ offset: 0, limit: 1 }, 'none'));
  if (anonymous.status >= 200 && anonymous.status < 300 && !Array.isArray(anonymous.body)) {
    throw new ConfigError(
      `The target answered GET ${baseUrl}/offer WITHOUT credentials with HTTP ${anonymous.status} and ${describeBody(anonymous, client)}, so it is not the API: ${BASE_PATH_HINT}`,
    );
  }
  return ex;
}

/** The client's response-size cap in MB, as API_MAX_RESPONSE_MB sets it. */
function capMb(client: ApiClient): number {
  return Math.round((client.maxResponseBytes / (1024 * 1024)) * 10) / 10;
}

/** The answer was cut off at the client's response-size cap (a 2 GiB Content-Length, an endless body). */
function overCap(ex: Exchange): boolean {
  return ex.bodyError !== undefined && /response-size cap/.test(ex.bodyError);
}

/** What the body was, in a few words; a body cut off at the size cap says so, never "an empty body". */
function describeBody(ex: Exchange, client: ApiClient): string {
  if (overCap(ex)) return `more than ${capMb(client)} MB (${ex.bodyError})`;
  if (ex.isJson) return `JSON ${Array.isArray(ex.body) ? 'list' : ex.body === null ? 'null' : typeof ex.body}`;
  return ex.text.length ? `a ${ex.responseHeaders['content-type'] ?? 'body of unknown type'} body` : 'an empty body';
}

/**
 * For a command that relays a client's requests and holds no credentials of its own (the proxy): the target's host
 * accepts a connection within `timeoutMs`. A refusal or silence is `target-unavailable` (exit 5), said before the
 * partner's client is pointed at a proxy that could only answer 502.
 */
export async function checkTargetConnects(baseUrl: string, timeoutMs: number): Promise<void> {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError(`The target "${baseUrl}" is not a valid URL; give one such as https://staging.example.com/api.`);
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const problem = await new Promise<string | null>((resolve) => {
    const socket = connect({ host: url.hostname, port });
    const done = (result: string | null) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(`no connection within ${timeoutMs} ms`));
    socket.once('connect', () => done(null));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
  if (problem) throw new ConfigError(`The target ${url.origin} cannot be reached: ${problem}.`, 'target-unavailable');
}
