/**
 * `npm run openapi [-- --out reports/openapi.json] [--variant NAME ...]`: writes the OpenAPI 3.1 document
 * the reference server serves at /openapi.json, generated from schemas/ and its routes (reference/openapi.ts).
 * Never edit the output by hand: change the schemas or the routes and generate it again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type CommandSpec, parseCommandLine } from '../config/command-line.ts';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';

const OPENAPI_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run openapi --',
  summary: 'Write the OpenAPI 3.1 document of the contract as the reference serves it (generated from schemas/ and its routes).',
  options: {
    out: { type: 'string', value: '<file>', description: 'where to write it (default: reports/openapi.json)' },
    variant: {
      type: 'string',
      multiple: true,
      value: '<NAME>',
      description: 'describe the reference with this legitimate variation (npm run serve -- --list-variants)',
    },
  },
  notes: [
    '"Not shown" items of the contract carry the reference\'s choice, marked x-not-shown. The running reference serves the same at GET /openapi.json.',
  ],
} as const satisfies CommandSpec;

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
