// The suite's fast-check arbitraries, one per file (named after what it generates), and the
// property helpers that go with them. Generators only: nothing here validates against the schemas.

// The request vocabulary (written from the contract; the unit tests compare it with schemas/)
export * from '../contract/vocabulary.ts';

// Subscription creation bodies
export { amountWithinLimits, hasAmountWithinLimits, MAX_AMOUNT_DECIMAL_PLACES } from './amount-within-limits.ts';
export { utcTimestamp, withoutMilliseconds, DEFAULT_TIMESTAMP_MIN, DEFAULT_TIMESTAMP_MAX } from './utc-timestamp.ts';
export type { UtcTimestampConstraints } from './utc-timestamp.ts';
export { investorReference, leiCheckDigits } from './investor-reference.ts';
export type { InvestorReference } from './investor-reference.ts';
export { validCreateBody } from './valid-create-body.ts';
export type { ValidCreateBody, CreateBodyConstraints } from './valid-create-body.ts';
export { createBodyWithoutTypeOrCategory, TYPE_AND_CATEGORY_DEFAULTS } from './create-body-without-type-or-category.ts';
export type { CreateBodyWithoutTypeOrCategory } from './create-body-without-type-or-category.ts';
export { CREATE_BODY_DEFECTS, DEFECT_KINDS, SCHEMA_DEFECT_KINDS, SEMANTIC_DEFECT_KINDS } from './create-body-defects.ts';
export type { DefectKind, DefectExpectation, DefectSpec } from './create-body-defects.ts';
export { invalidCreateBody, availableCreateBodyDefects } from './invalid-create-body.ts';
export type { InvalidCreateBody, InvalidCreateBodyConstraints } from './invalid-create-body.ts';
export { edgeAmount, edgeAmountCases } from './edge-amount.ts';
export type { EdgeAmount, DecimalsVerdict, LimitsVerdict, EdgeExpectation } from './edge-amount.ts';

// List queries
export { INT32_MAX, SILENT_NUMBER_TEXTS, byVerdict } from './query-param.ts';
export type { QueryVerdict, QueryParamName, LabelledParam, VerdictConstraint } from './query-param.ts';
export { offsetParam } from './offset-param.ts';
export type { OffsetParam } from './offset-param.ts';
export { limitParam } from './limit-param.ts';
export type { LimitParam, LimitMeaning, LimitParamConstraints } from './limit-param.ts';
export { modifiedAfterParam } from './modified-after-param.ts';
export type { ModifiedAfterParam, ModifiedAfterParamConstraints } from './modified-after-param.ts';
export { offerIdParam } from './offer-id-param.ts';
export type { OfferIdParam, OfferIdParamConstraints } from './offer-id-param.ts';
export { listQueryOf, pageLawOf, paramsByVerdict } from './list-query.ts';
export type { ListQuery, ListLaw, PageLaw } from './list-query.ts';
export { pageQuery } from './page-query.ts';
export { offerListQuery } from './offer-list-query.ts';
export { subscriptionListQuery } from './subscription-list-query.ts';

// Property helpers
export {
  PropertyCheckFailure,
  showValue,
  describeRunFailure,
  assertProperty,
  assertAsyncProperty,
  assertAmountDecimals,
  assertAmountWithinLimits,
  assertSchemaAccepts,
  assertSchemaRefusesOnlyAt,
  compareInstants,
  checkListLaw,
  assertListLaw,
} from './assert.ts';
export type { SchemaVerdict, ListView } from './assert.ts';
