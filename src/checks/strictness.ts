/**
 * The rule of strictness apart from deviation (docs/contract.md, "Strictness and deviation"; src/contract/strictness.ts)
 * for a create the contract calls invalid: refused (a 4xx) is what the contract asks; accepted and recorded exactly as
 * the one valid request it stands for is a strictness finding; accepted and recorded as anything else (an amount cut, a
 * field defaulted, a value outside an enum kept) is a deviation of the clause whose words call the body invalid.
 */
import { isDeepStrictEqual } from 'node:util';
import { exchangeExcerpt, type Exchange } from '../client/exchange.ts';
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import { STRICTNESS_KINDS, type StandsFor, type StrictnessKind } from '../contract/strictness.ts';
import { createdRecord } from './create-checks.ts';
import { fieldsNotEchoed } from './echo.ts';
import type { Verdict } from './test-verdict.ts';

const is4xx = (ex: Exchange): boolean => ex.status >= 400 && ex.status < 500;

const outcomeOf = (ex: Exchange): string => {
  const record = createdRecord(ex);
  return record ? `${ex.status} (record ${String(record.id)}, status ${String(record.status)})` : String(ex.status);
};

/**
 * The fields of `record` that differ from what `standsFor` would give: a field `standsFor` sets must be echoed with its
 * value (as SUB-CREATE-ECHO reads an echo: numbers by value, timestamps by instant; one a response may leave out may be
 * absent); a field it leaves out that `sent` carried (an explicit null) must be absent or null in the record.
 */
export function differencesFrom(
  standsFor: Record<string, unknown>,
  sent: Record<string, unknown>,
  record: Record<string, unknown>,
): Record<string, { expected: unknown; received: unknown }> {
  const out: Record<string, { expected: unknown; received: unknown }> = {};
  for (const field of fieldsNotEchoed(standsFor, record)) out[field] = { expected: standsFor[field], received: record[field] };
  for (const field of Object.keys(sent))
    if (!(field in standsFor) && record[field] !== undefined && record[field] !== null)
      out[field] = { expected: 'absent (not sent)', received: record[field] };
  return out;
}

/**
 * Judges the answer to a create of an invalid body: returns `refused` (a 4xx: nothing more to judge here; whether a
 * record was left is the caller's), `strictness` or `deviation`. `standsFor` is the one valid request the body
 * evidently stands for, when it has one (src/arbitraries' defect builders and the conformance cases name it).
 */
export function judgeInvalidCreate(
  verdict: Verdict,
  ex: Exchange,
  o: { clause: ClauseId; what: string /** The body as sent (the client's tag in it). */; sent: unknown; standsFor?: StandsFor },
): 'refused' | 'strictness' | 'deviation' {
  if (is4xx(ex)) return 'refused';
  const record = createdRecord(ex);
  const sent = o.sent !== null && typeof o.sent === 'object' && !Array.isArray(o.sent) ? (o.sent as Record<string, unknown>) : {};
  if (record && o.standsFor) {
    // The reference the client tagged the body with (src/client/api-client.ts) is the one the valid request carries too.
    const standsFor: Record<string, unknown> = { ...(o.standsFor.body as Record<string, unknown>) };
    if (typeof sent.clientSubscriptionReference === 'string') standsFor.clientSubscriptionReference = sent.clientSubscriptionReference;
    const differ = differencesFrom(standsFor, sent, record as unknown as Record<string, unknown>);
    const fields = Object.keys(differ);
    if (fields.length === 0) {
      verdict.lenient({
        clause: o.clause,
        kind: o.standsFor.kind,
        message: `${o.what}: accepted (${ex.status}) and recorded as ${STRICTNESS_KINDS[o.standsFor.kind].standsFor}`,
        evidence: exchangeExcerpt(ex),
      });
      return 'strictness';
    }
    verdict.check(
      o.clause,
      false,
      `${o.what}: accepted (${ex.status}) and recorded ${fields.join(', ')} otherwise than ${STRICTNESS_KINDS[o.standsFor.kind].standsFor} would: refused with a 4xx is what the contract asks`,
      {
        expected: Object.fromEntries(fields.map((f) => [f, differ[f].expected])),
        received: Object.fromEntries(fields.map((f) => [f, differ[f].received])),
        exchange: ex,
      },
    );
    return 'deviation';
  }
  verdict.check(o.clause, false, `${o.what} must be refused with a 4xx`, {
    expected: '4xx with the validation error body',
    received: outcomeOf(ex),
    exchange: ex,
  });
  return 'deviation';
}

/** Reads (of a list or a record) the query judge may send again: the request's path, answered as an exchange. */
export type ReadAgain = (path: string) => Promise<Exchange>;

/** Two answers alike: the same status and, for a success, the same body (each entry whole, in order). */
const alike = (a: Exchange, b: Exchange): boolean => a.status === b.status && (a.status >= 300 || isDeepStrictEqual(a.body, b.body));

/**
 * Which of `candidates` (the valid requests an invalid one may stand for) answers as `path` does: the first found,
 * `null` when none does, `moving` when a candidate's own two reads differ every time (a list that changes under the
 * reads: src/checks/steady-list.ts's reason), so nothing can be judged.
 */
async function answeredAs(read: ReadAgain, path: string, candidates: readonly string[]): Promise<string | null | 'moving'> {
  const ATTEMPTS = 3;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let moved = false;
    for (const candidate of candidates) {
      const before = await read(candidate);
      const got = await read(path);
      const after = await read(candidate);
      if (!alike(before, after)) {
        moved = true;
        continue;
      }
      if (alike(got, before)) return candidate;
    }
    if (!moved) return null;
  }
  return 'moving';
}

/**
 * Judges a success to a read the contract calls invalid (an invalid query, GEN-QUERY-INVALID; a path with a trailing
 * slash): answered exactly as one valid request it stands for (`candidates`: the request without the parameter, with
 * one of a repeated parameter's values, without the slash) is strictness of `kind`; answered otherwise (a filter or a
 * page with other entries), a deviation. A 4xx is not judged
 * here (the caller records it); a 5xx fails GEN-FAILURE-4XX in the exchange checks.
 */
export async function judgeInvalidRead(
  verdict: Verdict,
  ex: Exchange,
  o: { clause: ClauseId; what: string; kind: StrictnessKind; candidates: readonly string[]; read: ReadAgain },
): Promise<'refused' | 'strictness' | 'deviation' | 'not-judged'> {
  if (ex.status >= 400) return ex.status < 500 ? 'refused' : 'deviation';
  const as = ex.status < 300 ? await answeredAs(o.read, ex.path, o.candidates) : null;
  if (as === 'moving') {
    verdict.observe({
      clause: o.clause,
      key: `strictness.moving.${o.kind}`,
      message: `${o.what}: answered ${ex.status}; the list changed under every read of the request it may stand for, not judged`,
    });
    return 'not-judged';
  }
  if (as !== null) {
    verdict.lenient({
      clause: o.clause,
      kind: o.kind,
      message: `${o.what}: answered ${ex.status} as GET ${as}`,
      evidence: exchangeExcerpt(ex),
    });
    return 'strictness';
  }
  verdict.check(
    o.clause,
    false,
    `${o.what}: must be refused with a 4xx, and this answer is none of ${o.candidates.map((c) => `GET ${c}`).join(', ')}`,
    {
      expected: `4xx (or, leniently, the answer of ${o.candidates.map((c) => `GET ${c}`).join(' or ')})`,
      received: `${ex.status} with another answer`,
      exchange: ex,
    },
  );
  return 'deviation';
}
