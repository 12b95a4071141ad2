import { expect, test } from '@playwright/test';
import { digestSchemaFiles } from '../../src/schema/digest.ts';

const A = { name: 'a.schema.json', text: '{"type":"string"}\n' };
const B = { name: 'b.schema.json', text: '{"type":"number"}\n' };

test('digest is sha256 hex and independent of the order files are listed in', () => {
  expect(digestSchemaFiles([A, B])).toMatch(/^[0-9a-f]{64}$/);
  expect(digestSchemaFiles([B, A])).toBe(digestSchemaFiles([A, B]));
});

test('digest ignores CRLF versus LF line endings', () => {
  expect(digestSchemaFiles([{ ...A, text: A.text.replace(/\n/g, '\r\n') }, B])).toBe(digestSchemaFiles([A, B]));
});

test('digest changes with any content, any name, or a file added', () => {
  const base = digestSchemaFiles([A, B]);
  expect(digestSchemaFiles([{ ...A, text: '{"type":"integer"}\n' }, B])).not.toBe(base);
  expect(digestSchemaFiles([{ ...A, name: 'c.schema.json' }, B])).not.toBe(base);
  expect(digestSchemaFiles([A, B, { name: 'd.schema.json', text: '{}' }])).not.toBe(base);
  // Framing: moving text between name and content must not collide.
  expect(digestSchemaFiles([{ name: 'ab', text: 'c' }])).not.toBe(digestSchemaFiles([{ name: 'a', text: 'bc' }]));
});
