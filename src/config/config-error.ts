/**
 * A bad configuration stops a run at once with one clear sentence and a non-zero exit — never a stack
 * trace or a wall of failed tests. Anything that throws ConfigError is caught at the edges (CLI, global
 * setup) and printed as its message alone, with the exit code of its kind (src/config/exit-codes.ts), so a
 * pipeline tells "the target is down, retry later" from "the secret was rotated" from "the job is misconfigured".
 */
import { EXIT_CODES } from './exit-codes.ts';
import { writeErr } from './terminal-text.ts';

/**
 * Why a run stopped before it could judge the target:
 * - `usage`: the command line (unknown flag, missing value, wrong arguments);
 * - `configuration`: a variable, a file, a base path that is not the API's: fix the job;
 * - `target-unavailable`: the target cannot be reached, timed out, or says it is unavailable (5xx, health check
 *   down): retry later;
 * - `credentials-refused`: the target refused the credentials (401/403): renew them;
 * - `interrupted`: Ctrl-C or SIGTERM.
 */
export const CONFIG_ERROR_KINDS = ['usage', 'configuration', 'target-unavailable', 'credentials-refused', 'interrupted'] as const;
export type ConfigErrorKind = (typeof CONFIG_ERROR_KINDS)[number];

export const KIND_EXIT_CODE: Readonly<Record<ConfigErrorKind, number>> = {
  usage: EXIT_CODES.usage,
  configuration: EXIT_CODES.usage,
  'target-unavailable': EXIT_CODES.targetUnavailable,
  'credentials-refused': EXIT_CODES.credentialsRefused,
  interrupted: EXIT_CODES.interrupted,
};

const KIND_LABEL: Readonly<Record<ConfigErrorKind, string>> = {
  usage: 'Usage error',
  configuration: 'Configuration error',
  'target-unavailable': 'Target unavailable',
  'credentials-refused': 'Credentials refused',
  interrupted: 'Interrupted',
};

/** The kind a child command's exit code stands for (a Playwright run's global setup exits with it); null for any other code. */
export function kindOfExitCode(code: number | null): Exclude<ConfigErrorKind, 'usage'> | null {
  if (code === EXIT_CODES.usage) return 'configuration';
  if (code === EXIT_CODES.targetUnavailable) return 'target-unavailable';
  if (code === EXIT_CODES.credentialsRefused) return 'credentials-refused';
  if (code === EXIT_CODES.interrupted) return 'interrupted';
  return null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    message: string,
    readonly kind: ConfigErrorKind = 'configuration',
  ) {
    super(message);
  }

  /** How the message is introduced on stderr. */
  get label(): string {
    return KIND_LABEL[this.kind];
  }

  get exitCode(): number {
    return KIND_EXIT_CODE[this.kind];
  }
}

/** A command line the command cannot take (unknown flag, missing value, wrong arguments): exit 2 as well. */
export class UsageError extends ConfigError {
  constructor(message: string) {
    super(message, 'usage');
  }
}

/** Print a ConfigError as one sentence and exit with its kind's code; rethrow anything else. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    writeErr(`\n${error.label}: ${error.message}\n\n`);
    process.exit(error.exitCode);
  }
  throw error;
}
