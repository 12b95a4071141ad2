// The evidence bundle: digests that do not depend on key order, versions from the lock file, and a
// manifest that catches an edited, a removed and an added file.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { canonicalJson, configDigest, verifyManifest, versions, writeManifest } from '../../src/report/evidence.ts';
import { ROOT } from '../certify/run-certify.ts';

test('the configuration digest does not depend on key order, and changes with any value', () => {
  expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
  expect(configDigest({ rate: 10, target: 'x' })).toBe(configDigest({ target: 'x', rate: 10 }));
  expect(configDigest({ rate: 10, target: 'x' })).not.toBe(configDigest({ rate: 11, target: 'x' }));
  expect(configDigest({})).toMatch(/^[0-9a-f]{64}$/);
});

test('versions: node, the suite, and direct dependencies at their locked versions', () => {
  const v = versions(ROOT, { npm_config_user_agent: 'npm/10.8.2 node/v20.11.0 linux x64' });
  expect(v.node).toBe(process.version);
  expect(v.npm).toBe('10.8.2');
  expect(v.packages.ajv).toMatch(/^\d+\.\d+\.\d+$/);
  expect(v.packages['@playwright/test']).toBe(v.locked['@playwright/test']);
  expect(Object.keys(v.locked).length).toBeGreaterThan(Object.keys(v.packages).length);
  expect(versions(ROOT, {}).npm).toBeNull();
});

test('the manifest lists every file with its SHA-256 and catches an edit and a removal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
  mkdirSync(join(dir, 'evidence'));
  writeFileSync(join(dir, 'certification.json'), '{"verdict":"pass"}');
  writeFileSync(join(dir, 'evidence', 'requests.jsonl'), '{"status":200}\n');
  const manifest = writeManifest(dir);
  expect(manifest.files.map((f) => f.path)).toEqual(['certification.json', 'evidence/requests.jsonl']);
  expect(manifest.files[0]).toEqual({
    path: 'certification.json',
    sha256: createHash('sha256').update('{"verdict":"pass"}').digest('hex'),
    bytes: 18,
  });
  expect(verifyManifest(dir)).toMatchObject({ ok: true, checked: 2, unlisted: [] });

  writeFileSync(join(dir, 'certification.json'), '{"verdict":"fail"}');
  rmSync(join(dir, 'evidence', 'requests.jsonl'));
  expect(verifyManifest(dir)).toMatchObject({ ok: false, changed: ['certification.json'], missing: ['evidence/requests.jsonl'] });
});

test('a file the manifest does not list is found wherever it is, a link too: the package is not ok', () => {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
  mkdirSync(join(dir, 'evidence'));
  writeFileSync(join(dir, 'certification.json'), '{"verdict":"pass"}');
  writeManifest(dir);
  writeFileSync(join(dir, 'manifest.json.sig'), 'a signature is not listed, and not unlisted either');
  expect(verifyManifest(dir)).toMatchObject({ ok: true, unlisted: [] });

  mkdirSync(join(dir, 'evidence', 'deep', 'er'), { recursive: true });
  writeFileSync(join(dir, 'evidence', 'deep', 'er', 'notes.html'), '<p>unsigned words</p>');
  writeFileSync(join(dir, 'README.txt'), 'read me first');
  symlinkSync(join(dir, 'certification.json'), join(dir, 'evidence', 'linked.json'));
  expect(verifyManifest(dir)).toMatchObject({
    ok: false,
    changed: [],
    missing: [],
    unlisted: ['README.txt', 'evidence/deep/er/notes.html', 'evidence/linked.json'],
  });
});
