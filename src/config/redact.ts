/**
 * Credential redaction. Credentials never reach a report, trace, log or error message: every string the
 * client writes or throws passes through a Redactor built from the secret values. Besides the raw value
 * it catches the encodings a value takes on its way into files: URL-encoding, JSON escaping (once or
 * twice), and base64 (at each of the three byte alignments, so a value inside a larger base64 blob is
 * caught too).
 */
export const REDACTED = '[REDACTED]';

/** The credential header names of the contract; their values are always masked in recorded headers. */
import { CREDENTIAL_HEADERS } from '../contract/credentials.ts';
import { nearMissValues } from '../contract/near-miss-credentials.ts';

export { CREDENTIAL_HEADERS };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every form in which `value` could appear in written output. */
export function encodedForms(value: string): string[] {
  const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);
  // JSON-escaped twice too: evidence strings are JSON inside JSON reports (failures.jsonl, JSON reporter).
  const forms = new Set<string>([value, encodeURIComponent(value), jsonEscaped(value), jsonEscaped(jsonEscaped(value))]);
  const bytes = Buffer.byteLength(value);
  for (let shift = 0; shift < 3; shift++) {
    // Base64 character i carries bits [6i, 6i+6) of the stream. With the value starting at byte `shift`,
    // the characters whose bits all come from the value are the same wherever the value sits inside a
    // longer base64 text: those in [ceil(8*shift/6), floor(8*(shift+bytes)/6)).
    const b64 = Buffer.from('\0'.repeat(shift) + value, 'utf8').toString('base64');
    forms.add(b64.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes)) / 6)));
  }
  forms.add(Buffer.from(value, 'utf8').toString('base64'));
  return [...forms].filter((f) => f.length >= 4);
}

export type Redactor = (text: string) => string;

/**
 * The redactor of these credential values: each value, and each value one edit from it (src/contract/near-miss-credentials.ts:
 * the near misses the auth tests send; a value one character off a secret is as good as the secret), in every form.
 */
export function makeRedactor(secrets: Array<string | null | undefined>): Redactor {
  const values = secrets.filter((s): s is string => !!s && s.length >= 4);
  const forms = [
    ...new Set([...new Set([...values, ...values.flatMap(nearMissValues)])].filter((v) => v.length >= 4).flatMap(encodedForms)),
  ];
  if (forms.length === 0) return (text) => text;
  // Longest first, so a longer encoding is replaced before a shorter one inside it.
  const pattern = new RegExp(
    forms
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  return (text) => text.replace(pattern, REDACTED);
}

/** Every string of plain JSON data (keys and values) redacted. */
function redactStrings(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redact(key)] = redactStrings(item, redact);
  return out;
}

/**
 * Redact anything JSON-serialisable (deep), returning a plain copy. Structural: each string is redacted before the
 * copy is ever serialised again, so no redaction can break the JSON it is written as (issue 29, item 6), whatever
 * the credential holds.
 */
export function redactDeep<T>(value: T, redact: Redactor): T {
  if (value === undefined) return value;
  return redactStrings(JSON.parse(JSON.stringify(value)), redact) as T;
}

/** The JSON text of a value whose strings were redacted first: what every JSON file the suite writes goes through. */
export function redactedJson(value: unknown, redact: Redactor, space?: number): string {
  return JSON.stringify(redactDeep(value, redact), null, space);
}

/**
 * JSON Lines redacted line by line, each line by its strings (a line that is not JSON as text). Text with nothing to
 * redact is returned as it is, unparsed: the common case costs one pass of the redactor.
 */
export function redactJsonLines(text: string, redact: Redactor): string {
  if (redact(text) === text) return text;
  return text.replace(/[^\n]+/g, (line) => {
    if (redact(line) === line) return line;
    try {
      return redactedJson(JSON.parse(line), redact);
    } catch {
      return redact(line);
    }
  });
}

/**
 * A file's text redacted without breaking its syntax: JSON (`.json`) and JSON Lines (`.jsonl`) by their strings, a
 * line that is not JSON and any other file as text.
 */
export function redactFileText(name: string, text: string, redact: Redactor): string {
  if (name.endsWith('.jsonl')) return redactJsonLines(text, redact);
  if (name.endsWith('.json')) {
    const trailing = text.endsWith('\n') ? '\n' : '';
    try {
      return `${redactedJson(JSON.parse(text), redact, 2)}${trailing}`;
    } catch {
      return redact(text);
    }
  }
  return redact(text);
}

/** Copy of headers with credential header values masked (whatever their value). */
export function maskCredentialHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = (CREDENTIAL_HEADERS as readonly string[]).includes(name.toLowerCase()) ? REDACTED : value;
  }
  return out;
}
