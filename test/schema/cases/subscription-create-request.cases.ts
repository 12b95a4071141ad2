import {
  closedEnum,
  extraPropertyAccepted,
  invalidValues,
  missingRequired,
  notAnObject,
  sixDecimalPlaces,
  utcTimestamp,
  validSamples,
  withValue,
  without,
} from './case.ts';
import type { SchemaCase } from './case.ts';
import { ACCOUNT_TYPES, CURRENCIES, INVESTOR_REFERENCE_TYPES, REQUIRED, SUBSCRIPTION_CATEGORIES, SUBSCRIPTION_TYPES } from './contract.ts';
import { subscriptionCreateRequest as request } from './samples.ts';

const S = 'subscription-create-request';

export const cases: SchemaCase[] = [
  ...validSamples(S, request),
  ...notAnObject(S),
  ...missingRequired(S, request.full, REQUIRED['subscription-create-request']),
  // subscriptionType and subscriptionCategory: both or neither (neither = the contract's defaults).
  {
    description: 'neither subscriptionType nor subscriptionCategory accepted (defaults apply)',
    schema: S,
    data: without(without(request.full, '/subscriptionType'), '/subscriptionCategory'),
    valid: true,
  },
  {
    description: 'subscriptionType without subscriptionCategory rejected (both or neither)',
    schema: S,
    data: without(request.full, '/subscriptionCategory'),
    valid: false,
    reason: { path: '/subscriptionCategory', keyword: 'dependentRequired' },
  },
  {
    description: 'subscriptionCategory without subscriptionType rejected (both or neither)',
    schema: S,
    data: without(request.full, '/subscriptionType'),
    valid: false,
    reason: { path: '/subscriptionType', keyword: 'dependentRequired' },
  },
  ...closedEnum(S, request.full, '/subscriptionType', SUBSCRIPTION_TYPES, 'advised'),
  ...closedEnum(S, request.full, '/subscriptionCategory', SUBSCRIPTION_CATEGORIES, 'institutional'),
  ...closedEnum(S, request.full, '/investorReferenceType', INVESTOR_REFERENCE_TYPES, 'tax_id'),
  ...closedEnum(S, request.full, '/currency', CURRENCIES, 'CHF'),
  ...closedEnum(S, request.full, '/accountType', ACCOUNT_TYPES, 'isa'),
  ...invalidValues(S, request.full, [
    ['/subscriptionType', null],
    ['/subscriptionCategory', null],
    ['/offerId', 1],
    ['/offerId', null],
    ['/currency', null],
    ['/accountType', null],
    ['/isExistingShareholder', 'false'],
    ['/isIssuerEmployee', 1],
    ['/numExistingShares', null],
    ['/investorReference', 123],
    ['/clientSubscriptionReference', null],
    ['/membershipCode', false],
  ]),
  ...sixDecimalPlaces(S, request.full, '/amountRequested'),
  ...utcTimestamp(S, request.full, '/clientSubscriptionTimestamp'),
  {
    description: 'response-only fields (id, status, membershipStatus) in a request accepted as extra properties',
    schema: S,
    data: { ...request.minimal, id: 'sub-9', status: 'accepted', membershipStatus: 'verified' },
    valid: true,
  },
  extraPropertyAccepted(S, request.full, '/runTag'),
  {
    description: 'minimal request with an extra property and the defaults accepted',
    schema: S,
    data: withValue(request.minimal, '/note', 'x'),
    valid: true,
  },
];
