/**
 * The lists every worker starts from (the offers, the allocation records), read once by the global setup and handed
 * to the workers in a run file (reports/runs/<runId>/target-facts.json), instead of read again by each worker.
 *
 * Why once, and not judged there: Playwright starts a new worker after every failed test. When each worker read the
 * lists itself, the exchange checks judged that read in whichever test asked first, so on a target whose offers fail
 * their schema every test that needed an offer failed on OFFER-SCHEMA (45 of 65 conformance tests), each failure
 * paying a new worker, and which tests failed depended on the order they ran in. Read here, a list's deviations are
 * reported by the tests of that operation, which read it themselves (offers.spec.ts, allocations.spec.ts), and the
 * tests that only need an offer to work with judge their own clauses.
 *
 * A list is shared only when it is a 200 with a JSON array, and only when no credential is in it (a hostile target
 * may echo one; the run's files never hold one): otherwise the workers read it themselves, as before.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { ApiClient } from '../client/api-client.ts';
import type { Redactor } from '../config/redact.ts';
import type { AllocationRecord, Offer } from '../contract/types.ts';
import { runFile } from '../run/run-paths.ts';
import { arrayOrNull, type SharedFacts } from './target-facts.ts';

/**
 * Reads the lists once and writes them for this run's workers when they can be shared; returns what it read either
 * way (the global setup settles the run's currencies on the offers).
 */
export async function shareTargetFacts(client: ApiClient, runId: string, redact: Redactor): Promise<SharedFacts> {
  const path = runFile.targetFacts(runId);
  rmSync(path, { force: true }); // a reused RUN_ID never hands this run another run's lists
  const facts: SharedFacts = {};
  const offers = arrayOrNull<Offer>(await client.listOffers());
  if (offers) facts.offers = offers;
  const allocations = arrayOrNull<AllocationRecord>(await client.listAllocations());
  if (allocations) facts.allocations = allocations;
  const json = JSON.stringify(facts);
  // A credential in the lists: not written; each worker reads them itself.
  if (redact(json) === json) writeFileSync(path, json);
  return facts;
}

/** The lists the global setup shared for this run, or none (a run without that setup, or lists it could not share). */
export function readSharedFacts(runId: string): SharedFacts {
  const path = runFile.targetFacts(runId);
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as SharedFacts;
  } catch {
    return {}; // unreadable: each worker reads the lists itself
  }
}
