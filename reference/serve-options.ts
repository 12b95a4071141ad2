/**
 * The command table of `npm run serve` (reference/main.ts): it drives the parsing, the --help and the command's
 * section of docs/commands.md. Kept apart from main.ts so the docs and tests read it without starting a server.
 */
import type { CommandSpec } from '../src/config/command-line.ts';

/** The largest page the reference serves when neither its profile nor --max-limit says otherwise. */
export const DEFAULT_MAX_LIMIT = 100;

export const SERVE_COMMAND = {
  command: 'npm run serve --',
  summary: 'Start the reference server on its own and say how to point the suite at it.',
  options: {
    port: { type: 'string', value: '<N>', description: 'port to listen on (default 8080; 0 = any free port)' },
    host: { type: 'string', value: '<address>', description: 'address to bind (default 127.0.0.1)' },
    'rate-limit': { type: 'string', value: '<N>', description: 'allow N requests per second per client, then 429 (default: off)' },
    'max-limit': {
      type: 'string',
      value: '<N>',
      description: `largest page size; larger limits are capped (default ${DEFAULT_MAX_LIMIT})`,
    },
    fault: { type: 'string', multiple: true, value: '<NAME>', description: 'switch on a fault; --list-faults shows them' },
    'list-faults': { type: 'boolean', description: 'list the fault switches and the clause each breaks' },
    variant: {
      type: 'string',
      multiple: true,
      value: '<NAME>',
      description: 'switch on a legitimate variation; --list-variants shows them',
    },
    'list-variants': { type: 'boolean', description: 'list the legitimate variations' },
    log: { type: 'boolean', description: 'log requests (never header values)' },
  },
  notes: [
    'Credentials: REFERENCE_SUBSCRIPTION_KEY and REFERENCE_SECRET (default: the demo values).',
    'The contract as OpenAPI 3.1: GET /openapi.json on the running server.',
  ],
  // It serves until stopped (0); a bad option or a port in use is 2.
  exitCodes: ['pass', 'usage'],
} as const satisfies CommandSpec;
