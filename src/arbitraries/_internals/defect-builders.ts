// One builder per defect kind. Each starts from a schema-valid body inside the order limits and
// changes exactly one thing, so the one defect is the only reason a target may refuse the body.
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { POSITIVE, amountBetween } from './decimal-amount.ts';
import type { AmountBetween } from './decimal-amount.ts';
import { compareDecimals, exactDecimalOf } from './exact-decimal.ts';
import { createBodyFor, createBodyForAny } from './create-body-model.ts';
import type { CreateBodyConstraints } from './create-body-model.ts';
import {
  CREATE_BODY_ENUMS,
  CREATE_BODY_FIELDS,
  OPTIONAL_CREATE_BODY_FIELDS,
  CREATE_BODY_FIELD_TYPES,
  ENUM_FIELDS,
  REQUIRED_CREATE_BODY_FIELDS,
} from '../../contract/vocabulary.ts';
import type { CreateBodyField, EnumField, OpenOffer, SubscriptionCreateBody } from '../../contract/vocabulary.ts';
import type { DefectKind } from '../create-body-defects.ts';
import type { StandsFor, StrictnessKind } from '../../contract/strictness.ts';

/** What a builder produces; the label fields from the defect table are added by `invalidCreateBody`. */
export interface PlantedDefect {
  target: string;
  body: unknown;
  description: string;
  /** The one valid request the body evidently stands for, when it has one (src/contract/strictness.ts). */
  standsFor?: StandsFor;
}

export interface DefectContext {
  /** Offers a valid body can be built for. */
  readonly offers: readonly OpenOffer[];
  /** Every offer id the target listed (unusable offers included): an "unknown" id avoids them all. */
  readonly knownOfferIds: ReadonlySet<string>;
  readonly constraints: CreateBodyConstraints;
}

/** `undefined` when no offer admits the defect (e.g. no offer has a minimum above 0 for amount-zero). */
export type DefectBuilder = (context: DefectContext) => Arbitrary<PlantedDefect> | undefined;

const pointer = (field: CreateBodyField): string => `/${field}`;
const show = (value: unknown): string => JSON.stringify(value);

/** The body with `field` set to `value` (added in contract order when absent). */
function replaced(body: SubscriptionCreateBody, field: CreateBodyField, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CREATE_BODY_FIELDS) {
    if (f === field) out[f] = value;
    else if (f in body) out[f] = body[f];
  }
  return out;
}

function without(body: SubscriptionCreateBody, field: CreateBodyField): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  delete out[field];
  return out;
}

/** Picks `items[n mod length]`: a deterministic choice, so shrinking `n` stays meaningful. */
const pick = <T>(items: readonly T[], n: number): T => items[n % items.length];

const baseBody = (context: DefectContext): Arbitrary<SubscriptionCreateBody> =>
  createBodyForAny(context.offers, context.constraints, 'both');

/** Per-offer builder: one arbitrary per offer that admits the defect. */
function perOffer(
  context: DefectContext,
  build: (offer: OpenOffer, base: Arbitrary<SubscriptionCreateBody>) => Arbitrary<PlantedDefect> | undefined,
): Arbitrary<PlantedDefect> | undefined {
  const arbitraries = context.offers
    .map((offer) => build(offer, createBodyFor(offer, context.constraints, 'both')))
    .filter((a): a is Arbitrary<PlantedDefect> => a !== undefined);
  return arbitraries.length === 0 ? undefined : fc.oneof(...arbitraries);
}

// --- wrong JSON type -----------------------------------------------------------------------------

type JsonType = 'string' | 'number' | 'boolean';
const SAMPLE_OF_TYPE: Record<JsonType, unknown> = { string: 'x', number: 1, boolean: true };

/** Values of another JSON type than `declared`, derived from the field's value (never null: that is its own defect). */
function wrongTypeValues(declared: JsonType, value: unknown, n: number): unknown[] {
  const asArray = [value];
  const asObject = { value };
  switch (declared) {
    case 'string': {
      const epoch = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      return [Number.isFinite(epoch) ? epoch : n, n % 2 === 0, asArray, asObject];
    }
    case 'number':
      return [String(value), (value as number) > 0, asArray, asObject];
    case 'boolean':
      return [String(value), value ? 1 : 0, asArray, asObject];
  }
}

