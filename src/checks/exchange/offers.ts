// Exchange checks, offers (OFFER-*): the order range, and what an offer shows of the rules the contract states. One
// area of the registry joined in ../exchange-checks.ts.
import type { CheckFailure, Observation } from '../types.ts';
import { valueAt } from '../values-seen.ts';
import { defineExchangeCheck, instances } from './exchange-check.ts';

export const offerOrderRange = defineExchangeCheck({
  name: 'offerOrderRange',
  clauses: ['OFFER-ORDER-RANGE'],
  run(ex, _ctx, { fail }) {
    const failures: CheckFailure[] = [];
    for (const { index, value } of instances(ex, 'offer')) {
      const min = valueAt(value, '/pricingAndOrderLimits/hardMinLimit');
      const max = valueAt(value, '/pricingAndOrderLimits/hardMaxLimit');
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        failures.push(
          fail(
            'hardMinLimit <= hardMaxLimit',
            { hardMinLimit: min, hardMaxLimit: max },
            `offer ${String(valueAt(value, '/id'))} (${index < 0 ? 'body' : `/${index}`}) has hardMinLimit ${min} above hardMaxLimit ${max}`,
          ),
        );
      }
    }
    return { failures };
  },
});

export const offerShownValues = defineExchangeCheck({
  name: 'offerShownValues',
  clauses: ['OFFER-EARLY-CLOSE', 'OFFER-DISCOUNT-NO-PRICE', 'OFFER-STATUS-TRANSITIONS'],
  run(ex) {
    // A list repeats the same few findings on many offers: one observation per distinct finding.
    const found = new Map<string, Observation>();
    const note = (o: Observation) => {
      if (!found.has(o.key)) found.set(o.key, o);
    };
    for (const { value } of instances(ex, 'offer')) {
      const status = valueAt(value, '/details/status');
      if (valueAt(value, '/dates/offerEarlyClose') !== undefined) {
        note({
          clause: 'OFFER-EARLY-CLOSE',
          key: `earlyClose.status.${String(status)}`,
          message: `offerEarlyClose present on an offer with status ${String(status)}`,
          value: status,
        });
      }
      const priceType = valueAt(value, '/pricingAndOrderLimits/priceType');
      const discount = valueAt(value, '/pricingAndOrderLimits/discount');
      if (priceType === 'no_price' && discount !== null) {
        note({
          clause: 'OFFER-DISCOUNT-NO-PRICE',
          key: 'discount.noPrice.nonNull',
          message: `discount is ${JSON.stringify(discount)} on a no_price offer`,
          value: discount,
        });
      }
      if (typeof status === 'string')
        note({ clause: 'OFFER-STATUS-TRANSITIONS', key: `offerStatus.${status}`, message: `offer status ${status} seen`, value: status });
    }
    return { observations: [...found.values()] };
  },
});
