/**
 * Strictness apart from deviation (issue 48; docs/contract.md, "Strictness and deviation"): the one table of the kinds
 * of lenient handling the suite recognises. A service that accepts input the contract calls invalid and handles it
 * exactly as the one valid request it evidently stands for shows a strictness finding of one of these kinds: reported
 * under its own heading, never failing the verdict unless strict mode (API_STRICT=1) is on. Accepting invalid input and
 * recording or answering something the client did not send is a deviation of the clause whose words it breaks, never
 * one of these. Pure module (floor 0): the reports, the checks and the reference variations read it.
 */
export const STRICTNESS_KINDS = {
  'null-as-absent': {
    title: 'an explicit null in an optional field, handled as the field left out',
    standsFor: 'the same request without the field',
  },
  'numeric-string': {
    title: 'a number given as a string ("750"), handled as the number',
    standsFor: 'the same request with the number',
  },
  'boolean-string': {
    title: 'a boolean given as a string ("true"), handled as the boolean',
    standsFor: 'the same request with the boolean',
  },
  'enum-case': {
    title: "an enum value in another letter case, handled as the enum's own spelling",
    standsFor: "the same request with the enum's spelling",
  },
  'offset-timestamp': {
    title: 'a timestamp with a zone offset, handled as the same instant in UTC',
    standsFor: 'the same request with the instant written in UTC',
  },
  'repeated-parameter': {
    title: 'a repeated query parameter, answered as one of its values',
    standsFor: 'the same request with that one value',
  },
  'invalid-query-ignored': {
    title: 'an invalid query value ignored',
    standsFor: 'the same request without the parameter',
  },
  'trailing-slash': {
    title: 'a path with a trailing slash, answered as the same route',
    standsFor: 'the same request without the trailing slash',
  },
} as const satisfies Record<string, { title: string; standsFor: string }>;

export type StrictnessKind = keyof typeof STRICTNESS_KINDS;

export const STRICTNESS_KIND_NAMES = Object.keys(STRICTNESS_KINDS) as StrictnessKind[];

export const isStrictnessKind = (k: unknown): k is StrictnessKind => typeof k === 'string' && Object.hasOwn(STRICTNESS_KINDS, k);

/**
 * The one valid request an invalid one evidently stands for, and the kind of leniency that would take it so. A body
 * with a defect that stands for nothing in particular (a field missing, a value outside an enum, an amount with seven
 * decimals) has none: accepting it is a deviation whatever is recorded.
 */
export interface StandsFor {
  kind: StrictnessKind;
  body: object;
}

/** The heading every report format gives these findings, and the one sentence that says what they mean for a verdict. */
export const STRICTNESS_HEADING = 'Strictness';
export const STRICTNESS_NOTE =
  'Input the contract calls invalid, accepted and handled exactly as the one valid request it stands for: not a deviation; fails only in strict mode (API_STRICT=1).';

/** The line a finding reads as in every report: its kind's title, then what was sent and what it stood for. */
export function strictnessLine(kind: StrictnessKind, message: string): string {
  return `${STRICTNESS_KINDS[kind].title}: ${message}`;
}
