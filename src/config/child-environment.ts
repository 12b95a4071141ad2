/**
 * The one writer of process.env. What a process sets there is for the processes it starts (Playwright workers, the
 * suite under certify, k6), which inherit it; within the process, configuration is passed as values. Undefined unsets.
 */
export function setChildEnvironment(variables: Readonly<Record<string, string | undefined>>): void {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
