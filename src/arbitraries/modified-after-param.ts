import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { isUtcDateTime } from '../schema/vocabulary.ts';
import { SILENT_CLAUSES, byVerdict, labelledValues } from './query-param.ts';
import type { LabelledParam, VerdictConstraint } from './query-param.ts';
import { utcTimestamp, withoutMilliseconds } from './utc-timestamp.ts';

/** A valid modifiedAfter means: keep the offers whose `dates.lastModifiedOn` is at or after `since`. */
export type ModifiedAfterParam = LabelledParam<'modifiedAfter', { since: string }>;

export interface ModifiedAfterParamConstraints extends VerdictConstraint {
  /** `dates.lastModifiedOn` values seen in the target's offers (non-UTC ones are ignored). */
  lastModifiedSeen: readonly string[];
}

const DAY_MS = 86_400_000;

function valid(since: string, description: string): ModifiedAfterParam {
  return { name: 'modifiedAfter', value: since, description, verdict: 'valid', clauses: ['OFFER-MODIFIED-AFTER'], meaning: { since } };
}

function silent(value: string, description: string): ModifiedAfterParam {
  return { name: 'modifiedAfter', value, description: `modifiedAfter ${description}`, verdict: 'contract-silent', clauses: SILENT_CLAUSES };
}

/** Texts that are no date-time, or an impossible one. */
const INVALID = ['', 'yesterday', 'not-a-date', '1700000000000', '2024-13-01T00:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01T12:60:00Z'];

/** A real instant written with a non-zero offset or no zone (`+` must be percent-encoded when sent). */
const NON_UTC_FORMS: readonly { suffix: string; minutes: number | null }[] = [
  { suffix: '+01:00', minutes: 60 },
  { suffix: '-05:00', minutes: -300 },
  { suffix: '+05:30', minutes: 330 },
  { suffix: '', minutes: null },
];

function nonUtc(iso: string, form: (typeof NON_UTC_FORMS)[number]): string {
  const local = new Date(Date.parse(iso) + (form.minutes ?? 0) * 60_000).toISOString().replace(/Z$/, '');
  return `${local}${form.suffix}`;
}

/**
 * Values of `modifiedAfter` on GET /offer (contract, "Get all offers": "Only offers modified on or
 * after this instant are returned"; type "string, ISO 8601 date-time in UTC"):
 *
 * - valid, law OFFER-MODIFIED-AFTER (inclusive): absent; a seen lastModifiedOn verbatim (the exact
 *   boundary: that offer is included); the same instant 1 ms later (excluded) and 1 ms earlier;
 *   a seen value cut to whole seconds; random instants from a day before the earliest seen value to a
 *   day after the latest, with and without milliseconds; 1970 (everything) and 2999 (nothing);
 * - contract-silent: no date-time, impossible dates, and real instants written with a non-zero UTC
 *   offset or no zone (the parameter is specified in UTC; refusing or converting is not shown).
 *
 * `constraints.verdict` narrows the draw to valid or to contract-silent values.
 */
export function modifiedAfterParam(constraints: ModifiedAfterParamConstraints): Arbitrary<ModifiedAfterParam> {
  const seen = constraints.lastModifiedSeen.filter(isUtcDateTime);
  const instants = seen.map((s) => Date.parse(s));
  const window =
    instants.length === 0 ? {} : { min: new Date(Math.min(...instants) - DAY_MS), max: new Date(Math.max(...instants) + DAY_MS) };
  const absent: ModifiedAfterParam = {
    name: 'modifiedAfter',
    value: undefined,
    description: 'modifiedAfter absent',
    verdict: 'valid',
    clauses: ['OFFER-MODIFIED-AFTER'],
  };
  const fixedValid: ModifiedAfterParam[] = [
    absent,
    valid('1970-01-01T00:00:00Z', 'modifiedAfter 1970-01-01T00:00:00Z (before every offer)'),
    valid('2999-12-31T23:59:59Z', 'modifiedAfter 2999-12-31T23:59:59Z (after every offer)'),
  ];
  const fixedSilent = INVALID.map((text) => silent(text, `${JSON.stringify(text)} (not a date-time)`));
  const boundaries =
    seen.length === 0
      ? []
      : [
          fc.constantFrom(...seen).chain((s) => {
            const at = Date.parse(s);
            return labelledValues([
              valid(s, `modifiedAfter ${s} (a seen lastModifiedOn: exact boundary, included)`),
              valid(new Date(at + 1).toISOString(), `modifiedAfter 1 ms after seen ${s}`),
              valid(new Date(at - 1).toISOString(), `modifiedAfter 1 ms before seen ${s}`),
              valid(withoutMilliseconds(new Date(at).toISOString()), `modifiedAfter ${s} cut to whole seconds`),
            ]);
          }),
        ];
  const randomInstant = utcTimestamp(window);
  return byVerdict(
    [labelledValues(fixedValid), ...boundaries, randomInstant.map((t) => valid(t, `modifiedAfter ${t}`))],
    [
      labelledValues(fixedSilent),
      fc.tuple(randomInstant, fc.constantFrom(...NON_UTC_FORMS)).map(([t, form]) => {
        const text = nonUtc(t, form);
        return silent(text, `${text} (${form.minutes === null ? 'no zone designator' : `UTC offset ${form.suffix}`})`);
      }),
    ],
    constraints.verdict,
  );
}
