// Property helpers: run a fast-check property and, on failure, say readably what failed, with
// what value, and how to replay it; plus the checks the properties share (amounts, schema
// verdicts of labelled bodies, list laws). Failures are typed: expected / received.
import fc from 'fast-check';
import type { IAsyncProperty, IProperty, Parameters, RunDetails } from 'fast-check';
import { decimalPlaces } from '../schema/decimal-places.ts';
import type { OpenOffer } from '../contract/vocabulary.ts';
import type { ListLaw } from './list-query.ts';
import { MAX_AMOUNT_DECIMAL_PLACES } from './amount-within-limits.ts';

/** A failed check, with what was expected and what was received. */
export class PropertyCheckFailure extends Error {
  constructor(
    readonly check: string,
    readonly expected: string,
    readonly received: string,
    /** The value the check was about (a body, a query), shown readably in the message. */
    readonly subject?: unknown,
  ) {
    super(
      `${check}\n  expected: ${expected}\n  received: ${received}` +
        (subject === undefined ? '' : `\n  value:\n${indent(showValue(subject), 4)}`),
    );
    this.name = 'PropertyCheckFailure';
  }
}

const indent = (text: string, spaces: number): string =>
  text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');

/**
 * A value as a reader wants it: pretty JSON (what is sent on the wire) when JSON keeps it intact;
 * otherwise fast-check's exact rendering too (`-0`, `undefined`, NaN, a bigint).
 */
export function showValue(value: unknown): string {
  const exact = fc.stringify(value);
  const calls = commandListing(value, exact);
  if (calls !== null) return calls;
  let json: string | undefined;
  try {
    json = JSON.stringify(value, null, 2);
  } catch {
    json = undefined;
  }
  if (json === undefined) return exact;
  const lossless = fc.stringify(JSON.parse(json)) === exact;
  return lossless ? json : `${exact}\n(sent as JSON: ${JSON.stringify(value)})`;
}

/**
 * A sequence of commands (fc.commands) as a numbered list of the calls that ran, one a line, with the
 * replay path fast-check needs to rebuild it; null for any other value.
 */
function commandListing(value: unknown, exact: string): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('metadataForReplay' in value) || !(Symbol.iterator in value))
    return null;
  const ran = [...(value as Iterable<{ hasRan?: boolean; toString(): string }>)].filter((c) => c.hasRan !== false);
  const replayPath = /\/\*(replayPath="[^"]*")\*\/\s*$/.exec(exact)?.[1];
  return [`${ran.length} call(s):`, ...ran.map((c, i) => `  ${i + 1}. ${c.toString()}`), ...(replayPath ? [`(${replayPath})`] : [])].join(
    '\n',
  );
}

/** The failure report of a fast-check run: seed and path to replay, the shrunk value, the error. */
export function describeRunFailure<Ts>(details: RunDetails<Ts>): string {
  if (!details.failed) return 'property held';
  const lines = [
    details.interrupted
      ? `Property interrupted after ${details.numRuns} run(s)`
      : `Property failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s)`,
    `Replay: { seed: ${details.seed}, path: "${details.counterexamplePath ?? ''}" }  (FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''})`,
  ];
  if (details.counterexample !== null) {
    const args = details.counterexample as unknown[];
    lines.push('Counterexample (shrunk):', indent(showValue(args.length === 1 ? args[0] : args), 2));
  }
  const error = details.errorInstance;
  if (error !== null) lines.push(`Error: ${error instanceof Error ? error.message : String(error)}`);
  return lines.join('\n');
}

/** `fc.assert`, with the readable report above as the thrown message. */
export function assertProperty<Ts>(property: IProperty<Ts>, params?: Parameters<Ts>): void {
  const details = fc.check(property, params);
  if (details.failed) throw new Error(describeRunFailure(details));
}

export async function assertAsyncProperty<Ts>(property: IAsyncProperty<Ts>, params?: Parameters<Ts>): Promise<void> {
  const details = await fc.check(property, params);
  if (details.failed) throw new Error(describeRunFailure(details));
}

// --- amounts ----------------------------------------------------------------------------------------

/** amountRequested has at most 6 decimal places in its shortest text (contract, Limits 4). */
export function assertAmountDecimals(amount: number, subject?: unknown): void {
  const places = decimalPlaces(amount);
  if (places > MAX_AMOUNT_DECIMAL_PLACES) {
    throw new PropertyCheckFailure(
      'amountRequested decimal places',
      `at most ${MAX_AMOUNT_DECIMAL_PLACES}`,
      `${places} (${String(amount)})`,
      subject,
    );
  }
}

/** amountRequested lies in the offer's hardMinLimit..hardMaxLimit and above 0 (contract, Limits 5). */
export function assertAmountWithinLimits(amount: number, offer: OpenOffer, subject?: unknown): void {
  const { hardMinLimit, hardMaxLimit } = offer.pricingAndOrderLimits;
  if (!(amount > 0 && amount >= hardMinLimit && amount <= hardMaxLimit)) {
    throw new PropertyCheckFailure(
      `amountRequested inside the limits of offer ${offer.id}`,
      `0 < amount, ${String(hardMinLimit)} <= amount <= ${String(hardMaxLimit)}`,
      String(amount),
      subject,
    );
  }
}

// --- schema verdicts (the registry's `validate` result, structurally) -------------------------------

