/**
 * Runs one k6 script's init context under Node, as `k6 archive` and `k6 inspect` run it (k6-operator's initializer
 * runs both): `__ENV` holds exactly the variables given (k6 archive takes no system environment unless asked), `open()`
 * reads a file, k6's modules are the stand-ins of stubs/ (hooks.mjs). Prints the script's exported `options` as
 * JSON on stdout, or the init error on stderr (exit 1).
 *   node --import tsx --import ./register.mjs init-context.ts <script.ts> '<env as JSON>'
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, envJson] = process.argv.slice(2);
const globals = globalThis as Record<string, unknown>;
globals.__ENV = JSON.parse(envJson ?? '{}');
globals.open = (path: string) => readFileSync(path, 'utf8');
try {
  const module = (await import(pathToFileURL(resolve(script)).href)) as { options?: unknown };
  process.stdout.write(`${JSON.stringify(module.options)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
