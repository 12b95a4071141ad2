// What a target answers one create in each currency (GBP, EUR, SEK, in that order), and the currencies a run then
// writes in (null: every one). Held to both implementations of the rule: the suite's (src/run/client-currency.ts) and
// the k6 scenario's (load/lib/subscription-body.ts), which cannot share code.
export const CURRENCY_CASES: Array<{
  description: string;
  statusOf: Record<string, number>;
  writable: string[] | null;
  refused: string[];
}> = [
  { description: 'every currency taken: no offer left out', statusOf: {}, writable: null, refused: [] },
  {
    description: 'only GBP taken: offers in EUR and SEK left out',
    statusOf: { EUR: 400, SEK: 422 },
    writable: ['GBP'],
    refused: ['EUR', 'SEK'],
  },
  {
    description: 'everything refused: nothing left out, the create tests say it',
    statusOf: { GBP: 400, EUR: 400, SEK: 400 },
    writable: null,
    refused: ['GBP', 'EUR', 'SEK'],
  },
  {
    description: 'a 5xx is no refusal of the currency: its offers stay for the tests to meet',
    statusOf: { EUR: 500, SEK: 400 },
    writable: ['GBP', 'EUR'],
    refused: ['SEK'],
  },
  { description: 'a 429 is no refusal either', statusOf: { EUR: 429, SEK: 400 }, writable: ['GBP', 'EUR'], refused: ['SEK'] },
];
