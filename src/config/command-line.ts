/**
 * The one command-line parser of every CLI (certify, cleanup, serve, load*, benchmarks): Node's
 * util.parseArgs with a described option table, so each command prints the same kind of --help from
 * the same table it parses with. `--help`/`-h` prints it and exits 0; an unknown flag, a missing value
 * or a wrong number of arguments is a UsageError (a ConfigError): one sentence, exit 2, never a stack trace.
 */
import { parseArgs } from 'node:util';
import { ConfigError, exitOnConfigError, UsageError } from './config-error.ts';
import { type ExitCodeName, exitCodesLine } from './exit-codes.ts';
import { readFileSync } from 'node:fs';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** Placeholder shown in help for a string option, e.g. `<file>`. */
  value?: string;
  description: string;
}

export interface EnvironmentSpec {
  name: string;
  description: string;
}

export interface CommandSpec<O extends Record<string, OptionSpec> = Record<string, OptionSpec>> {
  /** How the user types it, e.g. `npm run certify --`. */
  command: string;
  /** One line: what it does. */
  summary: string;
  /** Positional arguments in help, e.g. `<scenario>`; empty when the command takes none. */
  positionals?: { usage: string; min: number; max: number };
  options: O;
  /** Further help text: the environment it reads, examples. */
  notes?: readonly string[];
  /** Environment variables of this command's own (beyond the run's, docs/configuration.md), each with what it does. */
  environment?: readonly EnvironmentSpec[];
  /** The exit codes this command can give (src/config/exit-codes.ts): its --help lists these, no others. */
  exitCodes: readonly ExitCodeName[];
}

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean'
  ? S['multiple'] extends true
    ? boolean[]
    : boolean
  : S['multiple'] extends true
    ? string[]
    : string;

export interface CommandLine<O extends Record<string, OptionSpec>> {
  values: { [K in keyof O]?: ValueOf<O[K]> };
  positionals: string[];
}

/** The option lines of a --help (each option, then -h and --version), aligned. */
export function optionLines(spec: CommandSpec): string[] {
  const names = Object.entries(spec.options).map(([name, o]) => `${o.short ? `-${o.short}, ` : ''}${flagWithValue(name, o)}`);
  const width = Math.max(...names.map((n) => n.length), '-h, --help'.length) + 2;
  const lines = Object.values(spec.options).map(
    (o, i) => `  ${names[i].padEnd(width)}${o.description}${o.multiple ? ' (repeatable)' : ''}`,
  );
  lines.push(`  ${'-h, --help'.padEnd(width)}show this help and exit`);
  lines.push(`  ${'--version'.padEnd(width)}print the suite's version and exit`);
  return lines;
}

/** `--out <dir>`: a flag as help and docs show it (a string option with its placeholder). */
function flagWithValue(name: string, o: OptionSpec): string {
  return `--${name}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}`;
}

/** `npm run x -- <a> [--out <dir>] [--many]`: the command with every option, for a one-line usage in an error. */
export function usageSynopsis(spec: CommandSpec): string {
  const options = Object.entries(spec.options).map(([name, o]) => `[${flagWithValue(name, o)}]`);
  return [spec.command, spec.positionals?.usage, ...options].filter(Boolean).join(' ');
}

export function helpText(spec: CommandSpec): string {
  const options = Object.keys(spec.options).length ? ' [options]' : '';
  const lines = [
    `Usage: ${spec.command}${spec.positionals ? ` ${spec.positionals.usage}` : ''}${options}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...optionLines(spec),
  ];
  if (spec.notes?.length) lines.push('', ...spec.notes);
  if (spec.environment?.length) {
    const width = Math.max(...spec.environment.map((v) => v.name.length)) + 2;
    lines.push('', 'Environment variables:', ...spec.environment.map((v) => `  ${v.name.padEnd(width)}${v.description}`));
  }
  lines.push('', exitCodesLine(spec.exitCodes));
  return `${lines.join('\n')}\n`;
}

/** "osd-suite 1.2.3": what --version prints (package.json). */
export function suiteVersionText(): string {
  const { name, version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${name} ${version}`;
}

/** The table as util.parseArgs takes it, with -h/--help and --version, which every command answers. */
export function parseArgsOptions(spec: CommandSpec): Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
  };
  for (const [name, o] of Object.entries(spec.options))
    options[name] = { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) };
  return options;
}