/** A number or boolean spelled as the string of itself ("750", "true") stands for the body with the value: its kind. */
function spelledAsString(declared: JsonType, meant: unknown, value: unknown): StrictnessKind | undefined {
  if (typeof value !== 'string' || value !== String(meant)) return undefined;
  return declared === 'number' ? 'numeric-string' : declared === 'boolean' ? 'boolean-string' : undefined;
}

const jsonTypeName = (value: unknown): string => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

// --- enums ----------------------------------------------------------------------------------------

const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
const swapCase = (s: string): string => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
const toggledByMask = (s: string, mask: number): string =>
  [...s].map((c, i) => ((mask >> (i % 30)) & 1 ? (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) : c)).join('');

function enumOf(field: EnumField): readonly string[] {
  return CREATE_BODY_ENUMS[field];
}

/** Same letters, other case, and not a member of the enum (case-sensitive). */
function caseVariants(field: EnumField, value: string, mask: number): string[] {
  const members = enumOf(field);
  const variants = [upperFirst(value), value.toUpperCase(), value.toLowerCase(), swapCase(value), toggledByMask(value, mask)];
  return [...new Set(variants)].filter((v) => v !== value && !members.includes(v));
}

/** Realistic near misses per field: separators, neighbouring vocabularies, stray spaces. */
const NEAR_MISSES: Record<EnumField, readonly string[]> = {
  subscriptionType: ['xo-qualified', 'execution_only', 'qualified', 'discretionary', 'xo_qualified ', ' institutional', 'retail'],
  subscriptionCategory: ['ecp', 'institutional', 'ecp_institutional', 'ecp-institutional', 'ecp/ institutional', 'private', 'certified'],
  investorReferenceType: ['passport', 'national_insurance_number', 'id_card', 'mifid_concat', 'ssn ', 'tin'],
  currency: ['CHF', 'JPY', 'GBPX', '£', 'EURO', ' GBP', 'GB'],
  accountType: ['isa', 'general', 'tax-efficient', 'general-investment', 'sipp', 'tax_efficient '],
};

/** Not a member, and not a member in another case either (that is `enum-case-changed`). */
function isUnknownValue(field: EnumField, candidate: string): boolean {
  return !enumOf(field).some((member) => member.toLowerCase() === candidate.toLowerCase());
}

function unknownEnumValue(field: EnumField): Arbitrary<string> {
  const otherEnums = ENUM_FIELDS.filter((f) => f !== field).flatMap((f) => enumOf(f));
  const candidates = [...NEAR_MISSES[field], ...otherEnums, ''].filter((c) => isUnknownValue(field, c));
  return fc.oneof(
    fc.constantFrom(...candidates),
    fc.string({ minLength: 1, maxLength: 24 }).filter((s) => isUnknownValue(field, s)),
  );
}

/** Enum fields present in the body (so no optional field appears only through the defect). */
const presentEnumFields = (body: SubscriptionCreateBody): EnumField[] => ENUM_FIELDS.filter((f) => body[f] !== undefined);

// --- timestamps -----------------------------------------------------------------------------------

