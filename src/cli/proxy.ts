/**
 * `npm run proxy`: the recording, validating proxy a partner puts between their own client and the API. With no
 * --target (and no API_BASE_URL) it starts the bundled reference (REFERENCE_FAULTS / REFERENCE_VARIANTS rehearse a
 * service's bad days). On Ctrl-C, SIGTERM or --stop-after it stops, and certifies the client from the session it
 * recorded. Options and exit codes: the PROXY_COMMAND table (src/client-certification/proxy-options.ts); 130 when
 * interrupted a second time (the session is kept, nothing certified).
 */
import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { loadDotEnv } from '../config/suite-config.ts';
import { readRunLimits } from '../config/run-limits.ts';
import { loadProfile } from '../config/target-profile.ts';
import { startBundledReference, targetEnvironment } from '../run/bundled-reference.ts';
import { setChildEnvironment } from '../config/child-environment.ts';
import { checkTargetConnects } from '../run/target-reachable.ts';
import { EXIT_CODES } from '../config/exit-codes.ts';
import { certifyClient } from '../client-certification/certify-client.ts';
import { parseProxyArgs, PROXY_HELP, wantsHelp } from '../client-certification/proxy-options.ts';
import { printClientVerdict } from '../client-certification/print.ts';
import { startProxy } from '../client-certification/proxy/proxy-server.ts';
import { writeErr, writeOut } from '../config/terminal-text.ts';
import { readSigningKey } from '../report/signature.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function main(): Promise<void> {
  loadDotEnv();
  if (wantsHelp(process.argv.slice(2))) {
    writeOut(PROXY_HELP);
    return;
  }
  const options = parseProxyArgs(process.argv.slice(2));
  // Read now: a key that is not one is said before the session, not after it (exit 2, naming the file, never its bytes).
  const signingKey = options.sign ? readSigningKey(options.sign) : null;
  const targetUrl = options.target ?? process.env.API_BASE_URL?.trim() ?? null;
  // A target that cannot be reached is said now (exit 5), not as a 502 to every request of the partner's client.
  if (targetUrl) await checkTargetConnects(targetUrl, readRunLimits().requestTimeoutMs);
  const reference = targetUrl ? null : await startBundledReference();
  if (reference) setChildEnvironment(targetEnvironment(reference.target));
  const profile = loadProfile(options.profile ?? process.env.API_PROFILE ?? null);
  mkdirSync(options.out, { recursive: true });
  const sessionPath = join(options.out, 'session.jsonl');
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  try {
    proxy = await startProxy({
      target: targetUrl ?? reference!.url,
      port: options.port,
      sessionPath,
      profile,
      bundledReference: reference !== null,
      // A line per exchange, never a flood (progress-lines.ts), made in the proxy's recorder thread.
      console: (text) => writeOut(text),
    });
  } catch (error) {
    await reference?.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      throw new ConfigError(`The proxy cannot listen on 127.0.0.1:${options.port} (${code}): pick another --port (0: any free port).`);
    throw error;
  }
  const running = proxy;
  writeOut(
    `Proxy ${running.url} -> ${reference ? `the bundled reference server (${reference.url}; credentials: reference/README.md)` : targetUrl}\n` +
      `Point your client's base URL at ${running.url}. Session: ${sessionPath}\n` +
      `${options.stopAfterMs ? `Stops after ${options.stopAfterMs / 1000} s, or on Ctrl-C` : 'Ctrl-C stops it'} and writes the client certification.\n`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) {
      writeErr(
        `\nInterrupted again: the session is kept in ${sessionPath}; certify it with npm run certify:client -- --session ${sessionPath}\n`,
      );
      process.exit(EXIT_CODES.interrupted);
    }
    stopping = true;
    writeOut(`\nStopping: ${running.count} request(s) recorded; certifying the client.\n`);
    await running.close();
    if (running.unchecked > 0)
      writeOut(
        `${running.unchecked} exchange(s) recorded with their answers unchecked: the checks fell behind the traffic (the certification reports them).\n`,
      );
    await reference?.close();
    const result = certifyClient(sessionPath, join(options.out, 'client-certification'), options.settings, ROOT, { signingKey });
    printClientVerdict(result);
    process.exit(result.exitCode);
  };
  const onStop = () => void stop().catch(exitOnConfigError);
  process.on('SIGINT', onStop);
  process.on('SIGTERM', onStop);
  if (options.stopAfterMs) setTimeout(onStop, options.stopAfterMs).unref();
  // Keep running until a signal or --stop-after (the proxy's server holds the event loop open).
}

main().catch(exitOnConfigError);
