/**
 * The checks of a create the contract requires to succeed, shared by the conformance tests and the fuzz
 * properties: a 2xx with the created record (SUB-CREATE), its outcome observed, every field echoed, the defaults
 * applied. Registered with defineCheck like every check (npm run clauses lists them); the specs call them through
 * checkCreated, checkEcho and checkCreateDefaults.
 */
import { isDeepStrictEqual } from 'node:util';
import { TYPE_AND_CATEGORY_DEFAULTS } from '../contract/vocabulary.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Subscription } from '../contract/types.ts';
import type { TargetProfile } from '../config/target-profile.ts';
import { checkEchoOfRecord, fieldsWithheld } from './echo.ts';
import type { Verdict } from './test-verdict.ts';
import { type CheckKind, type CheckSpec, checkRegistry, defineCheck } from './define-check.ts';

/** The record a create returned, when it returned one. */
export function createdRecord(ex: Exchange): Subscription | null {
  return ex.status >= 200 && ex.status < 300 && ex.body !== null && typeof ex.body === 'object' && !Array.isArray(ex.body)
    ? (ex.body as Subscription)
    : null;
}

/** A create's answer, with the body that was sent. */
export interface CreateAnswer {
  exchange: Exchange;
  sent: Record<string, unknown>;
}

/** Where a create check records what it finds: the test's verdict, and the profile that pins what the contract leaves open. */
export interface CreateCheckContext {
  verdict: Verdict;
  profile?: TargetProfile;
}

/** Create checks write into the test's verdict (which names the clause and holds the exchange): no helper, no result. */
const CREATE_CHECK: CheckKind<CreateAnswer, CreateCheckContext, void, Record<never, never>> = {
  notApplicable: () => {},
  tools: () => ({}),
};

const defineCreateCheck = (spec: CheckSpec<CreateAnswer, CreateCheckContext, void, Record<never, never>>) =>
  defineCheck(CREATE_CHECK, spec);
const hasRecord = ({ exchange }: CreateAnswer): boolean => createdRecord(exchange) !== null;

/** The checks of a create the contract requires to succeed, in the order they run (checkCreated, checkEcho, checkCreateDefaults). */
export const createChecks = checkRegistry('create', [
  defineCreateCheck({
    // A create the contract requires to succeed: 2xx (the code per profile), with the created record, its outcome observed.
    name: 'createSucceeds',
    clauses: ['SUB-CREATE', 'SUB-CREATE-STATUS-CODE', 'SUB-CREATE-OUTCOME'],
    run({ exchange: ex }, { verdict, profile }) {
      verdict.status(ex, {
        key: 'create',
        profile: profile ?? {},
        observeClause: 'SUB-CREATE-STATUS-CODE',
        contractClause: 'SUB-CREATE',
        contractRule: ['2xx'],
        what: 'POST /subscription with a valid body',
      });
      const record = createdRecord(ex);
      verdict.check(
        'SUB-CREATE',
        record !== null && typeof record.id === 'string',
        'a successful create returns the created subscription',
        {
          expected: 'the created Subscription',
          received: ex.isJson ? ex.body : ex.text,
          exchange: ex,
        },
      );
      if (record)
        verdict.observe({
          clause: 'SUB-CREATE-OUTCOME',
          key: `outcome.${String(record.status)}`,
          message: `a valid order on an open offer got status ${String(record.status)}`,
          value: record.status,
        });
    },
  }),
  defineCreateCheck({
    // Every request field comes back with the value sent (see src/checks/echo.ts).
    name: 'createEchoes',
    clauses: ['SUB-CREATE-ECHO'],
    appliesTo: hasRecord,
    run({ exchange: ex, sent }, { verdict }) {
      checkEchoOfRecord(verdict, sent, ex, createdRecord(ex) as Record<string, unknown> | null);
    },
  }),
  defineCreateCheck({
    // For a create sent with neither subscriptionType nor subscriptionCategory: the record carries discretionary_qualified
    // and professional. subscriptionCategory is optional in a response: a record that leaves it out shows nothing of its
    // default (observed, not failed); one that carries it must carry professional.
    name: 'createDefaults',
    clauses: ['SUB-CREATE-DEFAULTS'],
    appliesTo: hasRecord,
    run({ exchange: ex }, { verdict }) {
      const record = createdRecord(ex) as Subscription;
      // The echo's rule for a field optional in a response: left out, it shows nothing (observed); sent, it must be right.
      const withheld = fieldsWithheld(TYPE_AND_CATEGORY_DEFAULTS, record as unknown as Record<string, unknown>);
      for (const field of withheld)
        verdict.observe({
          clause: 'SUB-CREATE-DEFAULTS',
          key: `defaults.${field}.withheld`,
          message: `the created record leaves out ${field} (optional in a response): its default is not shown`,
          value: null,
        });
      const fields = Object.keys(TYPE_AND_CATEGORY_DEFAULTS).filter((field) => !withheld.includes(field));
      const pick = (from: object) => Object.fromEntries(fields.map((field) => [field, (from as Record<string, unknown>)[field]]));
      const [expected, received] = [pick(TYPE_AND_CATEGORY_DEFAULTS), pick(record)];
      verdict.check(
        'SUB-CREATE-DEFAULTS',
        isDeepStrictEqual(received, expected),
        `the defaults ${Object.values(expected).join(' / ')} were not applied`,
        { expected, received, exchange: ex },
      );
    },
  }),
]);
const [CREATE_SUCCEEDS, CREATE_ECHOES, CREATE_DEFAULTS] = createChecks;

/** A create the contract requires to succeed: 2xx (the code per profile), with the created record. */
export function checkCreated(verdict: Verdict, ex: Exchange, profile: TargetProfile): Subscription | null {
  CREATE_SUCCEEDS.run({ exchange: ex, sent: {} }, { verdict, profile });
  return createdRecord(ex);
}

/** Every request field comes back with the value sent (SUB-CREATE-ECHO). */
export function checkEcho(verdict: Verdict, sent: Record<string, unknown>, ex: Exchange): void {
  CREATE_ECHOES.run({ exchange: ex, sent }, { verdict });
}

/** SUB-CREATE-DEFAULTS, for a create sent with neither subscriptionType nor subscriptionCategory. */
export function checkCreateDefaults(verdict: Verdict, _record: Subscription, ex: Exchange): void {
  CREATE_DEFAULTS.run({ exchange: ex, sent: {} }, { verdict });
}
