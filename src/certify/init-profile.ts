/**
 * `npm run certify -- --init-profile <path>`: a first target profile, written from discovery (issue 32, item 5).
 * Reads only: preflight, then the discovery probes with writes refused, so nothing is created on the target and the
 * create and cancel statuses stay unobserved. The cancel route is never guessed (a wrong guess at a write route could
 * do anything): it is left null, and the file's "$comment" asks the partner to fill it in. An existing file is never
 * overwritten. Configuration errors throw ConfigError (exit 2).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { ConfigError } from '../config/config-error.ts';
import { redactedJson } from '../config/redact.ts';
import { runContextOf } from '../config/run-context.ts';
import { readSuiteConfig } from '../config/suite-config.ts';
import type { StatusKey, TargetProfile } from '../config/target-profile.ts';
import { startBundledReference, targetEnvironment } from '../run/bundled-reference.ts';
import { setChildEnvironment } from '../config/child-environment.ts';
import { openSession } from '../run/target-session.ts';
import { runDiscovery } from './discovery.ts';
import { mergeItems, observedProfile } from './observed-profile.ts';
import { preflight } from './preflight.ts';
import { writeOut } from '../config/terminal-text.ts';

/** The marker the written "$comment" starts with: what a partner (and a test) looks for. */
export const FILL_IN_MARKER = 'TO FILL IN:';

const say = (line: string) => writeOut(`${line}\n`);

function refuseExisting(path: string): never {
  throw new ConfigError(`--init-profile: ${path} already exists; it is never overwritten: name a new file, or remove this one first.`);
}

/** What the partner has left to do, and where the values came from: the file's "$comment". */
function fillInComment(profile: TargetProfile, baseUrl: string): string {
  const statuses: StatusKey[] = ['create', 'cancel', 'missingCredentials', 'wrongCredentials', 'unknownId', 'cancelNotCancellable'];
  const unknown = [
    ...(profile.health ? [] : ['"health"']),
    ...statuses.filter((key) => !profile.status?.[key]).map((key) => `"status.${key}"`),
    ...(typeof profile.maxLimit === 'number' ? [] : ['"maxLimit"']),
  ];
  return [
    `${FILL_IN_MARKER} "cancel" is null: the contract does not show the cancel route and discovery never guesses a write route.`,
    'Set it to your cancel route, e.g. {"method": "POST", "path": "/subscription/{subscriptionId}/cancel"}, then delete this comment;',
    'until then the suite creates nothing on a shared environment and the verdict is at best INCOMPLETE.',
    unknown.length ? `Not observed by these reads (add them if you know them, see docs/target-profile.md): ${unknown.join(', ')}.` : '',
    `Written by npm run certify -- --init-profile from discovery of ${baseUrl} on ${new Date().toISOString().slice(0, 10)}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

export async function initProfile(path: string, root: string, ofReference = false): Promise<number> {
  // No API_BASE_URL: a partner who has not exported it yet would get the reference's values in a "staging" profile.
  if (readSuiteConfig().baseUrl === null && !ofReference)
    throw new ConfigError(
      '--init-profile: API_BASE_URL is not set, so this would profile the bundled reference server, not your target: export API_BASE_URL, API_SUBSCRIPTION_KEY and API_SECRET first (or add --of-reference to profile the reference on purpose).',
    );
  // Checked before anything is sent; the write below refuses too ('wx'), should the file appear meanwhile.
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '', { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') refuseExisting(path);
    throw new ConfigError(`--init-profile: cannot write ${path} (${(error as Error).message}).`);
  }
  let reference: { close(): Promise<void> } | null = null;
  let written = false;
  try {
    if (readSuiteConfig().baseUrl === null) {
      const started = await startBundledReference();
      reference = started;
      setChildEnvironment(targetEnvironment(started.target));
    }
    // Discovery starts from the widest reading: a profile given in API_PROFILE is not what this command asks about.
    const config = { ...readSuiteConfig(), profilePath: null };
    const baseUrl = config.baseUrl!;
    say(`Writing a target profile from discovery of ${reference ? `the bundled reference server at ${baseUrl}` : baseUrl} (reads only).`);
    const session = await openSession(runContextOf(config));
    let profile: ReturnType<typeof observedProfile>;
    try {
      say(`  preflight: ${(await preflight(session, baseUrl)).detail}`);
      const discovery = await runDiscovery(session, {
        writes: { allowed: false, reason: '--init-profile sends reads only: a create needs the cancel route, which it leaves to you' },
        runId: config.runId,
        clientCurrency: config.clientCurrency,
      });
      profile = observedProfile(mergeItems(discovery.items), basename(path).replace(/\.json$/i, ''));
      // The console says what the file says: a maxLimit seen only as "at least N" is observed but not written.
      for (const r of discovery.records) {
        const unwritten = r.item === 'maxLimit' && r.value && typeof profile.maxLimit !== 'number';
        say(
          `  ${r.item}: ${unwritten ? 'not written (no largest page size was seen, only a bound on it; add "maxLimit" if you know it)' : r.value ? 'observed' : `not observed (${r.note ?? 'no value'})`}`,
        );
      }
    } finally {
      await session.dispose();
    }
    const fromRoot = relative(root, path);
    const besideSuite = !fromRoot.startsWith('..') && !isAbsolute(fromRoot);
    const document = {
      // A $schema only where the profile sits in the suite's folder (an editor then checks it as it is typed).
      ...(besideSuite ? { $schema: relative(dirname(path), join(root, 'schemas/target-profile.schema.json')).split('\\').join('/') } : {}),
      $comment: fillInComment(profile, baseUrl),
      ...profile,
    };
    mkdirSync(dirname(path), { recursive: true }); // a new folder of the partner's (profiles/, say) is made, not refused
    writeFileSync(path, `${redactedJson(document, session.redact, 2)}\n`);
    written = true;
    say(
      `Wrote ${relative(process.cwd(), path)}. Fill in "cancel" (see its "$comment"), then: npm run certify -- --profile ${relative(process.cwd(), path)}`,
    );
    return 0;
  } finally {
    await reference?.close();
    // The empty file that claimed the name goes when no profile was written into it (the next attempt must not be refused).
    if (!written) rmSync(path, { force: true });
  }
}
