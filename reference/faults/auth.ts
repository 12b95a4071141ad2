// Fault switches, authentication. One area of the table joined in reference/faults.ts.
import { editable, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

/**
 * A secret compared on its first characters only (a column that truncates it, a compare that stops early): both sides
 * cut to `kept(issued secret)` characters, so a secret that differs only past them is accepted.
 */
const secretComparedOnPrefix = (kept: (secret: string) => number) =>
  patch('auth', (current) => ({
    verify: (presented, expected, issued) => {
      const n = kept(expected.secret);
      if (presented.secret === undefined) return current.verify(presented, expected, issued);
      return current.verify(
        { ...presented, secret: presented.secret.slice(0, n) },
        { ...expected, secret: expected.secret.slice(0, n) },
        issued,
      );
    },
  }));

export const AUTH_FAULTS = [
  {
    name: 'secret-not-checked',
    description: 'The service-api-secret header is never checked: missing or wrong secrets are accepted.',
    clauses: ['AUTH-SECRET'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected, issued) => current.verify({ ...presented, secret: expected.secret }, expected, issued),
    })),
  },
  {
    name: 'subscription-key-not-checked',
    description: 'The service-api-subscription header is never checked: missing or wrong keys are accepted.',
    clauses: ['AUTH-SUBSCRIPTION-KEY'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected, issued) =>
        current.verify({ ...presented, subscriptionKey: expected.subscriptionKey }, expected, issued),
    })),
  },
  // Credentials checked in part (issue 50): each lets through near misses of the right credentials, and nothing else.
  {
    name: 'secret-compared-on-first-8',
    description:
      'The secret is compared on its first 8 characters only (a column that truncates it): any secret that starts right is accepted.',
    clauses: ['AUTH-SECRET'],
    catchBy: 'conformance',
    apply: secretComparedOnPrefix(() => 8),
  },
  {
    name: 'secret-compared-on-all-but-last',
    description:
      'The secret is compared on all but its last character (a compare that stops one short): the last character is never checked.',
    clauses: ['AUTH-SECRET'],
    catchBy: 'conformance',
    apply: secretComparedOnPrefix((secret) => secret.length - 1),
  },
  {
    name: 'subscription-key-case-insensitive',
    description: 'The service-api-subscription key is looked up without its letter case: the key in any case is accepted.',
    clauses: ['AUTH-SUBSCRIPTION-KEY'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected, issued) =>
        current.verify(
          { ...presented, subscriptionKey: presented.subscriptionKey?.toLowerCase() },
          { ...expected, subscriptionKey: expected.subscriptionKey.toLowerCase() },
          issued,
        ),
    })),
  },
  {
    name: 'key-and-secret-of-two-partners',
    description:
      "The key and the secret are checked one by one, not as the pair issued to one partner: a partner's key with another partner's secret is accepted (as the key's partner).",
    clauses: ['AUTH-SECRET'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected, issued) => {
        const verdict = current.verify(presented, expected, issued);
        if (verdict !== 'wrong' || presented.subscriptionKey !== expected.subscriptionKey) return verdict;
        const anySecret = issued.some(
          (pair) => current.verify({ ...presented, subscriptionKey: pair.subscriptionKey }, pair, issued) === 'ok',
        );
        return anySecret ? 'ok' : verdict;
      },
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
