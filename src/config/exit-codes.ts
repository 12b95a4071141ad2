/**
 * The exit codes of every command, defined once: the README's "Exit codes" table, each command's --help and
 * each entry point read them from here. A pipeline acts on them without parsing stderr: 5 "retry later", 6 "the
 * secret was rotated", 2 "the job is misconfigured". Pure module (no Node built-in).
 */
export const EXIT_CODES = {
  pass: 0,
  contractFailure: 1,
  usage: 2,
  toolMissing: 3,
  incomplete: 4,
  targetUnavailable: 5,
  credentialsRefused: 6,
  interrupted: 130,
} as const;

export type ExitCodeName = keyof typeof EXIT_CODES;

/** What each code means, in the words of --help (one line each, in the order of the README's table). */
export const EXIT_CODE_MEANINGS: Readonly<Record<ExitCodeName, string>> = {
  pass: 'pass',
  contractFailure: 'contract failure',
  usage: 'usage or configuration error',
  toolMissing: 'required tool missing',
  incomplete: 'incomplete',
  targetUnavailable: 'target unreachable, timed out or unavailable (retry later)',
  credentialsRefused: 'credentials refused',
  interrupted: 'interrupted',
};

/** `Exit codes: 0 pass, 2 usage ...`, the last line of every command's --help: the codes that command can give (`only`), else all. */
export function exitCodesLine(only?: readonly ExitCodeName[]): string {
  const entries = (Object.entries(EXIT_CODES) as [ExitCodeName, number][]).filter(([name]) => !only || only.includes(name));
  return `Exit codes: ${entries.map(([name, code]) => `${code} ${EXIT_CODE_MEANINGS[name]}`).join(', ')}.`;
}
