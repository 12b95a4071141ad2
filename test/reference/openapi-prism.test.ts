// The OpenAPI document read by a second, independent OpenAPI tool: Stoplight Prism (@stoplight/prism-http), the
// validating proxy behind `prism proxy`, with its own parser (@stoplight/http-spec) and its own validator set-up (Ajv
// with ajv-formats, unknown formats ignored). For every operation Prism finds in the document, the request is made of
// the document's own `example`s (the subscription id excepted: the reference makes a new one per create, so it is the
// one the create answered), Prism checks it against the document, forwards it to the unchanged reference and checks the
// answer: no violation either way, and a success status (issue 32, item 6). Then the same proxy in front of a faulty
// reference, and requests that break the timestamp and decimal rules, show that its checks bite on what the document
// now says in standard keywords (date-time with a UTC pattern; multipleOf).
import { expect, test } from '@playwright/test';
import { createClientFromOperations } from '@stoplight/prism-http/dist/client.js';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';

type Doc = { paths: Record<string, Record<string, Operation>> };
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; example?: unknown }>;
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  security?: unknown[];
};
type PrismClient = ReturnType<typeof createClientFromOperations>;

/** Prism logs through pino at info level by default: silent here, its findings are read from its answers. */
const silent = {
  level: 'silent',
  child: () => silent,
  ...Object.fromEntries(['fatal', 'error', 'warn', 'info', 'success', 'debug', 'trace'].map((level) => [level, () => {}])),
} as unknown as Parameters<typeof createClientFromOperations>[1]['logger'];

/** The document the reference serves, and a Prism proxy client that validates both ways in front of it. */
async function prismFor(reference: RunningReference): Promise<{ doc: Doc; prism: PrismClient }> {
  const doc = (await (await fetch(`${reference.url}/openapi.json`)).json()) as Doc;
  const operations = await getHttpOperationsFromSpec(structuredClone(doc));
  expect(operations.map((o) => o.iid).sort(), 'Prism reads every operation').toEqual(
    Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops).map((o) => o.operationId))
      .sort(),
  );
  const prism = createClientFromOperations(operations, {
    mock: { dynamic: false },
    isProxy: true,
    upstream: new URL(reference.url),
    upstreamProxy: undefined,
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: false,
    logger: silent,
  });
  return { doc, prism };
}

/** Send one operation through Prism, its parameters and body from the document's examples (`ids` where given). */
async function send(
  prism: PrismClient,
  reference: RunningReference,
  path: string,
  method: string,
  op: Operation,
  ids: Record<string, string> = {},
) {
  const value = (name: string, example: unknown) => String(ids[name] ?? example);
  for (const p of op.parameters ?? []) expect(p.example, `${op.operationId}: an example for parameter ${p.name}`).toBeDefined();
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(value(name, op.parameters?.find((p) => p.name === name)?.example)),
  );
  const query = new URLSearchParams(
    (op.parameters ?? []).filter((p) => p.in === 'query').map((p): [string, string] => [p.name, value(p.name, p.example)]),
  );
  const body = op.requestBody?.content['application/json'].example;
  if (op.requestBody) expect(body, `${op.operationId}: an example body`).toBeDefined();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (op.security?.length !== 0) {
    headers['service-api-subscription'] = reference.credentials.subscriptionKey;
    headers['service-api-secret'] = reference.credentials.secret;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const target = `${url}${query.size ? `?${query}` : ''}`;
  return prism.request(target, { method: method as 'get', headers, ...(body === undefined ? {} : { body }) });
}

let reference: RunningReference;
test.beforeAll(async () => {
  reference = await startReferenceServer();
});
test.afterAll(async () => reference?.close());

test('Prism runs every operation of the document on its examples against the unchanged reference: no violation, each a success', async () => {
  const { doc, prism } = await prismFor(reference);
  const all = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
  // Create first (the record the reads and the cancel use), cancel last.
  const rank = (id: string) => (id === 'createSubscription' ? 0 : id === 'cancelSubscription' ? 2 : 1);
  all.sort((a, b) => rank(a.op.operationId) - rank(b.op.operationId));
  const ids: Record<string, string> = {};
  const ran: string[] = [];
  for (const { path, method, op } of all) {
    const answer = await send(prism, reference, path, method, op, ids);
    expect({ operation: op.operationId, violations: answer.violations }).toEqual({
      operation: op.operationId,
      violations: { input: [], output: [] },
    });
    expect(answer.status, `${op.operationId}: ${JSON.stringify(answer.data).slice(0, 300)}`).toBeGreaterThanOrEqual(200);
    expect(answer.status, op.operationId).toBeLessThan(300);
    if (op.operationId === 'createSubscription') ids.subscriptionId = (answer.data as { id: string }).id;
    ran.push(op.operationId);
  }
  expect(ran.sort()).toEqual([
    'cancelSubscription',
    'createSubscription',
    'getAllocation',
    'getOffer',
    'getSubscription',
    'health',
    'listAllocations',
    'listOffers',
    'listSubscriptions',
  ]);
});

test('its checks bite: a faulty reference, an offset timestamp and a seventh decimal place are each reported', async () => {
  const faulty = await startReferenceServer({ faults: ['offer-price-as-string'] });
  try {
    const { doc, prism } = await prismFor(faulty);
    const list = await send(prism, faulty, '/offer', 'get', doc.paths['/offer'].get);
    expect(list.violations.output.map((v) => v.path?.join('.'))).toContain('body.0.pricingAndOrderLimits.offerPrice');
  } finally {
    await faulty.close();
  }
  const { doc, prism } = await prismFor(reference);
  const create = doc.paths['/subscription'].post;
  const example = create.requestBody!.content['application/json'].example as Record<string, unknown>;
  const withBody = (body: Record<string, unknown>): Operation => ({
    ...create,
    requestBody: { content: { 'application/json': { example: body } } },
  });
  const offset = await send(
    prism,
    reference,
    '/subscription',
    'post',
    withBody({ ...example, clientSubscriptionTimestamp: '2026-01-15T10:30:00+01:00' }),
  );
  expect(offset.violations.input.map((v) => `${v.path?.join('.')} ${v.code}`)).toContain('body.clientSubscriptionTimestamp pattern');
  const seventh = await send(prism, reference, '/subscription', 'post', withBody({ ...example, amountRequested: 500.0000001 }));
  expect(seventh.violations.input.map((v) => `${v.path?.join('.')} ${v.code}`)).toContain('body.amountRequested multipleOf');
});
