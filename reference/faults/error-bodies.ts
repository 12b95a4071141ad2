// Fault switches, error bodies. One area of the table joined in reference/faults.ts.
import { type Json, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const ERROR_BODY_FAULTS = [
  {
    name: 'create-error-list-shape',
    description: 'Create and cancel errors use the list/get body ({ error, message }) instead of { status, errors, message }.',
    clauses: ['ERR-CREATE-CANCEL-BODY'],
    catchBy: 'conformance',
    apply: patch('errors', (current) => ({ render: (_shape, error) => current.render('read', error) })),
  },
  {
    name: 'bad-request-message',
    description: 'A 400 carries the message "Validation failed" instead of "Bad Request".',
    clauses: ['ERR-400-MESSAGE'],
    catchBy: 'conformance',
    apply: patch('errors', (current) => ({
      render: (shape, error) => {
        const rendered = current.render(shape, error);
        if (error.statusCode !== 400) return rendered;
        const body = JSON.parse(rendered.body) as Json;
        return { ...rendered, body: JSON.stringify({ ...body, message: 'Validation failed' }) };
      },
    })),
  },
] as const satisfies readonly FaultSwitch[];
