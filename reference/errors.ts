// Problems and the two error body shapes of the contract (Errors section):
// - list/get operations:    { error, message, validationErrors? }
// - create/cancel:          { status, errors: [{ property, messages }], message }
// Every failure of the reference becomes an ApiError; one renderer turns it into a body.
import { STATUS_CODES } from 'node:http';

/** 'read' = the list/get body, 'write' = the create/cancel body. */
export type ErrorShape = 'read' | 'write';

export type ProblemKind = 'auth' | 'validation' | 'not-found' | 'conflict' | 'rate-limit' | 'payload' | 'internal';

/** The reference's ValidationErrorModel (its fields are not shown by the contract). */
export interface FieldError {
  property: string;
  messages: string[];
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly kind: ProblemKind;
  readonly fieldErrors: FieldError[];

  /** `detail` is the human description (list/get `error`); never put header values in it. */
  constructor(statusCode: number, kind: ProblemKind, detail: string, fieldErrors: FieldError[] = []) {
    super(detail);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.kind = kind;
    this.fieldErrors = fieldErrors;
  }
}

/** What goes on the wire for an error: the body text and its content type. */
export interface RenderedError {
  contentType: string;
  body: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The `message` of an error body: the HTTP reason phrase, so a 400 says exactly "Bad Request". */
export function statusMessage(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export function listGetBody(error: ApiError): { error: string; message: string; validationErrors?: string[] } {
  const lines = error.fieldErrors.flatMap((f) => f.messages.map((m) => `${f.property}: ${m}`));
  return {
    error: error.message,
    message: statusMessage(error.statusCode),
    ...(error.kind === 'validation' && lines.length > 0 ? { validationErrors: lines } : {}),
  };
}

export function createCancelBody(error: ApiError): { status: number; errors: FieldError[]; message: string } {
  const errors = error.fieldErrors.length > 0 ? error.fieldErrors : [{ property: 'request', messages: [error.message] }];
  return { status: error.statusCode, errors, message: statusMessage(error.statusCode) };
}

/** The correct renderer: the body shape of the operation the error happened on. */
export function renderError(shape: ErrorShape, error: ApiError): RenderedError {
  const body = shape === 'write' ? createCancelBody(error) : listGetBody(error);
  return { contentType: JSON_CONTENT_TYPE, body: JSON.stringify(body) };
}

// ---- Fastify's own errors -> ApiError -----------------------------------------------------------

/** Descriptions of the framework errors bad input can raise (content-type parser, body limit, URL). */
const FRAMEWORK_ERRORS: Record<string, { kind: ProblemKind; property: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    kind: 'validation',
    property: 'body',
    detail: 'The body is not valid JSON (keys __proto__ and constructor.prototype are refused)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { kind: 'validation', property: 'body', detail: 'The body is empty but content-type is application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { kind: 'validation', property: 'body', detail: 'The content-length header does not match the body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { kind: 'payload', property: 'body', detail: 'The body is larger than the reference accepts' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { kind: 'payload', property: 'content-type', detail: 'The body must be sent as application/json' },
  FST_ERR_CTP_INVALID_TYPE: { kind: 'payload', property: 'content-type', detail: 'The content-type header is not valid' },
  FST_ERR_BAD_URL: { kind: 'validation', property: 'url', detail: 'The URL is not validly percent-encoded' },
  FST_ERR_MAX_PARAM_LENGTH: { kind: 'validation', property: 'url', detail: 'A path parameter is longer than the reference accepts' },
};

interface FrameworkError {
  code?: string;
  statusCode?: number;
  validation?: ReadonlyArray<{
    instancePath: string;
    message?: string;
    data?: unknown;
    parentSchema?: { description?: string };
    params?: Record<string, unknown>;
  }>;
  validationContext?: string;
}

const MAX_SHOWN = 40;

function shown(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} values`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/**
 * Ajv errors of a query string or path parameter, one FieldError per parameter. A schema's
 * `description` says what the parameter must be ("a non-negative integer").
 */
function parameterErrors(validation: NonNullable<FrameworkError['validation']>): FieldError[] {
  const byProperty = new Map<string, string[]>();
  for (const issue of validation) {
    const property = issue.instancePath.replace(/^\//, '') || String(issue.params?.missingProperty ?? 'query');
    const what = issue.parentSchema?.description;
    const message = what ? `must be ${what}, got ${shown(issue.data)}` : (issue.message ?? 'is invalid');
    const messages = byProperty.get(property) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byProperty.set(property, messages);
  }
  return [...byProperty].map(([property, messages]) => ({ property, messages }));
}

/** Any error thrown while handling a request, as the problem the client is told about. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as FrameworkError;
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    if (e.code === 'FST_ERR_VALIDATION' && e.validation) {
      const part = e.validationContext === 'params' ? 'path parameters' : 'query parameters';
      return new ApiError(400, 'validation', `The ${part} are invalid`, parameterErrors(e.validation));
    }
    const known = e.code === undefined ? undefined : FRAMEWORK_ERRORS[e.code];
    if (known) return new ApiError(status, known.kind, known.detail, [{ property: known.property, messages: [known.detail] }]);
    return new ApiError(status, 'validation', 'The request is invalid');
  }
  return new ApiError(500, 'internal', 'An unexpected error occurred');
}
