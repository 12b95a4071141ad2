import { acceptedValues, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { offerDetail } from './samples.ts';

const S = 'offer-detail';

export const cases: SchemaCase[] = [
  ...validSamples(S, offerDetail),
  ...notAnObject(S),
  ...missingRequired(S, offerDetail.full, REQUIRED['offer-detail']),
  ...missingRequired(S, offerDetail.full, ['/offeringDocuments/0/title', '/offeringDocuments/1/documentUrl']),
  ...acceptedValues(S, offerDetail.full, [
    ['/status', 'suspended', 'values seen are not an enum'],
    ['/status', 'OPEN_FOR_SUBSCRIPTION', 'values seen are not an enum'],
    ['/type', 'secondary', 'values seen are not an enum'],
    ['/subType', 'secondary', 'values seen are not an enum'],
    ['/membershipRequired', 'yes', 'values seen are not an enum'],
    ['/estTargetRaise', 25000000, 'nullable, non-null type not shown'],
    ['/estTargetRaise', '25m', 'nullable, non-null type not shown'],
    ['/estTargetRaise', { amount: 25000000, currency: 'GBP' }, 'nullable, non-null type not shown'],
    ['/pressReleaseLink', '', 'may be empty'],
    ['/offeringDocuments', [], 'may be empty'],
    ['/countryCode', 'IE', 'two-letter code'],
    ['/countryCode', 'gb', 'letter case not stated'],
    ['/offeringDocuments/0/extraItemField', 1, 'extra properties allowed'],
  ]),
  ...invalidValues(S, offerDetail.full, [
    ['/status', null],
    ['/status', 1],
    ['/countryCode', 'GBR', 'pattern'],
    ['/countryCode', 'G1', 'pattern'],
    ['/countryCode', '', 'pattern'],
    ['/countryCode', 44],
    ['/type', null],
    ['/subType', false],
    ['/pressReleaseLink', null],
    ['/membershipRequired', false],
    ['/offeringDocuments', null],
    ['/offeringDocuments', {}],
    ['/offeringDocuments/0', 'https://example.com/docs/prospectus.pdf'],
    ['/offeringDocuments/0/title', null],
    ['/offeringDocuments/0/documentUrl', 42],
    ['/offeringDocuments/0/documentUrl', 'not a url', 'format'],
    ['/offeringDocuments/0/documentUrl', '', 'format'],
  ]),
  extraPropertyAccepted(S, offerDetail.full, '/newDetailField'),
];
