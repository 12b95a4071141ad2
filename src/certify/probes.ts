/**
 * Discovery probes: one per "not shown" item of the contract, each a few requests through the one API
 * client (paced, redacted, journalled). A typed table, run in order; later probes may use what earlier
 * ones found (the offers list, the record the create probe made). Probes never hammer: rate limits are
 * not probed here (Retry-After comes from 429s met during the run).
 */
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import type { ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { OPEN_STATUS, type Offer, type Subscription } from '../contract/types.ts';
import type { RouteSpec, TargetProfile } from '../config/target-profile.ts';
import type { ItemValue } from './observed-profile.ts';
import type { WritePolicy } from '../run/write-policy.ts';
import { offerCurrency, probeCurrencies, whyNoOfferToWrite } from '../run/client-currency.ts';

export interface ProbeContext {
  client: ApiClient;
  profile: TargetProfile;
  writes: WritePolicy;
  runId: string;
  /** The client's currency when the partner gave it (API_CLIENT_CURRENCY), else null. */
  clientCurrency: string | null;
  /** Shared between probes. */
  state: { offers?: Offer[] | null; created?: Subscription | null; cancelled?: boolean };
}

export interface ProbeFinding {
  value: ItemValue | null;
  /** Why nothing was observed, or what a reader should know. */
  note?: string;
  /** Values of other items the same requests showed (a cancel shows its route and its status code). */
  also?: Array<{ item: string; value: ItemValue }>;
}

export interface Probe {
  item: string;
  clause: ClauseId;
  /** What the probe does, in a few words (shown in discovery.json and progress). */
  title: string;
  run(ctx: ProbeContext): Promise<ProbeFinding>;
}

/** What one probe did: its finding and every request it sent (redacted request line and status). */
export interface ProbeRecord extends ProbeFinding {
  item: string;
  clause: ClauseId;
  probe: string;
  requests: Array<{ request: string; status: number }>;
  error?: string;
}

/** Health routes tried, without credentials, when the profile names none: idempotent reads only. */
export const HEALTH_CANDIDATES: readonly RouteSpec[] = [
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/healthcheck' },
  { method: 'GET', path: '/health-check' },
  { method: 'GET', path: '/status' },
];

const statusValue = (...exchanges: Exchange[]): ItemValue => ({
  kind: 'status',
  codes: [...new Set(exchanges.map((e) => e.status))].sort((a, b) => a - b),
});
/** Whether an offer is in the client's currency, when the partner gave it. */
const inClientCurrency = (ctx: ProbeContext, offer: Offer) => ctx.clientCurrency === null || offerCurrency(offer) === ctx.clientCurrency;

const unknownId = (ctx: ProbeContext) => `osd-suite-unknown-${ctx.runId}`;

async function offers(ctx: ProbeContext): Promise<Offer[] | null> {
  if (ctx.state.offers === undefined) {
    const ex = await ctx.client.listOffers();
    ctx.state.offers = ex.status === 200 && Array.isArray(ex.body) ? (ex.body as Offer[]) : null;
  }
  return ctx.state.offers;
}

function looksLikeHealth(ex: Exchange): boolean {
  return ex.status >= 200 && ex.status < 300 && ex.isJson && typeof (ex.body as { status?: unknown } | undefined)?.status === 'string';
}

export const PROBES: readonly Probe[] = [
  {
    item: 'health',
    clause: 'HEALTH-ROUTE',
    title: 'health check without credentials',
    async run(ctx) {
      if (ctx.profile.health) {
        const ex = await ctx.client.health('none');
        if (ex.status >= 200 && ex.status < 300) return { value: { kind: 'route', route: ctx.profile.health, statuses: [ex.status] } };
        // Refused without credentials: whether the route exists at all is a different finding (HEALTH-NO-CREDENTIALS).
        const withCredentials = await ctx.client.health('valid');
        return {
          value: { kind: 'route', route: ctx.profile.health, statuses: [ex.status, withCredentials.status] },
          note: `answered ${ex.status} without credentials and ${withCredentials.status} with them`,
        };
      }
      // Not shown and not in the profile: try a few usual spellings, reads only, stop at the first that works.
      const tried: string[] = [];
      for (const route of HEALTH_CANDIDATES) {
        const ex = await ctx.client.send({ operation: 'health', method: route.method, path: route.path, auth: 'none' });
        tried.push(`${route.method} ${route.path} ${ex.status}`);
        if (looksLikeHealth(ex))
          return { value: { kind: 'route', route, statuses: [ex.status] }, note: `found by trying usual routes (${tried.join('; ')})` };
      }
      return {
        value: null,
        note: `not in the profile, and none of the usual routes answered a health result (${tried.join('; ')}); name it in the profile ("health")`,
      };
    },
  },
  {
    item: 'status.missingCredentials',
    clause: 'AUTH-FAILURE-STATUS',
    title: 'GET /offer without credential headers',
    async run(ctx) {
      return { value: statusValue(await ctx.client.listOffers({ offset: 0, limit: 1 }, 'none')) };
    },
  },
  {
    item: 'status.wrongCredentials',
    clause: 'AUTH-FAILURE-STATUS',
    title: 'GET /offer with a wrong subscription key, then a wrong secret',
    async run(ctx) {
      const key = await ctx.client.listOffers({ offset: 0, limit: 1 }, { subscriptionKey: 'osd-suite-wrong-subscription-key' });
      const secret = await ctx.client.listOffers({ offset: 0, limit: 1 }, { secret: 'osd-suite-wrong-secret' });
      return { value: statusValue(key, secret) };
    },
  },
  {
    item: 'status.unknownId',
    clause: 'ERR-STATUS-CODES',
    title: 'GET an offer and a subscription that do not exist',
    async run(ctx) {
      return { value: statusValue(await ctx.client.getOffer(unknownId(ctx)), await ctx.client.getSubscription(unknownId(ctx))) };
    },
  },
  {
    item: 'maxLimit',
    clause: 'PAGE-MAX-LIMIT-VALUE',
    title: 'GET /offer with a limit far above any plausible maximum',
    async run(ctx) {
      const all = await offers(ctx);
      if (!all) return { value: null, note: 'the offers list could not be read' };
      const ex = await ctx.client.listOffers({ offset: 0, limit: 1_000_000 });
      if (ex.status !== 200 || !Array.isArray(ex.body))
        return { value: null, note: `limit=1000000 answered ${ex.status} (PAGE-MAX-LIMIT reports it)` };
      const count = ex.body.length;
      return count < all.length
        ? { value: { kind: 'maxLimit', exact: count, atLeast: null } }
        : { value: { kind: 'maxLimit', exact: null, atLeast: count }, note: `all ${all.length} offers fit in one page` };
    },
  },
  {
    item: 'status.create',
    clause: 'SUB-CREATE-STATUS-CODE',
    title: 'create one valid subscription (tagged, journalled, cancelled at the end)',
    async run(ctx) {
      if (!ctx.writes.allowed) return { value: null, note: ctx.writes.reason };
      const open = (await offers(ctx))?.filter((o) => o?.details?.status === OPEN_STATUS && inClientCurrency(ctx, o)) ?? [];
      if (open.length === 0)
        return {
          value: null,
          note: `the target lists no open offer to subscribe to${ctx.clientCurrency ? ` in ${ctx.clientCurrency} (API_CLIENT_CURRENCY)` : ''}`,
        };
      // A target that holds the client to one currency refuses a create in the others with a 4xx: the first open offer
      // of each currency is tried until one takes it, so the status observed is a create's, not a refusal of the currency.
      let exchange: Exchange | undefined;
      const result = await probeCurrencies(ctx.client, open, {
        untilAccepted: true,
        onAnswer: (answer) => {
          if (exchange === undefined || (exchange.status >= 300 && answer.status < 300)) exchange = answer;
        },
      });
      if (!exchange) {
        const unanswered = result.unanswered?.[0];
        return {
          value: null,
          note: unanswered ? `no create got an answer (${unanswered.error})` : whyNoOfferToWrite(result, open),
        };
      }
      const record = exchange.body as Subscription | undefined;
      ctx.state.created = exchange.status < 300 && typeof record?.id === 'string' ? record : null;
      return {
        value: statusValue(exchange),
        note: ctx.state.created ? `new record status: ${String(ctx.state.created.status)}` : undefined,
      };
    },
  },
  {
    item: 'cancel',
    clause: 'SUB-CANCEL-ROUTE',
    title: "cancel the record the create probe made, through the profile's route",
    async run(ctx) {
      const route = ctx.profile.cancel;
      // An unknown cancel route is never guessed: a wrong guess on a write route could do anything.
      if (!route)
        return {
          value: null,
          note: 'not in the profile, and never guessed (a wrong guess at a write route could do anything); name it in the profile ("cancel")',
        };
      const created = ctx.state.created;
      if (!created) return { value: null, note: 'no record to cancel (see the create probe)' };
      if (created.status !== 'accepted') return { value: null, note: `the new record's status is ${String(created.status)}, not accepted` };
      const ex = await ctx.client.cancelSubscription(created.id);
      ctx.state.cancelled = ex.status >= 200 && ex.status < 300;
      return { value: { kind: 'route', route, statuses: [ex.status] }, also: [{ item: 'status.cancel', value: statusValue(ex) }] };
    },
  },
  {
    item: 'status.cancelNotCancellable',
    clause: 'SUB-CANCEL-REPEAT',
    title: 'cancel the same record again',
    async run(ctx) {
      if (!ctx.state.cancelled || !ctx.state.created) return { value: null, note: 'needs a record the cancel probe cancelled' };
      return { value: statusValue(await ctx.client.cancelSubscription(ctx.state.created.id)) };
    },
  },
];
