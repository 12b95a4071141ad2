// Every schema case, grouped by the schema it exercises.
import type { SchemaName } from '../../../src/schema/registry.ts';
import type { SchemaCase } from './case.ts';
import { cases as allocationRecord } from './allocation-record.cases.ts';
import { cases as errorBody } from './error-body.cases.ts';
import { cases as healthCheckResult } from './health-check-result.cases.ts';
import { cases as offerDates } from './offer-dates.cases.ts';
import { cases as offerDetail } from './offer-detail.cases.ts';
import { cases as offerIssuer } from './offer-issuer.cases.ts';
import { cases as offerPricing } from './offer-pricing-and-order-limits.cases.ts';
import { cases as offerText } from './offer-text.cases.ts';
import { cases as offer } from './offer.cases.ts';
import { cases as subscriptionCreateRequest } from './subscription-create-request.cases.ts';
import { cases as subscription } from './subscription.cases.ts';
import { cases as validationErrorBody } from './validation-error-body.cases.ts';

export const casesBySchema: Record<SchemaName, SchemaCase[]> = {
  offer,
  'offer-detail': offerDetail,
  'offer-text': offerText,
  'offer-pricing-and-order-limits': offerPricing,
  'offer-dates': offerDates,
  'offer-issuer': offerIssuer,
  'allocation-record': allocationRecord,
  subscription,
  'subscription-create-request': subscriptionCreateRequest,
  'health-check-result': healthCheckResult,
  'error-body': errorBody,
  'validation-error-body': validationErrorBody,
};
