/**
 * The contract's operations, named once: which take credentials (all but the health check) and which have a success
 * status the contract states (200; create and cancel are "not shown"). The request cases, the exchange checks and the
 * client's exchanges take their lists from here. Pure: no Node built-in.
 */
export const CONTRACT_OPERATIONS = {
  'offer.list': { credentials: true, statedSuccess200: true },
  'offer.get': { credentials: true, statedSuccess200: true },
  'allocation.list': { credentials: true, statedSuccess200: true },
  'allocation.get': { credentials: true, statedSuccess200: true },
  'subscription.list': { credentials: true, statedSuccess200: true },
  'subscription.get': { credentials: true, statedSuccess200: true },
  'subscription.create': { credentials: true, statedSuccess200: false },
  'subscription.cancel': { credentials: true, statedSuccess200: false },
  health: { credentials: false, statedSuccess200: true },
} as const satisfies Record<string, { credentials: boolean; statedSuccess200: boolean }>;

export type ContractOperation = keyof typeof CONTRACT_OPERATIONS;

/** Operations that take credentials, in the table's order. */
export type RequestOperation = {
  [K in ContractOperation]: (typeof CONTRACT_OPERATIONS)[K]['credentials'] extends true ? K : never;
}[ContractOperation];

const names = Object.keys(CONTRACT_OPERATIONS) as ContractOperation[];

export const REQUEST_OPERATIONS: readonly RequestOperation[] = names.filter(
  (name): name is RequestOperation => CONTRACT_OPERATIONS[name].credentials,
);

/** Operations whose success status the contract states (200). */
export const STATED_200_OPERATIONS: ReadonlySet<ContractOperation> = new Set(
  names.filter((name) => CONTRACT_OPERATIONS[name].statedSuccess200),
);
