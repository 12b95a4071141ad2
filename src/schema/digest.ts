// Fingerprint of the schema files, so a report can say exactly which shapes it was checked against.
import { createHash } from 'node:crypto';

export interface SchemaFileText {
  name: string;
  text: string;
}

/**
 * sha256 (hex) over the files sorted by name (code-unit order, locale-independent). Each file
 * contributes `name NUL text NUL`; CRLF is normalised to LF so a Windows checkout hashes alike.
 * NUL cannot occur in a file name or raw in JSON text, so the framing is unambiguous.
 */
export function digestSchemaFiles(files: readonly SchemaFileText[]): string {
  const hash = createHash('sha256');
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const file of sorted) {
    hash.update(file.name);
    hash.update('\0');
    hash.update(file.text.replace(/\r\n/g, '\n'));
    hash.update('\0');
  }
  return hash.digest('hex');
}
