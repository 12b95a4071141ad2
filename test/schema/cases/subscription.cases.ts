import {
  acceptedValues,
  closedEnum,
  extraPropertyAccepted,
  invalidValues,
  missingRequired,
  notAnObject,
  sixDecimalPlaces,
  utcTimestamp,
  validSamples,
  withValue,
} from './case.ts';
import type { SchemaCase } from './case.ts';
import {
  ACCOUNT_TYPES,
  CURRENCIES,
  INVESTOR_REFERENCE_TYPES,
  MEMBERSHIP_STATUSES,
  REQUIRED,
  SUBSCRIPTION_CATEGORIES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
} from './contract.ts';
import { subscription } from './samples.ts';

const S = 'subscription';

export const cases: SchemaCase[] = [
  ...validSamples(S, subscription),
  ...notAnObject(S),
  ...missingRequired(S, subscription.full, REQUIRED.subscription),
  ...closedEnum(S, subscription.full, '/subscriptionType', SUBSCRIPTION_TYPES, 'advised'),
  ...closedEnum(S, subscription.full, '/subscriptionCategory', SUBSCRIPTION_CATEGORIES, 'institutional'),
  ...closedEnum(S, subscription.full, '/investorReferenceType', INVESTOR_REFERENCE_TYPES, 'tax_id'),
  ...closedEnum(S, subscription.full, '/currency', CURRENCIES, 'CHF'),
  ...closedEnum(S, subscription.full, '/membershipStatus', MEMBERSHIP_STATUSES, 'unknown'),
  ...closedEnum(S, subscription.full, '/accountType', ACCOUNT_TYPES, 'isa'),
  ...closedEnum(S, subscription.full, '/status', SUBSCRIPTION_STATUSES, 'pending'),
  ...invalidValues(S, subscription.full, [
    ['/status', 'ACCEPTED', 'enum'],
    ['/subscriptionCategory', 'ecp', 'enum'],
    ['/subscriptionCategory', 'ecp_institutional', 'enum'],
    ['/status', null],
    ['/subscriptionCategory', null],
    ['/id', 12],
    ['/offerId', null],
    ['/isExistingShareholder', 'yes'],
    ['/isIssuerEmployee', null],
    ['/numExistingShares', '150'],
    ['/clientSubscriptionReference', 42],
    ['/investorReference', null],
    ['/membershipCode', 7],
  ]),
  ...sixDecimalPlaces(S, subscription.full, '/amountRequested'),
  ...utcTimestamp(S, subscription.full, '/clientSubscriptionTimestamp'),
  ...acceptedValues(S, subscription.minimal, [
    ['/subscriptionCategory', 'professional', 'optional in the response'],
    ['/accountType', 'general_investment', 'optional in the response'],
  ]),
  {
    description: 'subscriptionType without subscriptionCategory accepted in a response',
    schema: S,
    data: withValue(subscription.minimal, '/subscriptionType', 'institutional'),
    valid: true,
  },
  extraPropertyAccepted(S, subscription.full, '/createdAt'),
  {
    description: 'list: fourth subscription has status "ACCEPTED"',
    schema: S,
    as: 'list',
    data: withValue([subscription.full, subscription.minimal, subscription.minimal, subscription.full], '/3/status', 'ACCEPTED'),
    valid: false,
    reason: { path: '/3/status', keyword: 'enum' },
  },
];
