// "A failed call returns a 4xx status" (contract, What the service does): no query and no body, of any
// kind, may get a 5xx (GEN-FAILURE-4XX). Every response of every fuzz property goes through the
// exchange checks, which fail a 5xx and check error bodies; the properties here send what the other
// properties do not: queries with values the contract is silent on, odd identifiers, unknown
// parameters, odd text, unknown fields, malformed JSON and JSON of any shape. What a target answers
// to a contract-silent query is recorded (PAGE-INVALID-PARAMS).
import fc from 'fast-check';
import type { Arbitrary, JsonValue } from 'fast-check';
import type { ApiClient } from '../src/client/api-client.ts';
import type { Exchange } from '../src/client/exchange.ts';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import { offerListQuery, pageQuery, subscriptionListQuery } from '../src/arbitraries/index.ts';
import type { ListQuery } from '../src/arbitraries/index.ts';
import type { Offer } from '../src/contract/types.ts';
import type { TargetFacts } from '../src/harness/target-facts.ts';
import type { SuiteFixture } from '../src/harness/fixtures.ts';
import { extraFieldsBody, type ExtraFieldsBody } from './arbitraries/extra-fields-body.ts';
import { malformedBody, type MalformedBody } from './arbitraries/malformed-json.ts';
import { oddStringBody, type OddStringBody } from './arbitraries/odd-string-body.ts';
import { pathIdentifier, type PathIdentifier } from './arbitraries/path-identifier.ts';
import { unknownQueryParams } from './arbitraries/unknown-query-params.ts';
import { checkRefused } from './checks.ts';
import { property, requireOffersToWrite, requireWrites, test } from './fixtures.ts';
import { fuzzOffers } from './offers.ts';
import type { FuzzProperty, FuzzRunner } from './runner.ts';

type ListRoute = 'offer' | 'subscription' | 'allocation';

function listOn(api: ApiClient, route: ListRoute, query: Record<string, string>, offerId?: string): Promise<Exchange> {
  if (route === 'offer') return api.listOffers(query);
  if (route === 'subscription') return api.listSubscriptions(query);
  return offerId === undefined ? api.listAllocations(query) : api.getAllocation(offerId, query);
}

/** What the target answered to a query the contract is silent on: recorded, one key per answer. */
function observeSilent(verdict: Verdict, q: ListQuery, ex: Exchange, where: string): void {
  if (q.verdict !== 'contract-silent') return;
  verdict.observe({
    clause: 'PAGE-INVALID-PARAMS',
    key: `fuzz.silentQuery.${where}.${ex.status}`,
    message: `${where}: ${q.description} answered ${ex.status}`,
    value: ex.status,
  });
}

interface Context {
  fuzz: FuzzRunner;
  facts: TargetFacts;
  suite: SuiteFixture;
}

interface Family {
  title: string;
  mode: 'read' | 'write';
  clauses: ClauseId[];
  property(ctx: Context): Promise<FuzzProperty<never>>;
}

/** A family's property, typed by its own cases (the table holds them side by side). */
const family = <T>(f: Omit<Family, 'property'> & { property(ctx: Context): Promise<FuzzProperty<T>> }): Family => f as unknown as Family;

async function writeOffers(fuzz: FuzzRunner, facts: TargetFacts): Promise<Offer[]> {
  const { writeTo } = await fuzzOffers(fuzz, facts);
  await requireOffersToWrite(facts, writeTo);
  return writeTo;
}

const maxLimitOf = (suite: SuiteFixture): number | null => suite.profile.maxLimit ?? null;

