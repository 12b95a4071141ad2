import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { edgeAmount, validCreateBody } from '../../src/arbitraries/index.ts';
import type { CreateBodyConstraints, EdgeAmount, OpenOffer, SubscriptionCreateBody } from '../../src/arbitraries/index.ts';

/** A valid body whose amountRequested is one of its offer's edge amounts. */
export interface EdgeAmountBody {
  edge: EdgeAmount;
  body: SubscriptionCreateBody;
}

/**
 * Valid bodies for each offer with amountRequested replaced by an edge value of that offer (see
 * `edgeAmountCases`: 0.000001, 123.456789, 1e-7, 1.0000001, 0.1+0.2, 5e-324, 1e21, the exact limits
 * and one step outside each), labelled with what the contract expects of it. Offers that admit no
 * valid body (limits out of order, a currency outside the enum with `currency: 'offer'`) are left out.
 */
export function edgeAmountBody(offers: readonly OpenOffer[], constraints: CreateBodyConstraints = {}): Arbitrary<EdgeAmountBody> {
  const perOffer = offers.flatMap((offer) => {
    try {
      return [
        fc
          .tuple(validCreateBody([offer], constraints), edgeAmount(offer))
          .map(([body, edge]): EdgeAmountBody => ({ edge, body: { ...body, amountRequested: edge.amount } })),
      ];
    } catch (error) {
      if (error instanceof RangeError) return [];
      throw error;
    }
  });
  if (perOffer.length === 0) throw new RangeError('edgeAmountBody: no offer admits a valid body');
  return fc.oneof(...perOffer);
}