export interface SchemaVerdict {
  valid: boolean;
  errors: string[];
  issues: { path: string; keyword: string; message: string }[];
}

export function assertSchemaAccepts(verdict: SchemaVerdict, subject: unknown): void {
  if (!verdict.valid) throw new PropertyCheckFailure('schema accepts the value', 'valid', verdict.errors.join('; '), subject);
}

/** The schema refuses the value, at `target` (a JSON pointer) and for no other reason. */
export function assertSchemaRefusesOnlyAt(verdict: SchemaVerdict, target: string, subject: unknown): void {
  const shown = target === '' ? '(root)' : target;
  if (verdict.valid) throw new PropertyCheckFailure(`schema refuses the value at ${shown}`, `invalid at ${shown}`, 'valid', subject);
  const elsewhere = verdict.issues.filter((issue) => issue.path !== target);
  if (elsewhere.length > 0) {
    throw new PropertyCheckFailure(
      `schema refuses the value at ${shown} only`,
      `issues only at ${shown}`,
      verdict.errors.join('; '),
      subject,
    );
  }
}

// --- list laws ----------------------------------------------------------------------------------------

/** How to read the entries of a list for the laws. */
export interface ListView<T> {
  /** Identity of an entry (its `id`); pages are compared entry by entry through it. */
  key: (entry: T) => string;
  /** For `modifiedSince` (offers: `dates.lastModifiedOn`). */
  lastModifiedOn?: (entry: T) => string;
  /** For `offerId` (subscriptions: `offerId`). */
  offerId?: (entry: T) => string;
}

/** Splits a UTC timestamp into epoch milliseconds and the fraction below a millisecond, for exact order. */
function instantParts(text: string): [number, string] {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:Z|\+00:00)$/.exec(text);
  if (match === null) return [Date.parse(text), ''];
  const fraction = (match[2] ?? '').padEnd(9, '0');
  return [Date.parse(`${match[1]}.${fraction.slice(0, 3)}Z`), fraction.slice(3)];
}

/** Order of two instants, to the nanosecond for UTC texts. */
export function compareInstants(a: string, b: string): number {
  const [am, af] = instantParts(a);
  const [bm, bf] = instantParts(b);
  if (am !== bm) return am < bm ? -1 : 1;
  return af < bf ? -1 : af > bf ? 1 : 0;
}

/** What the page must be, for a given law: the entries of the full list it must equal, in order. */
function expectedKeys<T>(
  full: readonly T[],
  page: readonly T[],
  law: ListLaw,
  view: ListView<T>,
): { keys: string[]; rule: string } | string {
  let entries = [...full];
  if (law.modifiedSince !== undefined) {
    const read = view.lastModifiedOn;
    if (!read) return 'the law filters by modifiedSince, but the view has no lastModifiedOn reader';
    entries = entries.filter((e) => compareInstants(read(e), law.modifiedSince!) >= 0);
  }
  if (law.offerId !== undefined) {
    const read = view.offerId;
    if (!read) return 'the law filters by offerId, but the view has no offerId reader';
    entries = entries.filter((e) => read(e) === law.offerId);
  }
  const keys = entries.map(view.key);
  const p = law.page;
  const slice = (start: number, n: number): string[] => keys.slice(start, start + n);
  switch (p.kind) {
    case 'all':
      return { keys, rule: 'every entry (PAGE-ALL-WHEN-OMITTED)' };
    case 'slice':
      return { keys: slice(p.start, p.limit), rule: `slice [${p.start}, ${p.start + p.limit}) (PAGE-LIMIT)` };
    case 'capped':
      if (p.max !== null) {
        const n = Math.min(p.limit, p.max);
        return {
          keys: slice(p.start, n),
          rule: `slice [${p.start}, ${p.start + n}): limit ${p.limit} capped at the maximum ${p.max} (PAGE-MAX-LIMIT)`,
        };
      }
      if (page.length > p.limit) return `a page of at most ${p.limit} entries, got ${page.length}`;
      if (page.length === 0 && p.start < keys.length)
        return `a non-empty page (the service applies its own maximum, not an error), got none`;
      return { keys: slice(p.start, page.length), rule: `the first ${page.length} entries from offset ${p.start} (maximum not known)` };
    case 'from-offset':
      return { keys: slice(p.start, page.length), rule: `a run of entries starting at offset ${p.start}` };
  }
}

/** `null` when `page` obeys `law` against the full list; otherwise the failure. */
export function checkListLaw<T>(full: readonly T[], page: readonly T[], law: ListLaw, view: ListView<T>): PropertyCheckFailure | null {
  const expected = expectedKeys(full, page, law, view);
  const received = page.map(view.key);
  if (typeof expected === 'string')
    return new PropertyCheckFailure('list law', expected, `${received.length} entries: ${received.join(', ')}`, law);
  const same = expected.keys.length === received.length && expected.keys.every((k, i) => k === received[i]);
  return same
    ? null
    : new PropertyCheckFailure(
        `list law: ${expected.rule}`,
        expected.keys.join(', ') || '(no entries)',
        received.join(', ') || '(no entries)',
        law,
      );
}

export function assertListLaw<T>(full: readonly T[], page: readonly T[], law: ListLaw, view: ListView<T>): void {
  const failure = checkListLaw(full, page, law, view);
  if (failure) throw failure;
}
