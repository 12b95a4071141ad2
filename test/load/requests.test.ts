// No request of a load scenario follows a redirect (issue 28: k6 followed a 307 to another host and sent both
// credential headers there). Every request the four scripts send is built by load/lib/requests.ts; this test
// builds each of them as its scenario would and reads the scripts to hold that they send nothing else. A 3xx
// is a failed request, named with its Location's origin, never followed.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { buildOptions } from '../../load/lib/scenario-options.ts';
import { SCENARIOS, type ScenarioName, TAG } from '../../load/lib/names.ts';
import { nextRequest, planWalks, startWalk } from '../../load/lib/pages.ts';
import {
  type CallSpec,
  EXPECTED_STATUSES,
  REQUEST,
  REQUESTS_BY_SCENARIO,
  type RequestId,
  buildRequest,
  locationOrigin,
  parseRedirectCheck,
  redirectCheckName,
  redirectRefusal,
} from '../../load/lib/requests.ts';
import type { SubscribableOffer } from '../../load/lib/subscription-body.ts';
import { LOAD_DIR } from '../../src/k6/paths.ts';
import { SECRET, SECRET_KEY, config } from './fixtures.ts';

const offer: SubscribableOffer = { id: 'offer-1', currency: 'GBP', min: 100, max: 1000 };
const [walk] = planWalks(['offers', 'allocations'], [25], 100, ['offer-9']).entries;

/** Each builder, called as its scenario calls it (a Record: a builder added to REQUEST and not here fails typecheck). */
const EXAMPLES: Record<RequestId, () => CallSpec[]> = {
  setupAllocations: () => [REQUEST.setupAllocations()],
  page: () =>
    planWalks(['offers', 'subscriptions', 'allocations'], [1, 25], 100, ['offer-9']).entries.map((e) =>
      REQUEST.page(nextRequest(startWalk(e))),
    ),
  walkCheck: () => [REQUEST.walkCheck(nextRequest(startWalk(walk)))],
  setupOffers: () => [REQUEST.setupOffers()],
  poll: () => [REQUEST.poll('2026-01-01T00:00:00Z')],
  probe: () => [REQUEST.probe('GET /offer', { [TAG.targetRps]: '10' }), REQUEST.probe('recovery GET /offer', {})],
  currencyProbe: () => [REQUEST.currencyProbe(offer, 'run-1', 0)],
  create: () => [REQUEST.create(offer, 'run-1', 3, 0)],
  readOffer: () => [REQUEST.readOffer('offer-1')],
  readSubscription: () => [REQUEST.readSubscription('sub-1', 0), REQUEST.readSubscription('sub-1', 2000)],
  cancel: () => [
    REQUEST.cancel(
      { method: 'POST', path: '/subscription/{subscriptionId}/cancel' },
      'sub-1',
      'POST /subscription/{subscriptionId}/cancel',
    ),
    REQUEST.cancel({ method: 'DELETE', path: '/subscription/{subscriptionId}' }, 'sub-1', 'teardown DELETE /subscription/{subscriptionId}'),
  ],
  teardownSubscriptions: () => [REQUEST.teardownSubscriptions()],
};

for (const scenario of SCENARIOS) {
  test(`${scenario}: every request it can send carries redirects: 0 (and k6's maxRedirects is 0 for anything else)`, () => {
    const c = config(scenario);
    expect(buildOptions(c).maxRedirects).toBe(0);
    for (const id of REQUESTS_BY_SCENARIO[scenario]) {
      for (const spec of EXAMPLES[id]()) {
        const req = buildRequest(c, spec);
        expect({ id, url: req.url, redirects: req.params.redirects }).toEqual({ id, url: req.url, redirects: 0 });
        expect(req.url.indexOf('http://127.0.0.1:8080/')).toBe(0);
        expect(req.params.headers).toMatchObject({ 'service-api-subscription': SECRET_KEY, 'service-api-secret': SECRET });
        expect(req.params.tags[TAG.name]).toBe(spec.name);
      }
    }
  });

  test(`${scenario}: the flow sends only requests built by load/lib/requests.ts, through runtime.ts`, () => {
    const source = readFileSync(`${LOAD_DIR}flows/${scenario}.ts`, 'utf8');
    expect(source).not.toMatch(/from 'k6\/http'|port\.request\(/);
    // Every rt.call(...) and rt.readWithRetry(...) takes a builder of REQUEST, one the scenario is listed with.
    const sends = [...source.matchAll(/\brt\.(?:call|readWithRetry)\(\s*([^)]*)/g)].map((m) => m[1].trim());
    expect(sends.length).toBeGreaterThan(0);
    const used = sends.map((arg) => /^REQUEST\.(\w+)\(/.exec(arg)?.[1] ?? `not a REQUEST builder: ${arg}`);
    for (const id of used) expect(REQUESTS_BY_SCENARIO[scenario as ScenarioName]).toContain(id);
  });
}

test('only runtime.ts sends, through the port, what buildRequest made; k6-port.ts hands the Params to k6 whole; a 3xx is not an expected status', () => {
  const lib = `${LOAD_DIR}lib/`;
  const runtime = readFileSync(`${lib}runtime.ts`, 'utf8');
  expect(runtime).toMatch(/const req = buildRequest\(config, spec\);\s*const res = port\.request\(req, /);
  expect((runtime.match(/port\.request\(/g) ?? []).length).toBe(1);
  const glue = readFileSync(`${lib}k6-port.ts`, 'utf8');
  expect(glue).toMatch(/http\.request\(req\.method, req\.url, req\.body, \{\s*\.\.\.req\.params,/);
  expect((glue.match(/http\.(request|get|post|put|patch|del|batch|head|options|asyncRequest)\(/g) ?? []).length).toBe(1);
  for (const file of readdirSync(lib).filter((f) => f !== 'k6-port.ts'))
    expect(readFileSync(`${lib}${file}`, 'utf8'), file).not.toMatch(/from 'k6\/http'/);
  expect(EXPECTED_STATUSES).toEqual({ min: 200, max: 299, also: [429] });
});

test("a 3xx is refused and named by its Location's origin (no path, query or userinfo), relative ones by the request's", () => {
  const url = 'http://127.0.0.1:8080/api/offer?offset=0';
  const cases: Array<[string | null, string]> = [
    ['http://127.0.0.1:43121/steal?k=v', 'http://127.0.0.1:43121'],
    ['https://user:pass@Evil.example:8443/x', 'https://evil.example:8443'],
    ['//other.example/p', 'http://other.example'],
    ['/api/offer?offset=1', 'http://127.0.0.1:8080'],
    ['next', 'http://127.0.0.1:8080'],
    [null, '(no Location)'],
  ];
  for (const [location, origin] of cases) expect(locationOrigin(location, url)).toBe(origin);
  expect(redirectRefusal('GET /offer', 200, 'http://x', url)).toBeNull();
  expect(redirectRefusal('GET /offer', 429, null, url)).toBeNull();
  const refused = redirectRefusal('GET /offer', 307, 'http://127.0.0.1:43121/steal', url);
  expect(refused).toEqual({ endpoint: 'GET /offer', status: 307, origin: 'http://127.0.0.1:43121' });
  if (refused === null) return;
  const name = redirectCheckName(refused);
  expect(name).toBe('redirect refused (not followed): GET /offer answered 307 to http://127.0.0.1:43121');
  expect(parseRedirectCheck(name)).toEqual(refused);
  expect(parseRedirectCheck('GET /offer answers 200')).toBeNull();
});
