// The contract as an OpenAPI 3.1 document, generated (never written by hand) from the two things the
// reference already has: the JSON Schemas of schemas/ (through the registry) and the routes it serves
// with their declared schemas (route-schemas.ts, collected as Fastify registers them). Where the contract
// says "not shown", the document gives the reference's choice and marks it with `x-not-shown`, quoting
// what the contract leaves open, so a partner's codegen or mock server does not mistake it for the contract.
import { STATUS_CODES } from 'node:http';
import { loadSchema, SCHEMA_NAMES, type SchemaName } from '../src/schema/registry.ts';
import { MAX_DECIMAL_PLACES_KEYWORD, SCHEMA_BASE_URI, UTC_DATE_TIME_FORMAT, UTC_DATE_TIME_PATTERN } from '../src/schema/vocabulary.ts';
import type { Behaviour, OperationName } from './behaviour.ts';
import { errorExample, OPERATION_EXAMPLES } from './openapi-examples.ts';
import { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../src/contract/credentials.ts';

export const OPENAPI_PATH = '/openapi.json';

/** A route as Fastify registered it (onRoute), with the operation it serves. */
export interface RegisteredRoute {
  method: string;
  url: string;
  operation: OperationName;
  schema: { params?: JsonObject; querystring?: JsonObject; body?: JsonObject; response?: Record<string, JsonObject> };
}

/** The reference's answers to what the contract leaves open. */
export interface ReferenceChoices {
  protocol: Behaviour['protocol'];
  maxLimit: number;
  rateLimit: number | null;
  version: string;
}

type JsonObject = { [key: string]: unknown };

/** `offer-pricing-and-order-limits` -> `OfferPricingAndOrderLimits`: the component name codegen turns into a type. */
export const componentName = (name: SchemaName) => name.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase());

const componentRef = (name: SchemaName) => ({ $ref: `#/components/schemas/${componentName(name)}` });

/** What the contract says of each item the reference had to choose (quoted from spec/offer-subscription-api.md). */
const NOT_SHOWN = {
  cancelRoute: 'Cancel a subscription: "Method, path and success response: not shown."',
  healthRoute: 'Get healthcheck status: "Method and path: not shown."',
  createStatus: 'Create a subscription: "Success status code: not shown."',
  errorStatuses:
    'Errors 5: "Which status codes other than 200 and 400 occur (missing credentials, unknown identifiers and others): not shown."',
  maxLimit: 'Limits 3: "the value of that maximum: not shown."',
  rateLimit: 'Limits 6: "Request rate limits: not shown."',
} as const;

function notShown(item: keyof typeof NOT_SHOWN, choice: unknown): JsonObject {
  return { 'x-not-shown': { contract: NOT_SHOWN[item], reference: choice } };
}

/**
 * The suite's vocabulary in keywords every OpenAPI tool knows (issue 32, item 6: Portman stopped at the unknown format):
 * - `format: utc-date-time` -> `format: date-time` (RFC 3339) with a `pattern` for the UTC form the contract asks;
 * - `maxDecimalPlaces: N` -> `multipleOf: 10^-N`, the standard keyword validators apply, and the exact rule kept as
 *   `x-max-decimal-places: N`. Exact in decimal arithmetic; a validator that divides in binary floating point (Ajv
 *   without multipleOfPrecision) also refuses some numbers of N places (0.1 among them): the extension is the rule.
 */
function standardKeywords(key: string, value: unknown): Array<[string, unknown]> {
  if (key === 'format' && value === UTC_DATE_TIME_FORMAT)
    return [
      ['format', 'date-time'],
      ['pattern', UTC_DATE_TIME_PATTERN],
    ];
  if (key === MAX_DECIMAL_PLACES_KEYWORD && typeof value === 'number')
    return [
      ['multipleOf', Number(`1e-${value}`)],
      ['x-max-decimal-places', value],
    ];
  return [[key, value]];
}

/**
 * A schema of schemas/ as an OpenAPI 3.1 schema object: `$schema`/`$id` dropped (the document's dialect
 * is 2020-12), references between files turned into component references, the suite's own format and
 * keyword in standard keywords (`standardKeywords`). Applied recursively; any loaded schema met inside a
 * route schema (it still has its `$id`) becomes a reference to its component.
 */
function toOpenApi(value: unknown, top = false): unknown {
  if (Array.isArray(value)) return value.map((v) => toOpenApi(v));
  if (value === null || typeof value !== 'object') return value;
  const o = value as JsonObject;
  const id = typeof o.$id === 'string' ? schemaNameOf(o.$id) : null;
  if (id && !top) return componentRef(id);
  if (typeof o.$ref === 'string' && !o.$ref.startsWith('#')) return componentRef(schemaNameOf(o.$ref)!);
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(o)) {
    if (key === '$schema' || key === '$id') continue;
    for (const [k, converted] of standardKeywords(key, v)) out[k] = toOpenApi(converted);
  }
  return out;
}

/** `https://osd-suite.example/schemas/offer.schema.json` or `offer.schema.json` -> `offer`. */
function schemaNameOf(ref: string): SchemaName | null {
  const file = ref.startsWith(SCHEMA_BASE_URI) ? ref.slice(SCHEMA_BASE_URI.length) : ref;
  const name = file.replace(/\.schema\.json$/, '') as SchemaName;
  return SCHEMA_NAMES.includes(name) ? name : null;
}

/** Query or path parameters from a route's object schema. */
function parameters(
  where: 'path' | 'query',
  schema: JsonObject | undefined,
  choices: ReferenceChoices,
  examples: Record<string, string>,
): JsonObject[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: toOpenApi(rest),
      ...(name in examples ? { example: examples[name] } : {}),
      ...(where === 'query' && name === 'limit'
        ? notShown('maxLimit', { maxLimit: choices.maxLimit, larger: 'capped to the maximum, not an error' })
        : {}),
    };
  });
}

