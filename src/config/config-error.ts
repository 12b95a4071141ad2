/**
 * A bad configuration stops a run at once with one clear sentence and a non-zero exit — never a stack
 * trace or a wall of failed tests. Anything that throws ConfigError is caught at the edges (CLI, global
 * setup) and printed as its message alone.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** How the message is introduced on stderr. */
  readonly label: string = 'Configuration error';
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** A command line the command cannot take (unknown flag, missing value, wrong arguments): exit 2 as well. */
export class UsageError extends ConfigError {
  override readonly label = 'Usage error';
}

/** Print a ConfigError as one sentence and exit; rethrow anything else. Exit code 130 is an interrupt, not a configuration error. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`\n${error.exitCode === 130 ? 'Interrupted' : error.label}: ${error.message}\n\n`);
    process.exit(error.exitCode);
  }
  throw error;
}
