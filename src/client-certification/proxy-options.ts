/**
 * Command lines of the client certification:
 *   npm run proxy -- [--target <url>] [--port 8089] [--out <dir>] [--profile <profile.json>] [--stop-after <s>] [--sign <key.pem>] [settings]
 *   npm run certify:client -- --session <session.jsonl> [--out <dir>] [--sign <key.pem>] [settings]
 * settings: --agreed-rate <requests/s>  --currency <GBP|...>  --duplicate-window <s>
 * A bad flag or value is one sentence and exit 2 (ConfigError).
 */
import { dirname, join, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { numberOption } from '../config/command-line.ts';
import { ConfigError } from '../config/config-error.ts';
import { exitCodesLine } from '../config/exit-codes.ts';
import { enumFieldsOf } from '../schema/registry.ts';
import { DEFAULT_SETTINGS, type ClientCheckSettings } from './client-checks.ts';

export const PROXY_USAGE =
  'npm run proxy -- [--target url] [--port 8089] [--out dir] [--profile profile.json] [--stop-after seconds] [--sign key.pem] [--agreed-rate n] [--currency GBP] [--duplicate-window seconds]';
export const CERTIFY_CLIENT_USAGE =
  'npm run certify:client -- --session session.jsonl [--out dir] [--sign key.pem] [--agreed-rate n] [--currency GBP] [--duplicate-window seconds]';

export const DEFAULT_PROXY_PORT = 8089;

const SETTINGS_HELP = `  --sign <key.pem>           sign the report's manifest with this Ed25519 private key (manifest.json.sig; the key goes nowhere else)
  --agreed-rate <n>          requests per second agreed with the operator (CLIENT-RATE; without it: incomplete)
  --currency <code>          the client's currency (CLIENT-CURRENCY; default: the first create's)
  --duplicate-window <s>     identical create bodies closer than this are duplicates (default 60)
${exitCodesLine(['pass', 'contractFailure', 'usage', 'incomplete', 'targetUnavailable', 'interrupted'])} (4: a duty the session never exercised)`;

export const PROXY_HELP = `Usage: ${PROXY_USAGE}
A recording, validating proxy between your own client and the API; certifies the client when it stops.
  --target <url>             the API's base URL (default: API_BASE_URL, else the bundled reference server)
  --port <n>                 where the proxy listens on 127.0.0.1 (default ${DEFAULT_PROXY_PORT}; 0: any free port)
  --out <dir>                session and report folder (default reports/proxy/<time>)
  --profile <file>           target profile naming the cancel and health routes (default: API_PROFILE)
  --stop-after <s>           stop and certify after this long (default: on Ctrl-C or SIGTERM)
${SETTINGS_HELP}
`;

export const CERTIFY_CLIENT_HELP = `Usage: ${CERTIFY_CLIENT_USAGE}
Certifies a partner's client from a session the proxy recorded.
  --session <file>           the session.jsonl the proxy wrote
  --out <dir>                the report folder (default: client-certification beside the session)
${SETTINGS_HELP}
`;

/** True when the command line asks for help (then nothing else is parsed). */
export const wantsHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');

const SETTINGS_OPTIONS = {
  sign: { type: 'string' },
  'agreed-rate': { type: 'string' },
  currency: { type: 'string' },
  'duplicate-window': { type: 'string' },
} as const;

type Values = Record<string, string | boolean | undefined>;

function parse(argv: readonly string[], options: ParseArgsConfig['options'], usage: string): Values {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values as Values;
  } catch (error) {
    const what = error instanceof Error ? error.message.split('\n')[0].replace(/\.$/, '') : String(error);
    throw new ConfigError(`${what}; usage: ${usage}.`);
  }
}

function positiveNumber(values: Values, name: string, usage: string): number | undefined {
  const raw = values[name];
  return raw === undefined ? undefined : numberOption(name, raw, { min: 0, minExclusive: true, what: 'a number above 0', usage });
}