/** The route schema's status codes, as this reference answers them (a variation may change the not-shown ones). */
function responses(route: RegisteredRoute, choices: ReferenceChoices): JsonObject {
  const p = choices.protocol;
  const out: JsonObject = {};
  for (const [declared, schema] of Object.entries(route.schema.response ?? {})) {
    if (route.operation === 'cancelSubscription' && declared === '200' && p.cancelAnswer === 'message') {
      // The cancel-answers-message variation: 200 with a message of its own, not the record.
      const message = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
      out['200'] = {
        description: 'cancelled; a message, not the record',
        content: { 'application/json': { schema: message } },
        ...notShown('cancelRoute', 200),
      };
      continue;
    }
    if (route.operation === 'cancelSubscription' && declared === '200' && p.cancelAnswer !== 'record') {
      // The cancel-204 and cancel-async-202 variations: no content at all, so no media type either.
      const [status, description] = p.cancelAnswer === 'no-content' ? [204, 'cancelled; no content'] : [202, 'cancel queued; no content'];
      out[String(status)] = { description, ...notShown('cancelRoute', status) };
      continue;
    }
    const choice = (item: keyof typeof NOT_SHOWN, statuses: number[], what: string) => ({ statuses: statuses.map(String), item, what });
    const remap =
      declared === '201'
        ? choice('createStatus', [p.createStatus], 'created')
        : declared === '401'
          ? choice('errorStatuses', [...new Set([p.missingCredentialsStatus, p.wrongCredentialsStatus])], 'missing or wrong credentials')
          : declared === '404'
            ? choice('errorStatuses', [p.unknownIdStatus], 'unknown identifier')
            : null;
    for (const status of remap ? remap.statuses : [declared]) {
      const existing = out[status] as JsonObject | undefined;
      const description = [existing?.description, remap?.what ?? STATUS_CODES[Number(status)] ?? 'answer'].filter(Boolean).join('; ');
      const example =
        Number(status) < 300 ? OPERATION_EXAMPLES[route.operation].responses.success : errorExample(route.operation, Number(status));
      out[status] = {
        description,
        content: { 'application/json': { schema: toOpenApi(schema), example } },
        ...(remap ? notShown(remap.item, Number(status)) : {}),
      };
    }
  }
  return out;
}

const SUMMARY: Record<OperationName, string> = {
  listOffers: 'Get all offers',
  getOffer: 'Get an offer by its identifier',
  listAllocations: 'Get all allocations',
  getAllocation: 'Get allocations for an offer',
  listSubscriptions: 'Get all subscriptions',
  createSubscription: 'Create a subscription',
  getSubscription: 'Get a specific subscription',
  cancelSubscription: 'Cancel a subscription',
  health: 'Get healthcheck status',
};

function operation(route: RegisteredRoute, choices: ReferenceChoices, isPublic: boolean): JsonObject {
  const p = choices.protocol;
  const routeChoice =
    route.operation === 'cancelSubscription'
      ? notShown('cancelRoute', `${p.cancelRoute.method} ${openApiPath(p.cancelRoute.path)}`)
      : route.operation === 'health'
        ? notShown('healthRoute', `${p.healthRoute.method} ${openApiPath(p.healthRoute.path)}`)
        : {};
  const examples = OPERATION_EXAMPLES[route.operation];
  const params = [
    ...parameters('path', route.schema.params, choices, examples.parameters),
    ...parameters('query', route.schema.querystring, choices, examples.parameters),
  ];
  return {
    operationId: route.operation,
    summary: SUMMARY[route.operation],
    ...(params.length ? { parameters: params } : {}),
    ...(route.schema.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toOpenApi(route.schema.body), example: examples.body } },
          },
        }
      : {}),
    responses: responses(route, choices),
    ...(isPublic ? { security: [] } : {}),
    ...routeChoice,
  };
}

/** Fastify's `:param` -> OpenAPI's `{param}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function openApiDocument(
  routes: readonly RegisteredRoute[],
  choices: ReferenceChoices,
  isPublic: (operation: OperationName) => boolean,
): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, choices, isPublic(route.operation)) };
  }
  const schemas = Object.fromEntries(SCHEMA_NAMES.map((name) => [componentName(name), toOpenApi(loadSchema(name), true)]));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Offer and Subscription Distribution API (Commercial API 2.0), as the reference server serves it',
      version: choices.version,
      description:
        "Generated from the JSON Schemas in schemas/ and the reference server's routes (npm run openapi). The contract is spec/offer-subscription-api.md; " +
        'where it says "not shown", the value here is the reference server\'s choice, marked x-not-shown. x-max-decimal-places: at most that many decimal places ' +
        '(the exact rule; multipleOf beside it says the same for validators that divide in decimal). Timestamps: date-time in UTC, as their pattern says. ' +
        "Examples are the reference's own data: an open offer, a create body it accepts.",
    },
    'x-contract': 'spec/offer-subscription-api.md',
    ...notShown(
      'rateLimit',
      choices.rateLimit === null ? 'off' : { requestsPerSecond: choices.rateLimit, retryAfter: choices.protocol.retryAfter },
    ),
    security: [{ subscriptionKey: [], secret: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        subscriptionKey: {
          type: 'apiKey',
          in: 'header',
          name: SUBSCRIPTION_KEY_HEADER,
          description: 'Both credential headers go with every request but the health check.',
        },
        secret: { type: 'apiKey', in: 'header', name: SECRET_HEADER },
      },
    },
  };
}
