/**
 * The first request of every run: the target answers, and accepts the credentials. Otherwise the run
 * stops with one sentence (ConfigError, exit 2) instead of a wall of failures that say nothing.
 * Conformance/fuzz global setup and the certification preflight both start here.
 */
import { TransportError, type ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { ConfigError } from '../config/config-error.ts';

/** Runs `work`; a transport failure in it becomes the one sentence "the target cannot be reached". */
export async function unreachableAsConfigError<T>(baseUrl: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TransportError)
      throw new ConfigError(`The target ${baseUrl} cannot be reached: ${error.message.replace(/^\S+ \S+ failed: /, '')}`);
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
    );
  }
  if (ex.status >= 500)
    throw new ConfigError(`The target ${baseUrl} answered HTTP ${ex.status} on GET /offer; it is not in a state to be tested now.`);
  if (ex.status === 429) return ex;
  if (ex.status < 200 || ex.status >= 300)
    throw new ConfigError(`The target answered HTTP ${ex.status} on GET ${baseUrl}/offer with credentials: ${BASE_PATH_HINT}`);
  if (!Array.isArray(ex.body))
    throw new ConfigError(
      `The target answered GET ${baseUrl}/offer with ${describeBody(ex)}, not a JSON list of offers: ${BASE_PATH_HINT}`,
    );
  const anonymous = await unreachableAsConfigError(baseUrl, () => client.listOffers({ offset: 0, limit: 1 }, 'none'));
  if (anonymous.status >= 200 && anonymous.status < 300 && !Array.isArray(anonymous.body)) {
    throw new ConfigError(
      `The target answered GET ${baseUrl}/offer WITHOUT credentials with HTTP ${anonymous.status} and ${describeBody(anonymous)}, so it is not the API: ${BASE_PATH_HINT}`,
    );
  }
  return ex;
}

function describeBody(ex: Exchange): string {
  if (ex.isJson) return `JSON ${Array.isArray(ex.body) ? 'list' : ex.body === null ? 'null' : typeof ex.body}`;
  return ex.text.length ? `a ${ex.responseHeaders['content-type'] ?? 'body of unknown type'} body` : 'an empty body';
}
