/**
 * Command lines of the client certification, `npm run proxy` and `npm run certify:client`: their options are the
 * PROXY_COMMAND and CERTIFY_CLIENT_COMMAND tables below, which drive parsing, --help and docs/commands.md.
 * A bad flag or value is one sentence and exit 2 (ConfigError).
 */
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type CommandSpec, helpText, numberOption, parseArgsOptions, suiteVersionText, usageSynopsis } from '../config/command-line.ts';
import { ConfigError } from '../config/config-error.ts';
import { displayUrl, parseTargetUrl } from '../contract/target.ts';
import { enumFieldsOf } from '../schema/registry.ts';
import { DEFAULT_SETTINGS, type ClientCheckSettings } from './client-checks.ts';

export const DEFAULT_PROXY_PORT = 8089;

/** The options both commands take: the signing key and the settings of the client checks. */
const SETTINGS_OPTIONS = {
  sign: {
    type: 'string',
    value: '<key.pem>',
    description: "sign the report's manifest with this Ed25519 private key (manifest.json.sig; the key goes nowhere else)",
  },
  'agreed-rate': {
    type: 'string',
    value: '<n>',
    description: 'requests per second agreed with the operator (CLIENT-RATE; without it: incomplete)',
  },
  currency: { type: 'string', value: '<code>', description: "the client's currency (CLIENT-CURRENCY; default: the first create's)" },
  'duplicate-window': {
    type: 'string',
    value: '<s>',
    description: 'identical create bodies closer than this are duplicates (default 60)',
  },
} as const;

const CLIENT_EXIT_CODES = ['pass', 'contractFailure', 'usage', 'incomplete', 'targetUnavailable', 'interrupted'] as const;
const INCOMPLETE_NOTE = 'Exit 4 (incomplete): a duty the session never exercised.';

export const PROXY_COMMAND = {
  command: 'npm run proxy --',
  summary: 'A recording, validating proxy between your own client and the API; certifies the client when it stops.',
  options: {
    target: {
      type: 'string',
      value: '<url>',
      description: "the API's base URL (default: API_BASE_URL, else the bundled reference server)",
    },
    port: {
      type: 'string',
      value: '<n>',
      description: `where the proxy listens on 127.0.0.1 (default ${DEFAULT_PROXY_PORT}; 0: any free port)`,
    },
    out: { type: 'string', value: '<dir>', description: 'session and report folder (default reports/proxy/<time>)' },
    profile: {
      type: 'string',
      value: '<file>',
      description: 'target profile naming the cancel and health routes (default: API_PROFILE)',
    },
    'stop-after': { type: 'string', value: '<s>', description: 'stop and certify after this long (default: on Ctrl-C or SIGTERM)' },
    ...SETTINGS_OPTIONS,
  },
  notes: [
    'With no --target and no API_BASE_URL it fronts the bundled reference (REFERENCE_FAULTS / REFERENCE_VARIANTS rehearse a bad day).',
    INCOMPLETE_NOTE,
  ],
  exitCodes: CLIENT_EXIT_CODES,
} as const satisfies CommandSpec;

export const CERTIFY_CLIENT_COMMAND = {
  command: 'npm run certify:client --',
  summary: "Certifies a partner's client from a session the proxy recorded.",
  options: {
    session: { type: 'string', value: '<file>', description: 'the session.jsonl the proxy wrote (required)' },
    out: { type: 'string', value: '<dir>', description: 'the report folder (default: client-certification beside the session)' },
    ...SETTINGS_OPTIONS,
  },
  notes: [INCOMPLETE_NOTE],
  exitCodes: CLIENT_EXIT_CODES,
} as const satisfies CommandSpec;

export const PROXY_USAGE = usageSynopsis(PROXY_COMMAND);
export const CERTIFY_CLIENT_USAGE = usageSynopsis(CERTIFY_CLIENT_COMMAND);
export const PROXY_HELP = helpText(PROXY_COMMAND);
export const CERTIFY_CLIENT_HELP = helpText(CERTIFY_CLIENT_COMMAND);

/** True when the command line asks for help (then nothing else is parsed). */
export const wantsHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');

type Values = Record<string, string | boolean | undefined>;

/** Parsed with the command's table; an error names the usage line, which the table writes too. */
function parse(argv: readonly string[], spec: CommandSpec, usage: string): Values {
  let values: Values;
  try {
    values = parseArgs({ args: [...argv], options: parseArgsOptions(spec), strict: true, allowPositionals: false }).values as Values;
  } catch (error) {
    const what = error instanceof Error ? error.message.split('\n')[0].replace(/\.$/, '') : String(error);
    throw new ConfigError(`${what}; usage: ${usage}.`);
  }
  if (values.version) {
    process.stdout.write(`${suiteVersionText()}\n`);
    process.exit(0);
  }
  return values;
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
  const values = parse(argv, CERTIFY_CLIENT_COMMAND, CERTIFY_CLIENT_USAGE);
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
  const values = parse(argv, PROXY_COMMAND, PROXY_USAGE);
  const target = values.target === undefined ? null : String(values.target).trim();
  // The one target parser (src/contract/target.ts), as for API_BASE_URL.
  const parsed = target === null ? null : parseTargetUrl(target);
  if (target !== null && parsed !== null && 'problem' in parsed)
    throw new ConfigError(
      parsed.problem === 'not-a-url' || parsed.problem === 'scheme'
        ? `--target must be an http(s) URL such as https://staging.example.com/api, got "${target}".`
        : `--target must be an http(s) URL without query, fragment or user info (the credentials are API_SUBSCRIPTION_KEY and API_SECRET), got "${displayUrl(target)}".`,
    );
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
