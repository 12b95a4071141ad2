// Fault switches, authentication. One area of the table joined in reference/faults.ts.
import { editable, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const AUTH_FAULTS = [
  {
    name: 'secret-not-checked',
    description: 'The service-api-secret header is never checked: missing or wrong secrets are accepted.',
    clauses: ['AUTH-SECRET'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected) => current.verify({ ...presented, secret: expected.secret }, expected),
    })),
  },
  {
    name: 'subscription-key-not-checked',
    description: 'The service-api-subscription header is never checked: missing or wrong keys are accepted.',
    clauses: ['AUTH-SUBSCRIPTION-KEY'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected) => current.verify({ ...presented, subscriptionKey: expected.subscriptionKey }, expected),
    })),
  },
  {
    name: 'auth-error-plain-text',
    description: 'Refused credentials get a text/plain "Unauthorized" body instead of the JSON error body.',
    clauses: ['AUTH-ERROR-BODY'],
    catchBy: 'conformance',
    apply: patch('errors', (current) => ({
      render: (shape, error) =>
        error.kind === 'auth' ? { contentType: 'text/plain; charset=utf-8', body: 'Unauthorized' } : current.render(shape, error),
    })),
  },
  {
    name: 'health-status-only',
    description: 'The health check answers only { "status": "ok" }, without info, error and details.',
    clauses: ['HEALTH-SCHEMA'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      health: (result) => ({ status: editable(current.health(result)).status }),
    })),
  },
  {
    name: 'health-requires-credentials',
    description: 'The health check sits behind the credential check like every other route.',
    clauses: ['HEALTH-NO-CREDENTIALS'],
    catchBy: 'conformance',
    apply: patch('auth', () => ({ isPublic: () => false })),
  },
] as const satisfies readonly FaultSwitch[];
