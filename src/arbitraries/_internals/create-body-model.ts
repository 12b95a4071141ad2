// Shared builder of schema-valid creation bodies for one offer; the public arbitraries
// (`validCreateBody`, `createBodyWithoutTypeOrCategory`, `invalidCreateBody`) are thin choices over it.
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { amountWithinLimits, hasAmountWithinLimits } from '../amount-within-limits.ts';
import {
  ACCOUNT_TYPES,
  CATEGORY_OF_TYPE,
  CREATE_BODY_FIELDS,
  CURRENCIES,
  INVESTOR_REFERENCE_TYPES,
  SUBSCRIPTION_TYPES,
  investorKind,
  isCurrency,
  suitsInvestor,
} from '../../contract/vocabulary.ts';
import type { InvestorKind, OpenOffer, SubscriptionCreateBody } from '../../contract/vocabulary.ts';
import { investorReference } from '../investor-reference.ts';
import { receiptWindow } from '../../contract/receipt-time.ts';
import { orderCurrency } from '../../contract/order-currency.ts';
import { utcTimestamp } from '../utc-timestamp.ts';
import { forTerminal } from '../../config/terminal-text.ts';

/** Options shared by the creation-body arbitraries. */
export interface CreateBodyConstraints {
  /**
   * The run tag: when given, every body carries it as `clientSubscriptionReference` (the suite tags
   * every record it creates, so the run journal and cleanup sweep can find it).
   */
  tag?: string;
  /**
   * `'any'` (default): every currency of the enum. `'offer'`: always the offer's own, the one it accepts
   * orders in (`acceptedCurrency`), else the one it is priced in (`currency`; src/contract/order-currency.ts)
   * (contract, Authentication 4: a client has one currency; what other currencies get is not shown).
   */
  currency?: 'any' | 'offer';
  /** Window of clientSubscriptionTimestamp (default: the offer's `receiptWindow`, src/contract/receipt-time.ts). */
  timestampMin?: Date;
  timestampMax?: Date;
}

/** Whether a schema-valid body inside the order limits can be built for `offer`. */
export function acceptsValidBody(offer: OpenOffer, constraints: CreateBodyConstraints): boolean {
  const own = orderCurrency(offer.pricingAndOrderLimits);
  if (constraints.currency === 'offer' && !(own !== undefined && isCurrency(own))) return false;
  return hasAmountWithinLimits(offer.pricingAndOrderLimits);
}

/**
 * The offers a valid body can be built for. An offer whose limits hold no 6-decimal amount
 * (hardMinLimit > hardMaxLimit, which OFFER-ORDER-RANGE reports) is left out rather than
 * failing the whole generator; none at all is a programming error.
 */
export function offersForValidBodies(offers: readonly OpenOffer[], constraints: CreateBodyConstraints, caller: string): OpenOffer[] {
  if (offers.length === 0) throw new RangeError(`${caller}: needs at least one open offer`);
  const usable = offers.filter((offer) => acceptsValidBody(offer, constraints));
  if (usable.length === 0) {
    throw new RangeError(
      forTerminal(
        `${caller}: no offer admits a valid body (order limits hold no amount with at most 6 decimals` +
          `${constraints.currency === 'offer' ? ', or its currency is outside the enum' : ''}): ` +
          // The target's ids: Playwright prints a thrown message as it is, so their control characters are shown as escapes.
          offers
            .map((o) => `${JSON.stringify(o.id)} ${o.pricingAndOrderLimits.hardMinLimit}..${o.pricingAndOrderLimits.hardMaxLimit}`)
            .join(', '),
      ),
    );
  }
  return usable;
}

/** Lays the parts out in the contract's field order, leaving absent fields out (never `undefined`). */
function inContractOrder(parts: Partial<SubscriptionCreateBody>): SubscriptionCreateBody {
  const body: Record<string, unknown> = {};
  for (const field of CREATE_BODY_FIELDS) {
    if (parts[field] !== undefined) body[field] = parts[field];
  }
  return body as unknown as SubscriptionCreateBody;
}

const record = { noNullPrototype: true } as const;

/** Shareholding facts, kept consistent with each other (a holder of 0 shares is not a shareholder). */
const shareholding = fc.oneof(
  fc.constant({}),
  fc.record(
    { isExistingShareholder: fc.constant(false), numExistingShares: fc.constant(0) },
    { ...record, requiredKeys: ['isExistingShareholder'] },
  ),
  fc.record(
    { isExistingShareholder: fc.constant(true), numExistingShares: fc.integer({ min: 1, max: 1_000_000_000 }) },
    { ...record, requiredKeys: ['isExistingShareholder'] },
  ),
  fc.record({ numExistingShares: fc.integer({ min: 0, max: 1_000_000_000 }) }, record),
);

