// The canary scan: finds any piece of a credential in written output. A piece is any window of
// FRAGMENT characters of any form the value can take in a file (raw, URL-encoded, JSON-escaped, base64
// at every alignment — src/client/redact.ts's encodedForms — and hex), so a prefix left by a cut counts too.
import { encodedForms } from '../../src/client/redact.ts';

/** Long enough never to occur by chance in a report; short enough to catch what a cut leaves (issue 10: 15 of 18). */
export const FRAGMENT = 8;

function windows(form: string, size = FRAGMENT): string[] {
  if (form.length <= size) return [form];
  return Array.from({ length: form.length - size + 1 }, (_, i) => form.slice(i, i + size));
}

/** Every fragment to look for, per secret value. */
export function canaryFragments(secrets: string[]): string[] {
  // Hex windows are twice as long (same 8 bytes): 8 hex digits occur by chance in any UUID.
  const hex = secrets.map((s) => Buffer.from(s, 'utf8').toString('hex')).flatMap((h) => [h, h.toUpperCase()]);
  return [...new Set([...secrets.flatMap(encodedForms).flatMap((f) => windows(f)), ...hex.flatMap((h) => windows(h, 2 * FRAGMENT))])];
}

/** The fragments of the secrets found in `text` (empty: no leak). */
export function findCanaries(text: string, secrets: string[]): string[] {
  return canaryFragments(secrets).filter((f) => text.includes(f));
}
