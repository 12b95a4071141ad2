/**
 * A detached Ed25519 signature over a package's manifest (node:crypto): who produced the package, on top of the
 * manifest's proof that no file changed. The private key is read from the file the operator names and held in
 * memory only: it never enters a report, a log or an error message (an error names the file, never its content).
 * Keys are PEM: PKCS#8 private (`openssl genpkey -algorithm ed25519 -out key.pem`), SPKI public
 * (`openssl pkey -in key.pem -pubout -out key.pub.pem`).
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error.ts';
import { existsSync } from 'node:fs';
import { MANIFEST_FILE, readManifest, SIGNATURE_FILE, sha256, verifyManifest } from './evidence.ts';

export const SIGNATURE_FORMAT = 'osd-suite/manifest-signature@1';

export interface SignatureFile {
  format: typeof SIGNATURE_FORMAT;
  algorithm: 'ed25519';
  /** The file signed, beside this one. */
  signed: typeof MANIFEST_FILE;
  /** `sha256:` of the signer's public key (SPKI, DER): which key to verify with. */
  publicKey: string;
  /** Base64 of the 64-byte signature over the manifest's bytes. */
  signature: string;
}

/** `sha256:<hex>` of a public key (SPKI, DER), the name a package gives its signer. */
export function keyFingerprint(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return `sha256:${sha256(publicKey.export({ type: 'spki', format: 'der' }))}`;
}

/** The Ed25519 key of `kind` in the PEM file at `path` (a private key's file gives its public half too); a ConfigError in one sentence otherwise, never quoting the file. */
function readKey(path: string, kind: 'private' | 'public'): KeyObject {
  const option = kind === 'private' ? '--sign' : '--public-key';
  let pem: Buffer;
  try {
    pem = readFileSync(path);
  } catch (error) {
    throw new ConfigError(`${option} names "${path}", which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}).`);
  }
  let key: KeyObject | null = null;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {}
  if (key?.asymmetricKeyType !== 'ed25519')
    throw new ConfigError(
      kind === 'private'
        ? `${option} names "${path}", which is not an unencrypted Ed25519 private key in PEM (make one with: openssl genpkey -algorithm ed25519 -out key.pem).`
        : `${option} names "${path}", which is not an Ed25519 public key in PEM (make it from the private key with: openssl pkey -in key.pem -pubout -out key.pub.pem).`,
    );
  return key;
}

/** The Ed25519 private key the manifest is signed with (--sign). */
export const readSigningKey = (path: string): KeyObject => readKey(path, 'private');

/** The Ed25519 public key a signature must verify with (--public-key). */
export const readPublicKey = (path: string): KeyObject => readKey(path, 'public');

/** Sign `dir`'s manifest as it is on disk; writes the signature file beside it. */
export function signManifest(dir: string, key: KeyObject): SignatureFile {
  const signature: SignatureFile = {
    format: SIGNATURE_FORMAT,
    algorithm: 'ed25519',
    signed: MANIFEST_FILE,
    publicKey: keyFingerprint(key),
    signature: sign(null, readFileSync(join(dir, MANIFEST_FILE)), key).toString('base64'),
  };
  writeFileSync(join(dir, SIGNATURE_FILE), `${JSON.stringify(signature, null, 2)}\n`);
  return signature;
}

/** Why `dir`'s manifest does not carry a good signature by `key`, in one sentence; null when it does. */
export function signatureProblem(dir: string, key: KeyObject): string | null {
  let file: SignatureFile;
  try {
    file = JSON.parse(readFileSync(join(dir, SIGNATURE_FILE), 'utf8')) as SignatureFile;
  } catch {
    return `${dir} is not signed: it holds no readable ${SIGNATURE_FILE}.`;
  }
  const expected = keyFingerprint(key);
  if (file.publicKey !== expected)
    return `The manifest of ${dir} is signed with key ${file.publicKey ?? 'unknown'}, not with the public key given (${expected}).`;
  const ok =
    typeof file.signature === 'string' && verify(null, readFileSync(join(dir, MANIFEST_FILE)), key, Buffer.from(file.signature, 'base64'));
  return ok
    ? null
    : `The signature in ${SIGNATURE_FILE} does not match ${dir}'s ${MANIFEST_FILE}: the manifest changed after it was signed.`;
}

const listed = (files: readonly string[]) => `${files.slice(0, 5).join(', ')}${files.length > 5 ? ` and ${files.length - 5} more` : ''}`;

/** What checking a package's integrity found: the one check `certify --verify` and `history --public-key` share. */
export type PackageIntegrity =
  /** Why the package does not hold together, as one sentence of refusal. */
  | { problem: string }
  | {
      problem: null;
      /** How many files the manifest lists, every one unchanged. */
      files: number;
      /** Who signed it: "signed by sha256:…" (checked with the key given), "signature not checked (…)", "not signed". */
      signer: string;
    };

/** A package that holds together, in words: "all 12 files match manifest.json, signed by sha256:…". */
export const integrityText = (i: { files: number; signer: string }): string => `all ${i.files} files match ${MANIFEST_FILE}, ${i.signer}`;

/**
 * Whether a package holds together: signed by `key` (when given), and every file as its manifest lists it, none
 * changed, none missing, none beside them. `certify --verify` says it before it reads the package's mark (so a FAIL
 * package handed over as evidence is still shown whole or not); `history --public-key` takes only the runs it passes
 * (a FAIL run is evidence only, and still a package that verifies).
 */
export function checkPackageIntegrity(dir: string, key: KeyObject | null): PackageIntegrity {
  const refused = (problem: string): PackageIntegrity => ({ problem });
  if (!existsSync(join(dir, MANIFEST_FILE))) return refused(`${dir} holds no ${MANIFEST_FILE}, so it cannot be verified.`);
  const signed = key ? signatureProblem(dir, key) : null;
  if (signed) return refused(signed);
  const files = verifyManifest(dir, readManifest(dir));
  if (files.ok) {
    const signer = key
      ? `signed by ${keyFingerprint(key)}`
      : existsSync(join(dir, SIGNATURE_FILE))
        ? 'signature not checked (give --public-key)'
        : 'not signed';
    return { problem: null, files: files.checked, signer };
  }
  const parts = [
    files.changed.length ? `${files.changed.length} changed (${listed(files.changed)})` : '',
    files.missing.length ? `${files.missing.length} missing (${listed(files.missing)})` : '',
  ].filter(Boolean);
  const listedPart = parts.length
    ? `of the ${files.checked} files ${MANIFEST_FILE} lists in ${dir}, ${parts.join(' and ')} since it was written`
    : '';
  // A file beside the signed ones would be read as verified content: name every one (not only the first five).
  const unlistedPart = files.unlisted.length
    ? `${dir} holds ${files.unlisted.length} file(s) ${MANIFEST_FILE} does not list (${files.unlisted.join(', ')}): a package carries only what was signed`
    : '';
  return refused(`${[listedPart, unlistedPart].filter(Boolean).join('; and ')}.`);
}
