// The command lines: bad flags are one sentence (ConfigError: exit 2); certify:client on a session that never
// showed most duties exits 4 (INCOMPLETE) with its report; the proxy with no target fronts the bundled reference,
// stops by itself (--stop-after), certifies the session (exit 4: one read shows few duties) and writes no
// credential byte (the one process these tests spawn: each costs seconds of start-up).
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../src/config/config-error.ts';
import { parseCertifyClientArgs, parseProxyArgs, PROXY_HELP } from '../../src/client-certification/proxy-options.ts';
import { certifyClientCommand } from '../../src/client-certification/print.ts';
import { SESSION_FORMAT } from '../../src/client-certification/recorded-session.ts';
import { SIGNATURE_FILE, verifyManifest, writeManifest } from '../../src/report/evidence.ts';
import { verifyPackage } from '../../src/certify/verify.ts';
import { scanTree } from '../hostile/canary-scan.ts';
import { findCanaries } from '../hostile/canary-scan.ts';
import { ex } from './client-checks.cases.ts';
import { CANARY, expect, ROOT, startProxyCli, test } from './fixtures.ts';

const BAD_ARGS: Array<{ parse: (argv: string[]) => unknown; args: string[]; message: RegExp }> = [
  { parse: parseCertifyClientArgs, args: [], message: /^--session is required/ },
  {
    parse: parseCertifyClientArgs,
    args: ['--session', 's.jsonl', '--agreed-rate', 'fast'],
    message: /^--agreed-rate must be a number above 0, got "fast"/,
  },
  { parse: parseCertifyClientArgs, args: ['--session', 's.jsonl', '--currency', 'gbp'], message: /^--currency must be one of GBX, GBP/ },
  {
    parse: parseCertifyClientArgs,
    args: ['--session', 's.jsonl', '--frobnicate'],
    message: /Unknown option '--frobnicate'; usage: npm run certify:client/,
  },
  { parse: parseProxyArgs, args: ['--target', 'ftp://x'], message: /^--target must be an http\(s\) URL/ },
  {
    parse: parseProxyArgs,
    args: ['--target', 'https://user:secret-9@staging.example.com/api'],
    message: /^--target must be an http\(s\) URL without query, fragment or user info .*got "https:\/\/staging\.example\.com\/api"\.$/,
  },
  { parse: parseProxyArgs, args: ['--port', '70000'], message: /^--port must be a port number/ },
  { parse: parseProxyArgs, args: ['--port', ''], message: /^--port must be a port number from 0 to 65535 \(0: any free port\), got ""\.$/ },
  { parse: parseProxyArgs, args: ['--stop-after', '0'], message: /^--stop-after must be a number above 0/ },
  { parse: parseProxyArgs, args: ['--sign', ' '], message: /^--sign needs a value; usage: npm run proxy/ },
  {
    parse: parseCertifyClientArgs,
    args: ['--session', 's.jsonl', '--sign', ''],
    message: /^--sign needs a value; usage: npm run certify:client/,
  },
];

