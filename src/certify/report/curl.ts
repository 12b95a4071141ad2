/**
 * A shell script that replays one failing exchange with curl, for the operator who has to reproduce it.
 * Credentials are never in it: the headers read $API_SUBSCRIPTION_KEY and $API_SECRET from the caller's
 * environment (the report has none to give, and must not). Pure module.
 */
import { CREDENTIAL_HEADERS } from '../../config/redact.ts';
import type { EvidenceExcerpt } from './report-model.ts';

/** A body cut short for the report ends with "… (N chars)" (src/client/exchange.ts exchangeExcerpt). */
const CUT = /… \(\d+ chars\)$/;

const [SUBSCRIPTION_KEY_HEADER, SECRET_HEADER] = CREDENTIAL_HEADERS;

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The script, or null when the excerpt names no request to replay. */
export function curlScript(baseUrl: string, ev: EvidenceExcerpt, about: string): string | null {
  const match = /^([A-Z]+) (\S+)$/.exec(ev.request ?? '');
  if (!match) return null;
  const [, method, path] = match;
  const url = `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const lines = [
    '#!/bin/sh',
    `# ${about.replace(/\s+/g, ' ')}`,
    `# Answered ${ev.status ?? '?'} when the suite sent it. Set API_SUBSCRIPTION_KEY and API_SECRET first (never stored in the report).`,
    '# A test of missing or wrong credentials sent other headers: edit them to match the test.',
  ];
  // A create sent by hand: nothing records it, so nothing of ours will cancel it.
  if (method === 'POST')
    lines.push(
      '# WARNING: this POST creates a real record on the target (when it is accepted) that no run journal knows about:',
      '# `npm run cleanup` will not cancel it. Note the id it answers and cancel the record yourself.',
    );
  const body = ev.requestBody;
  if (body && CUT.test(body)) lines.push('# The request body was cut short in the report; complete it before sending.');
  const args = [
    // The path byte for byte as the report shows it (curl otherwise removes dot segments; the client sends none: src/client/request-path.ts).
    `curl -sS -i --path-as-is -X ${method} ${quote(url)}`,
    `-H "${SUBSCRIPTION_KEY_HEADER}: $API_SUBSCRIPTION_KEY"`,
    `-H "${SECRET_HEADER}: $API_SECRET"`,
    // The suite's client sends it on every call (src/client/api-client.ts): the replay asks for the same representation.
    `-H 'accept: application/json'`,
  ];
  if (body) args.push(`-H 'content-type: application/json'`, `--data-raw ${quote(body)}`);
  lines.push(args.join(' \\\n  '));
  return `${lines.join('\n')}\n`;
}
