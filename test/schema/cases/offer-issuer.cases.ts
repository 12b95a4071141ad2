import { acceptedValues, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples, without } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { offerIssuer } from './samples.ts';

const S = 'offer-issuer';

export const cases: SchemaCase[] = [
  ...validSamples(S, offerIssuer),
  ...notAnObject(S),
  ...missingRequired(S, offerIssuer.full, REQUIRED['offer-issuer']),
  {
    description: 'securityIdentifier absent accepted (optional)',
    schema: S,
    data: without(offerIssuer.full, '/securityIdentifier'),
    valid: true,
  },
  ...acceptedValues(S, offerIssuer.full, [
    ['/issuerType', 'fund', 'values seen are not an enum'],
    ['/sellerName', '', 'may be empty'],
    ['/exchangeMic', 'XAMS', 'market identifier code'],
  ]),
  ...invalidValues(S, offerIssuer.full, [
    ['/fttRequired', 'true'],
    ['/fttRequired', null],
    ['/fttRequired', 0],
    ['/securityIdentifier', null],
    ['/id', 7],
    ['/companyName', null],
    ['/sellerName', null],
    ['/issuerType', null],
  ]),
  extraPropertyAccepted(S, offerIssuer.full, '/website'),
];
