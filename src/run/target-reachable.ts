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
    if (error instanceof TransportError) throw new ConfigError(`The target ${baseUrl} cannot be reached: ${error.message.replace(/^\S+ \S+ failed: /, '')}`);
    throw error;
  }
}

export async function checkTargetReachable(client: ApiClient, baseUrl: string): Promise<Exchange> {
  const ex = await unreachableAsConfigError(baseUrl, () => client.listOffers({ offset: 0, limit: 1 }));
  if (ex.status === 401 || ex.status === 403) {
    throw new ConfigError(`The target ${baseUrl} refused the credentials (HTTP ${ex.status} on GET /offer); check API_SUBSCRIPTION_KEY and API_SECRET.`);
  }
  return ex;
}
