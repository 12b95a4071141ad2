// Client checks, every request (CLIENT-ACCEPT-HEADER, CLIENT-CREDENTIALS): what each request carries in its headers.
// One area of the registry joined in ../client-checks.ts.
import { CREDENTIAL_HEADERS } from '../../contract/credentials.ts';
import { defineClientCheck, requestLine, result } from './client-check.ts';

const CREDENTIAL_FREE = new Set(['health', 'other']);

function mediaTypes(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter(Boolean);
}

export const acceptHeader = defineClientCheck({
  name: 'acceptHeader',
  perRequest: true,
  clause: 'CLIENT-ACCEPT-HEADER',
  run(session) {
    const exercised = session.exchanges;
    const findings = exercised
      .filter((ex) => !mediaTypes(ex.requestHeaders.accept).includes('application/json'))
      .map((ex) => ({
        message: `${requestLine(ex)} was sent with accept ${JSON.stringify(ex.requestHeaders.accept ?? '(none)')}`,
        expected: 'application/json',
        received: ex.requestHeaders.accept ?? '(none)',
        evidence: [ex.seq],
      }));
    return result(exercised, findings, `${exercised.length} request(s) checked`, 'the session holds no request');
  },
});

export const credentialHeaders = defineClientCheck({
  name: 'credentialHeaders',
  perRequest: true,
  clause: 'CLIENT-CREDENTIALS',
  run(session) {
    const exercised = session.exchanges.filter((ex) => !CREDENTIAL_FREE.has(ex.operation));
    const findings = exercised.flatMap((ex) => {
      const missing = CREDENTIAL_HEADERS.filter((h) => !ex.requestHeaders[h]?.trim());
      return missing.length
        ? [
            {
              message: `${requestLine(ex)} was sent without ${missing.join(' and ')}`,
              expected: 'both credential headers',
              received: `missing: ${missing.join(', ')}`,
              evidence: [ex.seq],
            },
          ]
        : [];
    });
    return result(
      exercised,
      findings,
      `${exercised.length} call(s) of the contract's operations checked (health check and unknown routes exempt)`,
      'the session holds no call to an operation that needs credentials',
    );
  },
});
