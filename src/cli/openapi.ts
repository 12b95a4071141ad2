/**
 * `npm run openapi [-- --out reports/openapi.json] [--variant NAME ...]`: writes the OpenAPI 3.1 document
 * the reference server serves at /openapi.json, generated from schemas/ and its routes (reference/openapi.ts).
 * Never edit the output by hand: change the schemas or the routes and generate it again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseCommandLine } from '../config/command-line.ts';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { OPENAPI_COMMAND } from './command-specs.ts';

async function main(): Promise<void> {
  const { values } = parseCommandLine(OPENAPI_COMMAND);
  const out = resolve(values.out ?? 'reports/openapi.json');
  const { buildReferenceServer } = await import('../../reference/server.ts');
  const { OPENAPI_PATH } = await import('../../reference/openapi.ts');
  let app: Awaited<ReturnType<typeof buildReferenceServer>>;
  try {
    app = await buildReferenceServer({ variants: values.variant ?? [] });
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  try {
    const answer = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, answer.body.endsWith('\n') ? answer.body : `${answer.body}\n`);
    process.stdout.write(`OpenAPI 3.1 document written to ${out}\n`);
  } finally {
    await app.close();
  }
}

main().catch(exitOnConfigError);