/** ISO 8601 pieces of a valid timestamp, one of which is then pushed out of its range. */
const TIMESTAMP_SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{3})?Z$/;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** An impossible date or time in an otherwise well-formed timestamp. Hour 24 and second 60 are left out: ISO 8601 allows 24:00:00 and leap seconds. */
function impossibleTimestamp(valid: string, part: number, n: number): { text: string; why: string } {
  const [, y, mo, d, h, mi, s, ms = ''] = TIMESTAMP_SHAPE.exec(valid) ?? [];
  const two = (v: number): string => String(v).padStart(2, '0');
  const year = Number(y);
  const month = Number(mo);
  switch (part % 5) {
    case 0: {
      const bad = pick([0, 13 + (n % 87)], n);
      return { text: `${y}-${two(bad)}-${d}T${h}:${mi}:${s}${ms}Z`, why: `month ${two(bad)}` };
    }
    case 1: {
      const bad = daysInMonth(year, month) + 1 + (n % (99 - daysInMonth(year, month)));
      return { text: `${y}-${mo}-${two(bad)}T${h}:${mi}:${s}${ms}Z`, why: `day ${two(bad)} of a ${daysInMonth(year, month)}-day month` };
    }
    case 2: {
      const bad = 25 + (n % 75);
      return { text: `${y}-${mo}-${d}T${two(bad)}:${mi}:${s}${ms}Z`, why: `hour ${bad}` };
    }
    case 3: {
      const bad = 60 + (n % 40);
      return { text: `${y}-${mo}-${d}T${h}:${two(bad)}:${s}${ms}Z`, why: `minute ${bad}` };
    }
    default: {
      const bad = 61 + (n % 39);
      return { text: `${y}-${mo}-${d}T${h}:${mi}:${two(bad)}${ms}Z`, why: `second ${bad}` };
    }
  }
}

/** Texts that are no date-time at all. */
const NOT_DATE_TIMES = [
  '',
  'yesterday',
  'now',
  'not-a-date',
  '12:00:00Z',
  '2024-01-15',
  '1700000000000',
  'T',
  '2024-02-30T10:00:00Z',
  '2023-02-29T10:00:00Z',
];

/** Non-zero offsets (basic and extended form). `+00:00`, `-00:00` and a lower-case `z` name UTC, so they are not used. */
const NON_UTC_OFFSETS = ['+01:00', '+02:00', '-05:00', '+05:30', '-03:30', '+14:00', '-12:00', '+0100', '-0800'];

function withOffset(utc: string, offset: string | null): string {
  const date = new Date(utc);
  if (offset === null) return utc.replace(/Z$/, ''); // local time with no zone designator
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const minutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  const local = new Date(date.getTime() + minutes * 60_000).toISOString().replace(/Z$/, '');
  const withMillis = /\.\d{3}Z$/.test(utc) ? local : local.replace(/\.\d{3}$/, '');
  return `${withMillis}${offset}`;
}

// --- non-object bodies ----------------------------------------------------------------------------

function nonObjectBodies(body: SubscriptionCreateBody): { value: unknown; description: string }[] {
  return [
    { value: [body], description: 'the valid body wrapped in an array' },
    { value: [], description: 'an empty array' },
    { value: JSON.stringify(body), description: 'the valid body as a JSON string (double-encoded)' },
    { value: 'subscription', description: 'a string' },
    { value: body.amountRequested, description: 'a number (the amount alone)' },
    { value: true, description: 'a boolean' },
    { value: null, description: 'null' },
  ];
}

// --- unknown offers -------------------------------------------------------------------------------

function unknownOfferId(known: ReadonlySet<string>): Arbitrary<string> {
  const someKnown = [...known][0] ?? 'offer';
  return fc
    .oneof(
      fc.uuid(),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,24}$/),
      fc.constant(`${someKnown}-unknown`),
      fc.constant('00000000-0000-0000-0000-000000000000'),
    )
    .filter((id) => !known.has(id));
}

// --- amounts --------------------------------------------------------------------------------------

const ALL_SCALES = [0, 1, 2, 3, 4, 5, 6];

function limitsOf(offer: OpenOffer) {
  return {
    min: exactDecimalOf(offer.pricingAndOrderLimits.hardMinLimit),
    max: exactDecimalOf(offer.pricingAndOrderLimits.hardMaxLimit),
  };
}

function amountDefect(
  context: DefectContext,
  spec: (offer: OpenOffer) => AmountBetween | undefined,
  describeAmount: (amount: number, offer: OpenOffer) => string,
): Arbitrary<PlantedDefect> | undefined {
  return perOffer(context, (offer, base) => {
    const s = spec(offer);
    const amounts = s === undefined ? undefined : amountBetween(s);
    if (amounts === undefined) return undefined;
    return fc.tuple(base, amounts).map(([body, amount]) => ({
      target: pointer('amountRequested'),
      body: replaced(body, 'amountRequested', amount),
      description: describeAmount(amount, offer),
    }));
  });
}

