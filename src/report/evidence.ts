/**
 * The evidence bundle: tool and dependency versions, the configuration and its digest (never the
 * credentials), and a manifest of SHA-256 digests of every file of the certification, written last,
 * so an operator can check nothing was edited after the run (`npm run certify -- --verify <dir>`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'osd-suite/certification-manifest@1';
/** The detached Ed25519 signature over the manifest's bytes (src/report/signature.ts); not itself in the manifest. */
export const SIGNATURE_FILE = 'manifest.json.sig';

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function configDigest(config: Record<string, unknown>): string {
  return sha256(canonicalJson(config));
}

export interface Versions {
  node: string;
  npm: string | null;
  suite: string;
  /** Direct dependencies at their locked versions. */
  packages: Record<string, string>;
  /** Every package of package-lock.json, for the bundle. */
  locked: Record<string, string>;
}

/** Versions from package.json and package-lock.json of the suite at `root`. */
export function versions(root: string, env: NodeJS.ProcessEnv = process.env): Versions {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const lockPath = join(root, 'package-lock.json');
  const lock = existsSync(lockPath)
    ? (JSON.parse(readFileSync(lockPath, 'utf8')) as { packages?: Record<string, { version?: string }> })
    : {};
  const locked: Record<string, string> = {};
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path && entry.version) locked[path.replace(/^.*node_modules\//, '')] ??= entry.version;
  }
  const packages: Record<string, string> = {};
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).sort())
    packages[name] = locked[name] ?? (pkg.dependencies?.[name] ?? pkg.devDependencies?.[name])!;
  // npm sets npm_config_user_agent ("npm/10.8.2 node/v20.11.0 ...") for scripts it runs.
  const npm = /\bnpm\/(\S+)/.exec(env.npm_config_user_agent ?? '')?.[1] ?? null;
  return { node: process.version, npm, suite: pkg.version, packages, locked };
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    // A link, a pipe or a socket counts as a file: verify must see (and refuse) anything the manifest does not list.
    else out.push(path);
  }
  return out;
}

export interface ManifestEntry {
  path: string;
  sha256: string;
  bytes: number;
}

/**
 * What a package is worth to the operator who receives it, recorded in the manifest (so a signature covers it) and in
 * the report: a `certification` only when nothing failed and nothing is INCOMPLETE (or each such clause is waived with
 * a reason and an expiry), else `evidence-only`.
 */
/** The contract a package was judged against, relative to the suite's root: its digest is in every package's mark. */
export const CONTRACT_FILE = 'spec/offer-subscription-api.md';

/** SHA-256 of the contract's text at the suite's `root` (PackageRecord.contractSha256). */
export function contractSha256(root: string): string {
  return sha256(readFileSync(join(root, CONTRACT_FILE)));
}

export interface PackageRecord {
  /** `client`: a client certification's package (certify:client, proxy); absent: a service certification's. */
  kind?: 'client';
  status: 'certification' | 'evidence-only';
  /** One sentence: why it is, or is not, a certification. */
  reason: string;
  suiteVersion: string;
  /** SHA-256 of the contract's text (spec/offer-subscription-api.md) the run checked against. */
  contractSha256: string;
  /** The partner's own version of the deployment certified (--deployment-version); null when not given. */
  deploymentVersion: string | null;
  /** The key the manifest is signed with: `sha256:` of its public key (SPKI, DER); null when not signed. */
  signedBy: string | null;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  algorithm: 'sha256';
  /** What the package is worth (service and client packages); absent only from manifests written before the mark. */
  package?: PackageRecord;
  files: ManifestEntry[];
}

const posix = (p: string) => p.split(sep).join('/');

/** Every file of a package folder but the manifest and its signature, by its path relative to the folder, sorted. */
function packageFiles(dir: string): { path: string; rel: string }[] {
  return filesUnder(dir)
    .map((path) => ({ path, rel: posix(relative(dir, path)) }))
    .filter(({ rel }) => rel !== MANIFEST_FILE && rel !== SIGNATURE_FILE)
    .sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

/**
 * Digest every file under `dir` (but the manifest and its signature) and write the manifest. Everything in the folder
 * is listed: `verifyManifest` refuses a file it does not list, so what must not be signed has to leave the folder first.
 */
export function writeManifest(dir: string, record: PackageRecord | null = null): Manifest {
  const files = packageFiles(dir).map(({ path, rel }): ManifestEntry => {
    const data = readFileSync(path);
    return { path: rel, sha256: sha256(data), bytes: statSync(path).size };
  });
  const manifest: Manifest = { format: MANIFEST_FORMAT, algorithm: 'sha256', ...(record ? { package: record } : {}), files };
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface ManifestCheck {
  ok: boolean;
  changed: string[];
  missing: string[];
  /** Files present in the folder that the manifest does not list: unsigned content in a package that verifies. */
  unlisted: string[];
  checked: number;
}

/**
 * Re-digest the files a manifest lists (which changed, which are gone) and find every file present that it does not
 * list (anything but the manifest and its signature): a package holds exactly what was signed, nothing beside it.
 */
export function verifyManifest(dir: string, manifest: Manifest = readManifest(dir)): ManifestCheck {
  const changed: string[] = [];
  const missing: string[] = [];
  for (const f of manifest.files) {
    const path = join(dir, f.path);
    if (!existsSync(path)) missing.push(f.path);
    else if (sha256(readFileSync(path)) !== f.sha256) changed.push(f.path);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  const unlisted = packageFiles(dir)
    .map(({ rel }) => rel)
    .filter((rel) => !listed.has(rel));
  return {
    ok: changed.length === 0 && missing.length === 0 && unlisted.length === 0,
    changed,
    missing,
    unlisted,
    checked: manifest.files.length,
  };
}

/** The manifest of a package folder, as written. */
export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
}