function path(values: Values, name: string, usage: string): string | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !raw.trim()) throw new ConfigError(`--${name} needs a value; usage: ${usage}.`);
  return resolve(raw);
}

function settingsOf(values: Values, usage: string): ClientCheckSettings {
  const currencies = enumFieldsOf('subscription-create-request').find(([field]) => field === 'currency')?.[1] ?? [];
  const currency = values.currency;
  if (currency !== undefined && !currencies.includes(String(currency)))
    throw new ConfigError(`--currency must be one of ${currencies.join(', ')}, got "${String(currency)}".`);
  const window = positiveNumber(values, 'duplicate-window', usage);
  return {
    agreedRate: positiveNumber(values, 'agreed-rate', usage) ?? DEFAULT_SETTINGS.agreedRate,
    currency: (currency as string | undefined) ?? DEFAULT_SETTINGS.currency,
    duplicateWindowMs: window === undefined ? DEFAULT_SETTINGS.duplicateWindowMs : Math.round(window * 1000),
  };
}

export interface CertifyClientOptions {
  session: string;
  out: string;
  settings: ClientCheckSettings;
  /** Absolute path of the Ed25519 private key the manifest is signed with (--sign), or null. */
  sign: string | null;
}

export function parseCertifyClientArgs(argv: readonly string[]): CertifyClientOptions {
  const values = parse(argv, { session: { type: 'string' }, out: { type: 'string' }, ...SETTINGS_OPTIONS }, CERTIFY_CLIENT_USAGE);
  const session = path(values, 'session', CERTIFY_CLIENT_USAGE);
  if (!session) throw new ConfigError(`--session is required (the session.jsonl the proxy wrote); usage: ${CERTIFY_CLIENT_USAGE}.`);
  return {
    session,
    out: path(values, 'out', CERTIFY_CLIENT_USAGE) ?? join(dirname(session), 'client-certification'),
    settings: settingsOf(values, CERTIFY_CLIENT_USAGE),
    sign: path(values, 'sign', CERTIFY_CLIENT_USAGE) ?? null,
  };
}

export interface ProxyCliOptions {
  target: string | null;
  port: number;
  out: string;
  profile: string | null;
  stopAfterMs: number | null;
  settings: ClientCheckSettings;
  /** Absolute path of the Ed25519 private key the certification's manifest is signed with (--sign), or null. */
  sign: string | null;
}

export function parseProxyArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, now = new Date()): ProxyCliOptions {
  const values = parse(
    argv,
    {
      target: { type: 'string' },
      port: { type: 'string' },
      out: { type: 'string' },
      profile: { type: 'string' },
      'stop-after': { type: 'string' },
      ...SETTINGS_OPTIONS,
    },
    PROXY_USAGE,
  );
  const target = values.target === undefined ? null : String(values.target).trim();
  if (target !== null) {
    let url: URL | null = null;
    try {
      url = new URL(target);
    } catch {
      /* reported below */
    }
    if (!url || !/^https?:$/.test(url.protocol))
      throw new ConfigError(`--target must be an http(s) URL such as https://staging.example.com/api, got "${target}".`);
  }
  const port =
    values.port === undefined
      ? DEFAULT_PROXY_PORT
      : numberOption('port', values.port, { min: 0, max: 65535, integer: true, what: 'a port number from 0 to 65535 (0: any free port)' });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const stopAfter = positiveNumber(values, 'stop-after', PROXY_USAGE);
  return {
    target,
    port,
    out: path(values, 'out', PROXY_USAGE) ?? resolve(env.REPORTS_DIR || 'reports', 'proxy', stamp),
    profile: path(values, 'profile', PROXY_USAGE) ?? null,
    stopAfterMs: stopAfter === undefined ? null : Math.round(stopAfter * 1000),
    settings: settingsOf(values, PROXY_USAGE),
    sign: path(values, 'sign', PROXY_USAGE) ?? null,
  };
}