const limitsText = (offer: OpenOffer): string =>
  `${offer.pricingAndOrderLimits.hardMinLimit}..${offer.pricingAndOrderLimits.hardMaxLimit} of offer ${offer.id}`;

// --- the builders ---------------------------------------------------------------------------------

export const DEFECT_BUILDERS: Record<DefectKind, DefectBuilder> = {
  'missing-required': (context) =>
    fc.tuple(baseBody(context), fc.constantFrom(...REQUIRED_CREATE_BODY_FIELDS)).map(([body, field]) => ({
      target: pointer(field),
      body: without(body, field),
      description: `${field} removed`,
    })),

  'wrong-json-type': (context) =>
    fc
      .tuple(baseBody(context), fc.constantFrom(...CREATE_BODY_FIELDS), fc.nat(), fc.nat({ max: 1_000_000 }))
      .map(([body, field, choice, n]) => {
        const declared = CREATE_BODY_FIELD_TYPES[field];
        // The field's value, or the sample one where the body left the (optional) field out: "1" then stands for 1.
        const meant = body[field] ?? SAMPLE_OF_TYPE[declared];
        const value = pick(wrongTypeValues(declared, meant, n), choice);
        const spelled = spelledAsString(declared, meant, value);
        return {
          target: pointer(field),
          body: replaced(body, field, value),
          description: `${field} is ${jsonTypeName(value)} ${show(value)} instead of a ${declared}`,
          // The valid body it stands for: this one, or with the field it left out set to the value spelled.
          ...(spelled ? { standsFor: { kind: spelled, body: field in body ? body : replaced(body, field, meant) } } : {}),
        };
      }),

  'enum-case-changed': (context) =>
    fc.tuple(baseBody(context), fc.nat(), fc.nat(), fc.nat()).map(([body, fieldChoice, variantChoice, mask]) => {
      const field = pick(presentEnumFields(body), fieldChoice);
      const original = body[field] as string;
      const value = pick(caseVariants(field, original, mask), variantChoice);
      return {
        target: pointer(field),
        body: replaced(body, field, value),
        description: `${field} ${JSON.stringify(value)} (case changed from ${JSON.stringify(original)})`,
        standsFor: { kind: 'enum-case' as const, body },
      };
    }),

  'enum-unknown-value': (context) =>
    fc
      .tuple(baseBody(context), fc.nat())
      .chain(([body, fieldChoice]) => {
        const field = pick(presentEnumFields(body), fieldChoice);
        return unknownEnumValue(field).map((value) => ({ body, field, value }));
      })
      .map(({ body, field, value }) => ({
        target: pointer(field),
        body: replaced(body, field, value),
        description: `${field} ${JSON.stringify(value)} is not one of ${enumOf(field).join(', ')}`,
      })),

  'too-many-decimals': (context) =>
    amountDefect(
      context,
      (offer) => {
        const { min, max } = limitsOf(offer);
        return {
          lower: compareDecimals(min, POSITIVE.at) > 0 ? { at: min, inclusive: true } : POSITIVE,
          upper: { at: max, inclusive: true },
          scales: [7, 8, 9],
          exactPlaces: true,
        };
      },
      (amount, offer) =>
        `amountRequested ${String(amount)} has ${exactDecimalOf(amount).scale} decimal places (inside ${limitsText(offer)})`,
    ),

  'timestamp-not-a-date-time': (context) =>
    fc
      .tuple(baseBody(context), fc.boolean(), fc.constantFrom(...NOT_DATE_TIMES), fc.nat(), fc.nat())
      .map(([body, fixed, text, part, n]) => {
        const broken = fixed ? { text, why: 'not a date-time' } : impossibleTimestamp(body.clientSubscriptionTimestamp, part, n);
        return {
          target: pointer('clientSubscriptionTimestamp'),
          body: replaced(body, 'clientSubscriptionTimestamp', broken.text),
          description: `clientSubscriptionTimestamp ${JSON.stringify(broken.text)}: ${broken.why}`,
        };
      }),

  'timestamp-not-utc': (context) =>
    fc.tuple(baseBody(context), fc.option(fc.constantFrom(...NON_UTC_OFFSETS), { nil: null, freq: 4 })).map(([body, offset]) => {
      const text = withOffset(body.clientSubscriptionTimestamp, offset);
      return {
        target: pointer('clientSubscriptionTimestamp'),
        body: replaced(body, 'clientSubscriptionTimestamp', text),
        description: `clientSubscriptionTimestamp ${JSON.stringify(text)}: ${offset === null ? 'no zone designator' : `UTC offset ${offset}`}`,
        // With an offset it names one instant, the body's own; with no zone at all it names none.
        ...(offset === null ? {} : { standsFor: { kind: 'offset-timestamp' as const, body } }),
      };
    }),

  'null-not-nullable': (context) =>
    fc.tuple(baseBody(context), fc.constantFrom(...CREATE_BODY_FIELDS)).map(([body, field]) => ({
      target: pointer(field),
      body: replaced(body, field, null),
      description: `${field} is null`,
      // An optional field's null stands for the field left out; a required one's (or one of the type/category pair)
      // stands for no valid request.
      ...(OPTIONAL_CREATE_BODY_FIELDS.includes(field)
        ? { standsFor: { kind: 'null-as-absent' as const, body: without(body, field) } }
        : {}),
    })),

  'non-object-body': (context) =>
    fc.tuple(baseBody(context), fc.nat()).map(([body, choice]) => {
      const chosen = pick(nonObjectBodies(body), choice);
      return { target: '', body: chosen.value, description: `body is ${chosen.description}` };
    }),

  'only-type-or-category': (context) =>
    fc.tuple(baseBody(context), fc.constantFrom('subscriptionType' as const, 'subscriptionCategory' as const)).map(([body, removed]) => {
      const kept = removed === 'subscriptionType' ? 'subscriptionCategory' : 'subscriptionType';
      return { target: pointer(removed), body: without(body, removed), description: `${kept} without ${removed}` };
    }),

  'amount-zero': (context) =>
    perOffer(context, (offer, base) =>
      compareDecimals(limitsOf(offer).min, POSITIVE.at) > 0
        ? base.map((body) => ({
            target: pointer('amountRequested'),
            body: replaced(body, 'amountRequested', 0),
            description: `amountRequested 0 (limits ${limitsText(offer)})`,
          }))
        : undefined,
    ),

  'amount-negative': (context) =>
    amountDefect(
      context,
      (offer) => {
        const { min } = limitsOf(offer);
        return { upper: { at: compareDecimals(min, POSITIVE.at) < 0 ? min : POSITIVE.at, inclusive: false }, scales: ALL_SCALES };
      },
      (amount, offer) => `amountRequested ${String(amount)} is negative (limits ${limitsText(offer)})`,
    ),

  'amount-below-min': (context) =>
    amountDefect(
      context,
      (offer) => ({ lower: POSITIVE, upper: { at: limitsOf(offer).min, inclusive: false }, scales: ALL_SCALES }),
      (amount, offer) => `amountRequested ${String(amount)} is below hardMinLimit (limits ${limitsText(offer)})`,
    ),

  'amount-above-max': (context) =>
    amountDefect(
      context,
      (offer) => ({ lower: { at: limitsOf(offer).max, inclusive: false }, scales: ALL_SCALES }),
      (amount, offer) => `amountRequested ${String(amount)} is above hardMaxLimit (limits ${limitsText(offer)})`,
    ),

  'unknown-offer': (context) =>
    fc.tuple(baseBody(context), unknownOfferId(context.knownOfferIds)).map(([body, id]) => ({
      target: pointer('offerId'),
      body: replaced(body, 'offerId', id),
      description: `offerId ${JSON.stringify(id)} is not in the offers list (amount inside the limits of offer ${body.offerId})`,
    })),
};
