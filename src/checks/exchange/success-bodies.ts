// Exchange checks, the success bodies of each model (OFFER-SCHEMA, ALLOC-SCHEMA, SUB-SCHEMA, HEALTH-SCHEMA, their
// enums and timestamps; the values beyond those the contract shows). One area of the registry joined in ../exchange-checks.ts.
import type { ClauseId } from '../../contract/clauses/catalogue.ts';
import { validate, validateList, type SchemaIssue, type SchemaName } from '../../schema/registry.ts';
import type { CheckFailure, Observation } from '../types.ts';
import { VALUES_SEEN, valueAt } from '../values-seen.ts';
import { defineExchangeCheck, instances, successModelOf } from './exchange-check.ts';

const MODEL_CLAUSE: Record<string, ClauseId> = {
  offer: 'OFFER-SCHEMA',
  'allocation-record': 'ALLOC-SCHEMA',
  subscription: 'SUB-SCHEMA',
  'health-check-result': 'HEALTH-SCHEMA',
};

/** Which clause a schema issue breaks: timestamps and closed enums have clauses of their own. */
export function clauseForSchemaIssue(model: SchemaName, issue: SchemaIssue): ClauseId {
  if (issue.keyword === 'format' && /date-time/.test(issue.message)) return 'GEN-TIMESTAMP-UTC';
  const field = issue.path.split('/').pop();
  if (model === 'offer' && issue.keyword === 'enum' && (field === 'offerType' || field === 'offerSubType')) return 'OFFER-ENUMS';
  if (model === 'subscription' && issue.keyword === 'enum' && field === 'status') return 'SUB-STATUS-ENUM';
  return MODEL_CLAUSE[model] ?? 'GEN-FIELD-NAMES';
}

export const successBodyMatchesSchema = defineExchangeCheck({
  name: 'successBodyMatchesSchema',
  clauses: ['OFFER-SCHEMA', 'OFFER-ENUMS', 'ALLOC-SCHEMA', 'SUB-SCHEMA', 'SUB-STATUS-ENUM', 'HEALTH-SCHEMA', 'GEN-TIMESTAMP-UTC'],
  run(ex, _ctx, { fail }) {
    const spec = successModelOf(ex);
    if (!spec || ex.status < 200 || ex.status >= 300 || !ex.isJson) return {};
    const result = spec.list ? validateList(spec.model, ex.body) : validate(spec.model, ex.body);
    if (result.valid) return {};
    const byClause = new Map<ClauseId, string[]>();
    result.issues.forEach((issue, i) => {
      const clause = clauseForSchemaIssue(spec.model, issue);
      byClause.set(clause, [...(byClause.get(clause) ?? []), result.errors[i] ?? issue.message]);
    });
    const failures = [...byClause].map(([clause, lines]) =>
      fail(
        `a valid ${spec.list ? 'array of ' : ''}${spec.model} (schemas/${spec.model}.schema.json)`,
        lines.slice(0, 8),
        `${ex.method} ${ex.path}: ${lines.length} schema violation(s): ${lines[0]}`,
        clause,
      ),
    );
    return { failures };
  },
});

export const valuesBeyondSeen = defineExchangeCheck({
  name: 'valuesBeyondSeen',
  clauses: ['OFFER-VALUES-SEEN', 'HEALTH-STATUS-VALUES'],
  run(ex, ctx, { fail }) {
    const observations: Observation[] = [];
    const failures: CheckFailure[] = [];
    for (const rule of VALUES_SEEN) {
      for (const { value } of instances(ex, rule.model)) {
        const v = valueAt(value, rule.pointer);
        if (typeof v !== 'string' || rule.seen.includes(v)) continue;
        const message = `${rule.pointer} = "${v}", beyond the values seen in the contract (${rule.seen.join(', ')})`;
        if (ctx.strict) failures.push(fail(rule.seen, v, `${message} (strict mode)`, rule.clause));
        else observations.push({ clause: rule.clause, key: `values.${rule.model}${rule.pointer}.${v}`, message, value: v });
      }
    }
    return { failures, observations };
  },
});
