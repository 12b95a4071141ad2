// The canary scan: finds any piece of a credential in written output. A piece is any window of
// FRAGMENT characters of any form the value can take in a file (raw, URL-encoded, JSON-escaped, base64
// at every alignment — src/config/redact.ts's encodedForms — and hex), so a prefix left by a cut counts too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { encodedForms } from '../../src/config/redact.ts';

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

/** A file (or an entry inside one, `report.zip!data/x.json`) with the fragments found in it. */
export interface CanaryFinding {
  where: string;
  fragments: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Playwright's HTML report embeds its data (results, attachments) as a base64 zip inside index.html. */
const EMBEDDED_ZIP = /data:application\/zip;base64,([A-Za-z0-9+/=]+)/g;

/** Scan bytes, and whatever archive they hold (zip files, zips embedded as base64 in a page), at any depth. */
export function scanBytes(where: string, bytes: Uint8Array, secrets: string[]): CanaryFinding[] {
  const text = Buffer.from(bytes).toString('utf8');
  const fragments = findCanaries(text, secrets);
  const found: CanaryFinding[] = fragments.length ? [{ where, fragments }] : [];
  const archives: Array<[string, Uint8Array]> = [];
  if (Buffer.from(bytes.subarray(0, 4)).equals(ZIP_MAGIC)) archives.push([where, bytes]);
  for (const m of text.matchAll(EMBEDDED_ZIP)) archives.push([`${where}#embedded-zip`, Buffer.from(m[1], 'base64')]);
  for (const [name, zip] of archives) {
    for (const [entry, content] of Object.entries(unzipSync(zip))) found.push(...scanBytes(`${name}!${entry}`, content, secrets));
  }
  return found;
}

/** Every file under `dir`, and every archive entry inside them, with any credential fragment found. */
export function scanTree(dir: string, secrets: string[]): { files: number; archives: number; findings: CanaryFinding[] } {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
  const findings = files.flatMap((file) => scanBytes(file, readFileSync(file), secrets));
  const archives = files.filter(
    (f) => f.endsWith('.zip') || (f.endsWith('.html') && readFileSync(f, 'utf8').includes('data:application/zip;base64,')),
  ).length;
  return { files: files.length, archives, findings };
}
