// The cheap driver of the SIGKILL trials (sigkill-trials.test.ts): the suite's own client and journal creating
// subscriptions one after another against a target, until the trial kills it (SIGKILL, at a random moment).
// Everything it needs comes as arguments, so it loads nothing but the client.
// Usage (forked, with IPC; the trials bundle it first): node create-driver.mjs <target url> <run id> <journal path> <json>
//   json: {"credentials": {...}, "profile": {...}, "body": {...}, "target": {...}}  (target: the journal's, as a run writes it)
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Journal, type JournalTarget } from '../../src/run/journal.ts';
import { clientFor, type ClientForOptions } from '../client/client-for.ts';

const [url, runId, journalPath, json] = process.argv.slice(2);
const { credentials, profile, body, target } = JSON.parse(json) as Required<Pick<ClientForOptions, 'credentials' | 'profile'>> & {
  body: unknown;
  target: JournalTarget;
};
mkdirSync(dirname(journalPath), { recursive: true });
const { client } = await clientFor(url, { credentials, profile, journal: new Journal(runId, journalPath, target) });
for (let n = 0; ; n++) {
  // Answers the front turns into 5xx or resets are of unknown outcome: journalled, never retried, the loop goes on.
  await client.createSubscription(body).catch(() => {});
  // Ready once warm (the first request pays for loading fetch): the kill then lands anywhere in a steady stream.
  if (n === 0) process.send?.('ready');
}