/** Parses argv against the spec; throws UsageError (exit 2) on bad input. Returns 'help' when help was asked for. */
export function parseCommandLineOrHelp<const O extends Record<string, OptionSpec>>(
  spec: CommandSpec<O>,
  argv: readonly string[],
): CommandLine<O> | 'help' {
  const options = parseArgsOptions(spec);
  const hint = `see ${spec.command} --help`;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${firstSentence(error)}; ${hint}.`);
  }
  if (parsed.values.help) return 'help';
  if (parsed.values.version) {
    process.stdout.write(`${suiteVersionText()}\n`);
    process.exit(0);
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one === 'string' && !one.trim()) throw new UsageError(`--${name} needs a value, got an empty one; ${hint}.`);
    }
  }
  const { min, max } = spec.positionals ?? { min: 0, max: 0 };
  const count = parsed.positionals.length;
  if (count > max)
    throw new UsageError(
      `Unexpected argument "${parsed.positionals[max]}"${max === 0 ? ' (this command takes options only)' : ''}; ${hint}.`,
    );
  if (count < min) throw new UsageError(`Missing ${spec.positionals!.usage}; ${hint}.`);
  return parsed as CommandLine<O>;
}

/** As parseCommandLineOrHelp, but for a CLI's main(): prints help and exits 0, or prints the error's one sentence and exits 2. */
export function parseCommandLine<const O extends Record<string, OptionSpec>>(
  spec: CommandSpec<O>,
  argv: readonly string[] = process.argv.slice(2),
): CommandLine<O> {
  let parsed: CommandLine<O> | 'help';
  try {
    parsed = parseCommandLineOrHelp(spec, argv);
  } catch (error) {
    exitOnConfigError(error);
  }
  if (parsed === 'help') {
    process.stdout.write(helpText(spec));
    process.exit(0);
  }
  return parsed;
}

/** Node's parseArgs messages are two sentences with a hint about `--`; the first says what was wrong. */
function firstSentence(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .split('\n')[0]
    .replace(/\. To specify a positional argument.*$/, '')
    .replace(/\.$/, '');
}

/** What a numeric option accepts: its bounds, whether it must be whole, and how the error says it ("a port number ..."). */
export interface NumberOptionSpec {
  min: number;
  /** The least value is itself refused ("above 0"). */
  minExclusive?: boolean;
  max?: number;
  integer?: boolean;
  what: string;
  /** Appended to the error: the command's usage line. */
  usage?: string;
}

/**
 * The value of a numeric option, checked: plain decimal notation (no empty value, no hex, no exponent, no Infinity),
 * whole when asked, within its bounds. Anything else is a ConfigError in one sentence: `--port must be a port number
 * from 0 to 65535 (0: any free port), got "x".` Shared by every command's numeric options.
 */
export function numberOption(name: string, raw: unknown, spec: NumberOptionSpec): number {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const n = /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const ok =
    Number.isFinite(n) &&
    (spec.minExclusive ? n > spec.min : n >= spec.min) &&
    (spec.max === undefined || n <= spec.max) &&
    (!spec.integer || Number.isInteger(n));
  if (!ok) throw new ConfigError(`--${name} must be ${spec.what}, got "${String(raw)}"${spec.usage ? `; usage: ${spec.usage}` : ''}.`);
  return n;
}

const DURATION_UNITS_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;
/** The longest duration an option takes: a day. */
const LONGEST_DURATION_MS = 24 * 3_600_000;

/** `--soak 30m` -> ms: a positive number with s, m or h (seconds without one), at most a day; else one sentence. */
export function durationOption(name: string, raw: unknown): number {
  const m = /^(\d+(?:\.\d+)?)\s*([smh]?)$/.exec(typeof raw === 'string' ? raw.trim() : '');
  const ms = m ? Number(m[1]) * DURATION_UNITS_MS[(m[2] || 's') as keyof typeof DURATION_UNITS_MS] : Number.NaN;
  if (!(ms > 0 && ms <= LONGEST_DURATION_MS))
    throw new ConfigError(`--${name} must be a duration from 1s to 24h (a number with s, m or h, e.g. 30m), got "${String(raw)}".`);
  return ms;
}

/** The option a benchmark's own child processes are started with (bench/child-roles.ts). */
export const CHILD_ROLE_OPTION = {
  type: 'string',
  value: '<role>',
  description: "internal: run as one of the benchmark's own child processes",
} as const satisfies OptionSpec;

/**
 * A progress line that replaces the previous one on a terminal; on a pipe or a CI log (no TTY) a
 * carriage return would pile every update onto one unreadable line, so each update is its own line.
 */
export function progressUpdate(line: string, stream: NodeJS.WriteStream = process.stdout): void {
  stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
}
