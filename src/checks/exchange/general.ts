// Exchange checks, general rules (GEN-*): the body read whole, its content type, the status class, a read's 200, the
// fields beyond the contract, the timestamps' spelling. One area of the registry joined in ../exchange-checks.ts.
import { errorShapeOf, statusText } from '../../client/exchange.ts';
import { extraProperties, extraPropertiesInList } from '../../schema/registry.ts';
import { ZERO_OFFSET } from '../../schema/vocabulary.ts';
import { defineExchangeCheck, READS, successModelOf } from './exchange-check.ts';

/** The first string of a JSON value that is a UTC timestamp written with a zero offset, if any. */
function firstZeroOffset(value: unknown): string | undefined {
  if (typeof value === 'string') return ZERO_OFFSET.test(value) ? value : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = firstZeroOffset(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Order matters only for speed: extraFields validates against the closed variant first, and a body that
export const bodyReadWhole = defineExchangeCheck({
  // A broken answer (corrupt gzip, short of its content-length, over the size cap) is the target's failure on
  // this exchange, not "cannot be reached" (issue 10, defect 8). Its body is not judged any further.
  name: 'bodyReadWhole',
  clauses: ['GEN-JSON-CONTENT-TYPE'],
  appliesTo: (ex) => ex.bodyError !== undefined,
  run(ex, _ctx, { fail }) {
    return {
      failures: [
        fail(
          'a complete JSON body',
          ex.bodyError,
          `${ex.method} ${ex.path} answered ${ex.status} with a body that could not be read: ${ex.bodyError}`,
        ),
      ],
    };
  },
});

export const jsonContentType = defineExchangeCheck({
  name: 'jsonContentType',
  clauses: ['GEN-JSON-CONTENT-TYPE'],
  // A 204 has no content (RFC 9110 15.3.5), so nothing to type: a cancel may answer so, its success response being
  // "not shown". On a read it fails GEN-SUCCESS-200, and a create without its record fails the create's clauses.
  appliesTo: (ex) => ex.status !== 204,
  run(ex, _ctx, { fail }) {
    const ct = ex.responseHeaders['content-type'] ?? '';
    // For the same reason, a cancel's success with no content at all (a 202 Accepted of a queued cancel, say): no body,
    // no content type. A body, or a content type claiming one, is still judged.
    if (ex.operation === 'subscription.cancel' && ex.status >= 200 && ex.status < 300 && ex.text === '' && ct === '') return {};
    // application/json, optionally with parameters; not application/json-seq or the like.
    if (!/^application\/json\s*(?:;|$)/i.test(ct))
      return {
        failures: [fail('application/json', ct || '(none)', `${ex.method} ${ex.path} answered with content-type "${ct || '(none)'}"`)],
      };
    if (!ex.isJson && ex.bodyError === undefined)
      return {
        failures: [
          fail('a JSON body', ex.text.slice(0, 200) || '(empty body)', `${ex.method} ${ex.path} answered with a body that is not JSON`),
        ],
      };
    return {};
  },
});

/**
 * A status GEN-FAILURE-4XX refuses: a 5xx, a 1xx, or a 3xx (a redirect, never followed: the credentials would go along
 * to its host). "A call either succeeds or fails with a 4xx."
 */
export const neitherSuccessNor4xx = (status: number): boolean => status >= 500 || status < 200 || (status >= 300 && status < 400);

export const noServerError = defineExchangeCheck({
  name: 'noServerError',
  clauses: ['GEN-FAILURE-4XX'],
  appliesTo: (ex) => neitherSuccessNor4xx(ex.status),
  run(ex, _ctx, { fail }) {
    return {
      failures: [
        fail('2xx or 4xx', ex.status, `${ex.method} ${ex.path} answered ${statusText(ex)}; a call either succeeds or fails with a 4xx`),
      ],
    };
  },
});

export const readSucceedsWith200 = defineExchangeCheck({
  name: 'readSucceedsWith200',
  clauses: ['GEN-SUCCESS-200'],
  appliesTo: (ex) => READS.has(ex.operation) && ex.status >= 200 && ex.status < 300 && ex.status !== 200,
  run(ex, _ctx, { fail }) {
    return { failures: [fail(200, ex.status, `${ex.method} ${ex.path} succeeded with ${ex.status}`)] };
  },
});

export const extraFields = defineExchangeCheck({
  name: 'extraFields',
  clauses: ['GEN-EXTRA-FIELDS'],
  run(ex, ctx, { fail }) {
    const spec = successModelOf(ex);
    let extras: string[] = [];
    if (spec && ex.status < 300 && ex.isJson)
      extras = spec.list ? extraPropertiesInList(spec.model, ex.body) : extraProperties(spec.model, ex.body);
    else if (ex.status >= 400 && ex.isJson) {
      const shape = errorShapeOf(ex.operation);
      if (shape !== 'none') extras = extraProperties(shape === 'create-cancel' ? 'validation-error-body' : 'error-body', ex.body);
    }
    if (extras.length === 0) return {};
    // Report field names without array indexes, so 30 offers with one extra field read as one finding.
    const fields = [...new Set(extras.map((p) => p.replace(/\/\d+(?=\/|$)/g, '/*')))];
    const message = `${ex.operation} carries field(s) the contract does not list: ${fields.join(', ')}`;
    if (ctx.strict)
      return {
        failures: [fail('only the fields of the contract', fields, `${message} (strict mode)`)],
      };
    return {
      observations: fields.map((f) => ({
        clause: 'GEN-EXTRA-FIELDS' as const,
        key: `extraField.${ex.operation}.${f}`,
        message: `${ex.operation} carries undocumented field ${f}`,
        value: f,
      })),
    };
  },
});

export const zeroOffsetTimestamps = defineExchangeCheck({
  // "ISO 8601 in UTC, for example ... YYYY-MM-DDTHH:MM:SSZ": a zero offset (+00:00) is UTC too, but not the
  // example's spelling, which a client's parser may expect: recorded (failed in strict mode).
  name: 'zeroOffsetTimestamps',
  clauses: ['GEN-TIMESTAMP-UTC'],
  // Every answer passes here: the body is walked only when its text holds a zero offset at all.
  appliesTo: (ex) => !(!successModelOf(ex) || ex.status < 200 || ex.status >= 300 || !ex.isJson || !ex.text.includes('+00:00')),
  run(ex, ctx, { fail }) {
    const found = firstZeroOffset(ex.body);
    if (found === undefined) return {};
    const message = `${ex.operation} writes timestamps with a zero offset (+00:00) instead of Z`;
    if (ctx.strict)
      return {
        failures: [fail('YYYY-MM-DDTHH:MM:SSZ', found, `${message} (strict mode)`)],
      };
    return { observations: [{ clause: 'GEN-TIMESTAMP-UTC', key: `timestamps.zeroOffset.${ex.operation}`, message, value: found }] };
  },
});
