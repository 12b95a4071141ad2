// Exchange checks, shapes the contract does not show (ALLOC-ITEM-FIELDS, ERR-VALIDATION-ERROR-MODEL): recorded as
// observations, never failed. One area of the registry joined in ../exchange-checks.ts.
import { errorShapeOf } from '../../client/exchange.ts';
import type { Observation } from '../types.ts';
import { valueAt } from '../values-seen.ts';
import { defineExchangeCheck, instances } from './exchange-check.ts';

/** The sorted property names found across the objects of an array. */
function fieldNamesOf(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  const names = new Set<string>();
  // Items of one list nearly always share their keys: an item with the same keys as the one before adds nothing.
  let previous: string[] = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    const keys = Object.keys(item);
    if (keys.length === previous.length && keys.every((key, i) => key === previous[i])) continue;
    previous = keys;
    for (const key of keys) names.add(key);
  }
  return [...names].sort();
}

export const shapesNotShown = defineExchangeCheck({
  name: 'shapesNotShown',
  clauses: ['ALLOC-ITEM-FIELDS', 'ERR-VALIDATION-ERROR-MODEL'],
  run(ex) {
    const observations: Observation[] = [];
    // The item fields of every record of the body together, as one finding.
    const itemFields = new Set<string>();
    for (const { value } of instances(ex, 'allocation-record'))
      for (const name of fieldNamesOf(valueAt(value, '/allocations'))) itemFields.add(name);
    if (itemFields.size) {
      const fields = [...itemFields].sort();
      observations.push({
        clause: 'ALLOC-ITEM-FIELDS',
        key: 'allocationItem.fields',
        message: `allocation items carry ${fields.join(', ')}`,
        value: fields,
      });
    }
    if (ex.status >= 400 && errorShapeOf(ex.operation) === 'create-cancel' && ex.isJson) {
      const fields = fieldNamesOf(valueAt(ex.body, '/errors'));
      if (fields.length)
        observations.push({
          clause: 'ERR-VALIDATION-ERROR-MODEL',
          key: 'validationError.fields',
          message: `ValidationErrorModel items carry ${fields.join(', ')}`,
          value: fields,
        });
    }
    return { observations };
  },
});
