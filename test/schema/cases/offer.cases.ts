import {
  closedEnum,
  extraPropertyAccepted,
  invalidValues,
  missingRequired,
  notAnObject,
  validSamples,
  withValue,
  without,
} from './case.ts';
import type { SchemaCase } from './case.ts';
import { OFFER_SUB_TYPES, OFFER_TYPES, REQUIRED } from './contract.ts';
import { offer } from './samples.ts';

const S = 'offer';
const fourOffers = [offer.full, offer.minimal, offer.full, offer.minimal];

export const cases: SchemaCase[] = [
  ...validSamples(S, offer),
  ...notAnObject(S),
  ...missingRequired(S, offer.full, REQUIRED.offer),
  ...closedEnum(S, offer.full, '/offerType', OFFER_TYPES, 'placing'),
  ...closedEnum(S, offer.full, '/offerSubType', OFFER_SUB_TYPES, 'bond'),
  ...invalidValues(S, offer.full, [
    ['/id', 42],
    ['/id', null],
    ['/details', 'open'],
    ['/details', null],
    ['/textProperties', []],
    ['/pricingAndOrderLimits', null],
    ['/dates', '2024-01-15T09:00:00Z'],
    ['/issuer', null],
  ]),
  // The parts are $ref'd: their rules apply inside an offer, reported at the nested pointer.
  ...invalidValues(S, offer.full, [
    ['/details/status', 1],
    ['/pricingAndOrderLimits/offerPrice', '10.5'],
    ['/dates/offerStartDateTime', '2024-01-15T09:00:00+01:00', 'format'],
    ['/issuer/fttRequired', 'no'],
    ['/textProperties/title', null],
  ]),
  ...missingRequired(S, offer.full, ['/details/offeringDocuments', '/issuer/issuerType']),
  extraPropertyAccepted(S, offer.full, '/newTopLevelField'),
  extraPropertyAccepted(S, offer.full, '/details/newDetailField'),
  {
    description: 'details.status "suspended" accepted inside an offer (values seen are not an enum)',
    schema: S,
    data: withValue(offer.full, '/details/status', 'suspended'),
    valid: true,
  },
  // Lists of offers (GET /offer): issue paths start with the item index.
  { description: 'list: four valid offers', schema: S, as: 'list', data: fourOffers, valid: true },
  { description: 'list: empty array', schema: S, as: 'list', data: [], valid: true },
  {
    description: 'list: fourth offer has a numeric details.status',
    schema: S,
    as: 'list',
    data: withValue(fourOffers, '/3/details/status', 7),
    valid: false,
    reason: { path: '/3/details/status', keyword: 'type' },
  },
  {
    description: 'list: second offer lacks its id',
    schema: S,
    as: 'list',
    data: without([offer.full, offer.minimal], '/1/id'),
    valid: false,
    reason: { path: '/1/id', keyword: 'required' },
  },
  {
    description: 'list: an object instead of an array',
    schema: S,
    as: 'list',
    data: offer.full,
    valid: false,
    reason: { path: '', keyword: 'type' },
  },
];