/**
 * Who invests, kept one kind of investor (`suitsInvestor`): a type and the category it goes with (CATEGORY_OF_TYPE:
 * never a pair that disagrees), the investor's reference (or none) and the account, all of them suiting the investor.
 * Every value of each enum is reachable; with `'neither'` type nor category is given, and the investor is an
 * individual (the default category is professional).
 */
const typesOf = (kind: InvestorKind) => SUBSCRIPTION_TYPES.filter((t) => investorKind({ subscriptionType: t }) === kind);

function investorParts(kind: InvestorKind, withTypeAndCategory: boolean) {
  const types = typesOf(kind);
  return fc.record(
    {
      typeAndCategory: withTypeAndCategory
        ? fc
            .constantFrom(...types)
            .map((subscriptionType) => ({ subscriptionType, subscriptionCategory: CATEGORY_OF_TYPE[subscriptionType] }))
        : fc.constant({}),
      investor: fc.option(investorReference(INVESTOR_REFERENCE_TYPES.filter((t) => suitsInvestor('investorReferenceType', t, kind))), {
        nil: undefined,
      }),
      accountType: fc.constantFrom(...ACCOUNT_TYPES.filter((t) => suitsInvestor('accountType', t, kind))),
    },
    record,
  );
}
// Each kind weighted by its number of types, so each type is as likely as any other.
const investors = {
  both: fc.oneof(
    { arbitrary: investorParts('individual', true), weight: typesOf('individual').length },
    { arbitrary: investorParts('corporate', true), weight: typesOf('corporate').length },
  ),
  neither: investorParts('individual', false),
};

// The parts that do not depend on the offer are built once: fast-check arbitraries are immutable, and building these
// (a regular expression's, above all) for each offer of each property cost a fuzz worker about a second at its start.
const untaggedReference = fc.record(
  { clientSubscriptionReference: fc.string({ unit: 'grapheme', maxLength: 36 }) },
  { ...record, requiredKeys: [] },
);
const optionalFields = fc.record(
  { isIssuerEmployee: fc.boolean(), membershipCode: fc.stringMatching(/^[A-Za-z0-9-]{4,16}$/) },
  { ...record, requiredKeys: [] },
);

/**
 * Schema-valid bodies for one offer: required fields always, each optional field present or absent,
 * subscriptionType and subscriptionCategory both present (`'both'`) or both absent (`'neither'`).
 */
export function createBodyFor(
  offer: OpenOffer,
  constraints: CreateBodyConstraints,
  typeAndCategoryPresence: 'both' | 'neither',
): Arbitrary<SubscriptionCreateBody> {
  const offerCurrency = orderCurrency(offer.pricingAndOrderLimits);
  const window = receiptWindow(offer);
  const currency =
    constraints.currency === 'offer' && offerCurrency !== undefined && isCurrency(offerCurrency)
      ? fc.constant(offerCurrency)
      : fc.constantFrom(...CURRENCIES);
  const reference = constraints.tag !== undefined ? fc.constant({ clientSubscriptionReference: constraints.tag }) : untaggedReference;
  return fc
    .record(
      {
        core: fc.record(
          {
            offerId: fc.constant(offer.id),
            amountRequested: amountWithinLimits(offer.pricingAndOrderLimits),
            // "Time the order was received": inside the offer's period, never to come (src/contract/receipt-time.ts).
            clientSubscriptionTimestamp: utcTimestamp({
              min: constraints.timestampMin ?? window.earliest,
              max: constraints.timestampMax ?? window.latest,
            }),
            currency,
          },
          record,
        ),
        // Type, category, investor reference ("of the kind given in investorReferenceType": both or neither) and account.
        who: investors[typeAndCategoryPresence],
        reference,
        shareholding,
        optional: optionalFields,
      },
      record,
    )
    .map((p) =>
      inContractOrder({
        ...p.core,
        ...p.who.typeAndCategory,
        accountType: p.who.accountType,
        ...p.reference,
        ...p.who.investor,
        ...p.shareholding,
        ...p.optional,
      }),
    );
}

/** One of the offers' bodies; `fc.oneof` keeps shrinking inside the chosen offer. */
export function createBodyForAny(
  offers: readonly OpenOffer[],
  constraints: CreateBodyConstraints,
  typeAndCategoryPresence: 'both' | 'neither',
): Arbitrary<SubscriptionCreateBody> {
  return fc.oneof(...offers.map((offer) => createBodyFor(offer, constraints, typeAndCategoryPresence)));
}