/** An Ed25519 key pair in PEM files under `dir` (as `openssl genpkey -algorithm ed25519` makes them), and the private key's base64 lines. */
function signingKeys(dir: string): { private: string; public: string; secretLines: string[] } {
  mkdirSync(dir, { recursive: true });
  const pair = generateKeyPairSync('ed25519');
  const keys = { private: join(dir, 'signer.pem'), public: join(dir, 'signer.pub.pem') };
  const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(keys.private, pem);
  writeFileSync(keys.public, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  return { ...keys, secretLines: pem.split('\n').filter((l) => l && !l.startsWith('-----')) };
}

/** A session of one exchange, as the proxy writes it. */
function oneExchangeSession(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const session = join(dir, 'session.jsonl');
  const lines = [
    {
      type: 'session',
      format: SESSION_FORMAT,
      startedAt: new Date().toISOString(),
      target: 'http://127.0.0.1:1',
      bundledReference: false,
      profile: {},
    },
    ex(1, 0),
    { type: 'end', finishedAt: new Date().toISOString(), requests: 1 },
  ];
  writeFileSync(session, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return session;
}

for (const c of BAD_ARGS) {
  test(`${c.args.join(' ') || '(no flags)'}: a usage error in one sentence`, () => {
    expect(() => c.parse(c.args)).toThrow(ConfigError);
    expect(() => c.parse(c.args)).toThrow(c.message);
  });
}

test('certify:client exits 4 (INCOMPLETE) on a session that never showed most duties, with its report', ({}, testInfo) => {
  const dir = testInfo.outputPath('incomplete');
  const session = oneExchangeSession(dir);
  let printed = '';
  expect(certifyClientCommand(['--session', session, '--agreed-rate', '5'], ROOT, (t) => (printed += t))).toBe(4);
  expect(printed).toMatch(/Client certification: INCOMPLETE/);
  const report = JSON.parse(readFileSync(join(dir, 'client-certification', 'client-certification.json'), 'utf8')) as { verdict: string };
  expect(report.verdict).toBe('incomplete');
  expect(verifyManifest(join(dir, 'client-certification')).ok).toBe(true);
  expect(() => certifyClientCommand(['--session', join(dir, 'nope.jsonl')], ROOT)).toThrow(
    /^The session file .*nope\.jsonl does not exist/,
  );
});

test('certify:client --sign: the manifest is signed; --verify with the public key checks it, refuses an INCOMPLETE package as evidence only, and a file added or changed first; the key is nowhere', ({}, testInfo) => {
  const dir = testInfo.outputPath('signed');
  const keys = signingKeys(join(dir, 'keys'));
  const session = oneExchangeSession(dir);
  const out = join(dir, 'client-certification');
  let printed = '';
  expect(certifyClientCommand(['--session', session, '--out', out, '--sign', keys.private], ROOT, (t) => (printed += t))).toBe(4);
  const report = JSON.parse(readFileSync(join(out, 'client-certification.json'), 'utf8')) as { evidence: { signedBy?: string } };
  expect(report.evidence.signedBy).toMatch(/^sha256:[0-9a-f]{64}$/);
  expect(printed).toContain(`Signed: ${join(out, SIGNATURE_FILE)} (key ${report.evidence.signedBy})`);
  expect(readFileSync(join(out, 'client-certification.md'), 'utf8')).toContain(
    `Signed (${SIGNATURE_FILE}) with the key ${report.evidence.signedBy}`,
  );
  // Signed and whole, but INCOMPLETE: evidence, not a certification (exit 0 is a certification only).
  const evidenceOnly = {
    exitCode: 1,
    sentence: expect.stringMatching(
      /^Refused: .* is evidence only, not a certification: the client's verdict is INCOMPLETE: CLIENT-[A-Z-]+ incomplete: /,
    ),
  };
  expect(verifyPackage(out, keys.public)).toMatchObject(evidenceOnly);
  // The private key's bytes are in no file written and nowhere in what was printed.
  expect(scanTree(out, keys.secretLines).findings).toEqual([]);
  expect(findCanaries(printed, keys.secretLines)).toEqual([]);
  // A file added beside the signed ones: refused, naming it; gone again, the package verifies.
  writeFileSync(join(out, 'approval.html'), '<p>Client approved.</p>');
  expect(verifyPackage(out, keys.public)).toMatchObject({
    exitCode: 1,
    sentence: expect.stringMatching(
      /holds 1 file\(s\) manifest\.json does not list \(approval\.html\): a package carries only what was signed\.$/,
    ),
  });
  rmSync(join(out, 'approval.html'));
  expect(verifyPackage(out, keys.public)).toMatchObject(evidenceOnly);
  // A file changed after signing: refused for that first. A session certified without --sign says so.
  writeFileSync(join(out, 'client-certification.md'), 'PASS\n');
  expect(verifyPackage(out, keys.public)).toMatchObject({ exitCode: 1, sentence: expect.stringContaining('client-certification.md') });
  let unsigned = '';
  certifyClientCommand(['--session', session, '--out', join(dir, 'unsigned')], ROOT, (t) => (unsigned += t));
  expect(unsigned).toContain('Not signed (--sign key.pem signs the manifest)');
  // A manifest written with no mark (as suites before the mark wrote them): never taken for a certification.
  writeManifest(join(dir, 'unsigned'));
  expect(verifyPackage(join(dir, 'unsigned'), null)).toMatchObject({
    exitCode: 1,
    sentence: expect.stringMatching(/manifest\.json records no certification mark \(written by a suite older than the mark\)\.$/),
  });
  // A key file that is not a private key: one sentence naming the file, nothing written.
  expect(() => certifyClientCommand(['--session', session, '--out', join(dir, 'bad'), '--sign', keys.public], ROOT)).toThrow(ConfigError);
  expect(() => certifyClientCommand(['--session', session, '--out', join(dir, 'bad'), '--sign', keys.public], ROOT)).toThrow(
    /--sign names "[^"]+signer\.pub\.pem", which is not an unencrypted Ed25519 private key in PEM/,
  );
});

test('proxy with no target: fronts the bundled reference, stops after --stop-after and certifies what it recorded', async ({}, testInfo) => {
  const out = testInfo.outputPath('proxy-run');
  const keys = signingKeys(testInfo.outputPath('keys'));
  const proxy = await startProxyCli(['--port', '0', '--stop-after', '2', '--out', out, '--sign', keys.private], {
    REFERENCE_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
    REFERENCE_SECRET: CANARY.secret,
  });
  const url = proxy.url;
  const headers = { accept: 'application/json', 'service-api-subscription': CANARY.subscriptionKey, 'service-api-secret': CANARY.secret };
  expect((await fetch(`${url}/offer?offset=0&limit=5`, { headers })).status).toBe(200);
  const code = await proxy.exited;
  const stdout = proxy.output();
  expect(code, stdout).toBe(4);
  expect(stdout).toMatch(/#1 GET \/offer\?offset=0&limit=5 -> 200/);
  const written = [
    join(out, 'session.jsonl'),
    join(out, 'client-certification', 'client-certification.json'),
    join(out, 'client-certification', 'index.html'),
    join(out, 'client-certification', 'client-certification.md'),
  ];
  for (const file of written) expect(findCanaries(readFileSync(file, 'utf8'), [CANARY.subscriptionKey, CANARY.secret]), file).toEqual([]);
  expect(findCanaries(stdout, [CANARY.subscriptionKey, CANARY.secret])).toEqual([]);
  // Signed with --sign: the operator checks it with the public key; the private key is in nothing written or printed.
  expect(stdout).toMatch(/^Signed: .*manifest\.json\.sig \(key sha256:[0-9a-f]{64}\)$/m);
  // INCOMPLETE (two requests show few duties): signed and whole, refused as evidence only.
  expect(verifyPackage(join(out, 'client-certification'), keys.public).sentence).toMatch(
    /^Refused: .* is evidence only, not a certification: /,
  );
  expect(findCanaries(stdout, keys.secretLines)).toEqual([]);
  expect(scanTree(out, keys.secretLines).findings).toEqual([]);
});

test('--help prints the usage and every flag, exit 0', () => {
  let printed = '';
  expect(certifyClientCommand(['--help'], ROOT, (t) => (printed += t))).toBe(0);
  for (const flag of ['--session', '--out', '--agreed-rate', '--currency', '--duplicate-window']) expect(printed).toContain(flag);
  expect(PROXY_HELP).toMatch(/^Usage: npm run proxy/);
  for (const flag of ['--target', '--port', '--out', '--profile', '--stop-after', '--agreed-rate']) expect(PROXY_HELP).toContain(flag);
});
