// `npm run serve -- [--port 8080] [--host 127.0.0.1] [--rate-limit N] [--max-limit N] [--fault NAME ...] [--variant NAME ...]`
// Starts the reference server and says how to point the suite at it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../src/config/config-error.ts';
import { helpText, parseCommandLine } from '../src/config/command-line.ts';
import { DEFAULT_MAX_LIMIT, SERVE_COMMAND } from './serve-options.ts';
import { FAULTS, UnknownFaultError } from './faults.ts';
// The server (Fastify and its plugins) loads after the command line is read: --help and a usage error cost a Node start.
import type * as ServerModule from './server.ts';
import { UnknownVariationError, VARIATIONS, routesOnlyProfile } from './variations.ts';
import { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../src/contract/credentials.ts';

const PROFILE_PATH = relative(process.cwd(), fileURLToPath(new URL('./profile.json', import.meta.url)));

class UsageError extends Error {}

function positiveInteger(option: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || (!allowZero && value === 0))
    throw new UsageError(`--${option} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${text}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(SERVE_COMMAND);
  const { areDemoCredentials, startReferenceServer }: typeof ServerModule = await import('./server.ts');
  if (values['list-faults']) {
    for (const fault of FAULTS) console.log(`${fault.name.padEnd(32)} ${fault.clauses.join(', ').padEnd(26)} ${fault.description}`);
    return;
  }
  if (values['list-variants']) {
    for (const variation of VARIATIONS) console.log(`${variation.name.padEnd(26)} ${variation.description}`);
    return;
  }
  const port = positiveInteger('port', values.port, 8080, true);
  const maxLimit = positiveInteger('max-limit', values['max-limit'], DEFAULT_MAX_LIMIT);
  const rateLimit = values['rate-limit'] === undefined ? false : positiveInteger('rate-limit', values['rate-limit'], 0);
  const faults = values.fault ?? [];
  const variants = values.variant ?? [];
  // With variations, the pinned reference profile no longer describes the server: publish its routes only.
  const profile = variants.length ? routesOnlyProfile(variants) : undefined;

  const server = await startReferenceServer({
    port,
    host: values.host ?? '127.0.0.1',
    maxLimit: values['max-limit'] === undefined && variants.length ? undefined : maxLimit,
    rateLimit,
    faults,
    variants,
    logger: values.log ?? false,
  });
  const profilePath = profile ? writeRoutesOnlyProfile(profile, server.url) : PROFILE_PATH;
  const demo = areDemoCredentials(server.credentials);
  const key = demo ? server.credentials.subscriptionKey : '"$REFERENCE_SUBSCRIPTION_KEY"';
  const secret = demo ? server.credentials.secret : '"$REFERENCE_SECRET"';
  // The second partner (its own records: the suite's partner-isolation check uses it).
  const secondDemo = areDemoCredentials(server.secondCredentials);
  const secondKey = secondDemo ? server.secondCredentials.subscriptionKey : '"$REFERENCE_SECOND_SUBSCRIPTION_KEY"';
  const secondSecret = secondDemo ? server.secondCredentials.secret : '"$REFERENCE_SECOND_SECRET"';

  console.log(`Reference server listening on ${server.url}`);
  console.log(
    demo
      ? `  credentials: ${SUBSCRIPTION_KEY_HEADER}=${key}  ${SECRET_HEADER}=${secret}  (demo values; set REFERENCE_SUBSCRIPTION_KEY / REFERENCE_SECRET to change)`
      : '  credentials: taken from REFERENCE_SUBSCRIPTION_KEY / REFERENCE_SECRET (not printed)',
  );
  console.log(
    secondDemo
      ? `  second partner: ${SUBSCRIPTION_KEY_HEADER}=${secondKey}  ${SECRET_HEADER}=${secondSecret}  (demo values; REFERENCE_SECOND_SUBSCRIPTION_KEY / REFERENCE_SECOND_SECRET to change)`
      : '  second partner: taken from REFERENCE_SECOND_SUBSCRIPTION_KEY / REFERENCE_SECOND_SECRET (not printed)',
  );
  console.log(`  profile:     ${profilePath}${profile ? ' (routes only)' : ''}`);
  console.log(
    `  max limit:   ${maxLimit}   rate limit: ${rateLimit ? `${rateLimit} requests/s` : 'off'}   faults: ${faults.length ? faults.join(', ') : 'none'}`,
  );
  if (variants.length) console.log(`  variations:  ${variants.join(', ')}`);
  if (maxLimit !== DEFAULT_MAX_LIMIT && !profile) {
    console.log(`  note: ${PROFILE_PATH} pins maxLimit ${DEFAULT_MAX_LIMIT}; use a copy with "maxLimit": ${maxLimit} for this server.`);
  }
  console.log('Point the suite at it:');
  console.log(
    `  API_BASE_URL=${server.url} API_SUBSCRIPTION_KEY=${key} API_SECRET=${secret} API_SECOND_SUBSCRIPTION_KEY=${secondKey} API_SECOND_SECRET=${secondSecret} API_PROFILE=${profilePath} npm run conformance`,
  );

  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Writes the routes-only profile of a varied server under reports/ (one file per port: servers run side by side). */
function writeRoutesOnlyProfile(profile: object, url: string): string {
  const path = resolve('reports', 'serve', `routes-only-profile-${new URL(url).port}.json`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`);
  return relative(process.cwd(), path);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`serve: ${error.message}`);
    process.exit(2);
  }
  // A mistyped name: one sentence with the nearest names, not the whole usage.
  if (error instanceof UnknownFaultError || error instanceof UnknownVariationError) {
    console.error(`serve: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof UsageError) {
    console.error(`serve: ${(error as Error).message}`);
    console.error(helpText(SERVE_COMMAND));
    process.exit(2);
  }
  const listenError = error as { code?: string; address?: string; port?: number };
  if (listenError.code === 'EADDRINUSE') {
    // A configuration error (README exit codes): the command line names a port another process holds.
    const where = listenError.port === undefined ? 'the port' : `port ${listenError.port} on ${listenError.address ?? 'that address'}`;
    console.error(`serve: ${where} is already in use; pick another with --port (0 = any free port)`);
    process.exit(2);
  }
  console.error(`serve: ${(error as Error).message ?? String(error)}`);
  process.exit(1);
});