const FAMILIES: Family[] = [
  family<ListQuery>({
    title: 'offer list queries of any kind',
    mode: 'read',
    clauses: ['GEN-FAILURE-4XX', 'PAGE-INVALID-PARAMS', 'ERR-LIST-GET-BODY'],
    async property({ fuzz, facts, suite }) {
      const lastModifiedSeen = (await facts.offers()).map((o) => o.dates?.lastModifiedOn);
      return {
        arbitrary: offerListQuery({ maxLimit: maxLimitOf(suite), lastModifiedSeen }),
        run: async (q, verdict) => observeSilent(verdict, q, await fuzz.api.listOffers(q.query), 'GET /offer'),
      };
    },
  }),
  family<ListQuery>({
    title: 'subscription list queries of any kind',
    mode: 'read',
    clauses: ['GEN-FAILURE-4XX', 'PAGE-INVALID-PARAMS', 'ERR-LIST-GET-BODY'],
    async property({ fuzz, facts, suite }) {
      const knownOfferIds = (await facts.offers()).map((o) => o.id);
      return {
        arbitrary: subscriptionListQuery({ maxLimit: maxLimitOf(suite), knownOfferIds }),
        run: async (q, verdict) => observeSilent(verdict, q, await fuzz.api.listSubscriptions(q.query), 'GET /subscription'),
      };
    },
  }),
  family<{ offerId: string | undefined; page: ListQuery }>({
    title: 'allocation queries of any kind',
    mode: 'read',
    clauses: ['GEN-FAILURE-4XX', 'PAGE-INVALID-PARAMS', 'ERR-LIST-GET-BODY'],
    async property({ fuzz, facts, suite }) {
      const withAllocations = (await facts.allocations()).map((r) => r.offerId).filter((id): id is string => typeof id === 'string');
      const offerId: Arbitrary<string | undefined> = withAllocations.length
        ? fc.option(fc.constantFrom(...withAllocations), { nil: undefined })
        : fc.constant(undefined);
      return {
        arbitrary: fc.record({ offerId, page: pageQuery({ maxLimit: maxLimitOf(suite) }) }, { noNullPrototype: true }),
        async run({ offerId: id, page }, verdict) {
          const ex = await listOn(fuzz.api, 'allocation', page.query, id);
          // GET /allocation lists no query parameters: whatever it does with them is ALLOC-LIST-PAGINATION's to record.
          if (id !== undefined) observeSilent(verdict, page, ex, 'GET /allocation/{offerId}');
        },
      };
    },
  }),
  family<PathIdentifier>({
    title: 'identifiers of any kind in paths',
    mode: 'read',
    clauses: ['GEN-FAILURE-4XX', 'ERR-LIST-GET-BODY'],
    async property({ fuzz, facts }) {
      const knownOfferIds = (await facts.offers()).map((o) => o.id);
      return {
        arbitrary: pathIdentifier({ knownOfferIds }),
        async run({ route, id }) {
          if (route === 'offer') await fuzz.api.getOffer(id);
          else if (route === 'allocation') await fuzz.api.getAllocation(id);
          else await fuzz.api.getSubscription(id);
        },
      };
    },
  }),
  family<{ route: ListRoute; query: Record<string, string> }>({
    title: 'query parameters no operation lists',
    mode: 'read',
    clauses: ['GEN-FAILURE-4XX', 'ERR-LIST-GET-BODY'],
    async property({ fuzz, suite }) {
      /**
       * Entries a route's whole list held when a case last read it. A list longer than a walk may read (API_WALK_PAGES
       * pages) is not read whole case after case for this property, whose subject is the parameters, not the list: its
       * later cases carry the unknown parameters with limit at the largest page, and the report says so.
       */
      const listed = new Map<ListRoute, number>();
      const bound = fuzz.wholeListBound;
      const page = String(maxLimitOf(suite) ?? 100);
      return {
        arbitrary: fc.record(
          { route: fc.constantFrom<ListRoute>('offer', 'subscription', 'allocation'), query: unknownQueryParams() },
          { noNullPrototype: true },
        ),
        async run({ route, query }, verdict) {
          const long = (listed.get(route) ?? 0) > bound;
          const ex = await listOn(fuzz.api, route, long ? { ...query, limit: page } : query);
          if (!long && ex.status === 200 && Array.isArray(ex.body)) listed.set(route, ex.body.length);
          if (long)
            verdict.observe({
              clause: 'GEN-FAILURE-4XX',
              key: `limited.unknownParams.${route}`,
              message: `GET /${route} with unknown query parameters: its list held ${listed.get(route)} entries, more than API_WALK_PAGES pages (${bound}), so it was read whole once; later cases carried limit=${page} beside the unknown parameters`,
            });
        },
      };
    },
  }),
  family<OddStringBody>({
    title: 'free-text fields of any length and content',
    mode: 'write',
    clauses: ['GEN-FAILURE-4XX', 'ERR-CREATE-CANCEL-BODY'],
    async property({ fuzz, facts }) {
      return {
        arbitrary: oddStringBody(await writeOffers(fuzz, facts), fuzz.api.journal.runTagPrefix()),
        writesPerRun: 1,
        writeShares: 2,
        async run(c) {
          await fuzz.create(c.body);
        },
      };
    },
  }),
  family<ExtraFieldsBody>({
    title: 'fields the request does not list',
    mode: 'write',
    clauses: ['GEN-FAILURE-4XX', 'ERR-CREATE-CANCEL-BODY'],
    async property({ fuzz, facts }) {
      return {
        arbitrary: extraFieldsBody(await writeOffers(fuzz, facts)),
        writesPerRun: 1,
        writeShares: 2,
        async run(c) {
          await fuzz.create(c.body);
        },
      };
    },
  }),
  family<MalformedBody>({
    title: 'bodies that are not JSON',
    mode: 'write',
    clauses: ['GEN-FAILURE-4XX', 'SUB-CREATE-VALIDATION', 'ERR-CREATE-CANCEL-BODY'],
    async property({ fuzz, facts }) {
      return {
        arbitrary: malformedBody(await writeOffers(fuzz, facts)),
        writesPerRun: 1,
        refusedByDesign: true,
        async run(c, verdict) {
          const { exchange } = await fuzz.create(undefined, {
            rawBody: c.text,
            headers: c.contentType ? { 'content-type': c.contentType } : undefined,
          });
          checkRefused(verdict, exchange, 'SUB-CREATE-VALIDATION', `a body that is not JSON (${c.description})`);
        },
      };
    },
  }),
  family<JsonValue>({
    title: 'JSON bodies of any shape',
    mode: 'write',
    clauses: ['GEN-FAILURE-4XX', 'ERR-CREATE-CANCEL-BODY'],
    async property({ fuzz }) {
      return {
        arbitrary: fc.jsonValue({ maxDepth: 3 }),
        writesPerRun: 1,
        refusedByDesign: true,
        async run(body) {
          await fuzz.create(body);
        },
      };
    },
  }),
];

for (const f of FAMILIES) {
  test(`no 5xx for ${f.title}`, property(f.mode, ...f.clauses), async ({ fuzz, facts, suite }) => {
    if (f.mode === 'write') requireWrites(suite);
    await fuzz.check(await f.property({ fuzz, facts, suite }));
  });
}
