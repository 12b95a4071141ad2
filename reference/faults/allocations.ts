// Fault switches, allocations. One area of the table joined in reference/faults.ts.
import { editable, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const ALLOCATION_FAULTS = [
  {
    name: 'allocation-count-off-by-one',
    description: 'allocationCount is one more than the number of allocations (counts a header row).',
    clauses: ['ALLOC-COUNT'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      allocation: (record) => {
        const out = editable(current.allocation(record));
        if (typeof out.allocationCount === 'number') out.allocationCount += 1;
        return out;
      },
    })),
  },
  {
    name: 'allocation-currency-lowercase',
    description: 'priceCurrency is sent in lower case ("gbp").',
    clauses: ['ALLOC-SCHEMA'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      allocation: (record) => {
        const out = editable(current.allocation(record));
        out.priceCurrency = String(out.priceCurrency).toLowerCase();
        return out;
      },
    })),
  },
] as const satisfies readonly FaultSwitch[];
