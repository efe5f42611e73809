/**
 * What the contract forbids in a request, as validation items (express-validator's
 * `{value, msg, param, location}`, the contract's `ValidationErrorItem`): strict mode answers them
 * (400, or 422 where the operation declares it), the default mode warns about them once.
 */
import type { OperationId } from '@supportkb/sdk';
import { operationSchemas } from '@supportkb/sdk/zod';
import { safeParse, type $ZodIssue } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { isObject, valueAt } from '../documents';
import { choicesOf, coerceQuery, objectShape, queryShapeIssues } from './query';
import type { Failure } from './results';

/** One failed check, as express-validator reports it (the contract's `ValidationErrorItem`). */
export interface ValidationIssue {
  value?: unknown;
  msg: string;
  param: string;
  location: 'body' | 'query' | 'params' | 'headers';
}

/** The part of a zod issue the conversion reads (zod and zod/mini issues alike). */
export type IssueLike = Pick<$ZodIssue, 'path' | 'message'> & { code?: string };

/**
 * Converts zod issues into validation items: one per failing field, `param` the dotted path,
 * `value` the value received, `msg` what is wrong (zod's message, e.g. `Invalid input: expected
 * string, received number`).
 * @param input the value that was validated (to read each failing field's value).
 */
export function issuesToErrors(issues: readonly IssueLike[], input: unknown, location: ValidationIssue['location']): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    const param = issue.path.map(String).join('.') || location;
    if (seen.has(param)) continue;
    seen.add(param);
    const value = issue.path.length ? valueAt(input, issue.path) : input;
    const msg = issue.message || 'Invalid value';
    out.push(value === undefined ? { msg, param, location } : { value: excerpt(value), msg, param, location });
  }
  return out;
}

/** A received value as an error repeats it: long strings cut to 200 characters. */
function excerpt(value: unknown): unknown {
  return typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
}

/** Bad input answer: `{errors}` with the given status (422 where the operation declares it, else 400). */
export function badInput(status: 400 | 422, errors: readonly (ValidationIssue | string)[]): Failure {
  return { status, body: { errors } };
}

/**
 * `issue` with the values its field accepts when it is a choice of literals and zod said only
 * `Invalid input` (`direction=desc`: `Invalid input: expected one of -1, 1`).
 */
function withChoices(issue: ValidationIssue, querySchema: Parameters<typeof objectShape>[0]): ValidationIssue {
  const field = objectShape(querySchema)?.[issue.param];
  const choices = field && issue.msg === 'Invalid input' ? choicesOf(field) : undefined;
  return choices ? { ...issue, msg: `Invalid input: expected one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}` } : issue;
}

/** English messages for this package's parses only (zod/mini has none; the global zod configuration is left alone). */
const messages = { error: en().localeError };

/** The request's parts, as sent. */
export interface RequestParts {
  path: Readonly<Record<string, string>>;
  /** The query as the URL carries it. */
  search: URLSearchParams;
  /** The parsed JSON body (`undefined` when none was sent). */
  body: unknown;
  /** Whether the operation has a request body and one was sent. */
  bodySent: boolean;
  /** The request's media type (lower case, no parameters), when a body was sent. */
  mediaType?: string;
}

/**
 * Everything the contract forbids in a request of `operationId`: path parameters, query parameters
 * and the body against the operation's schemas (from the SDK's zod schemas), and a body sent as
 * anything but JSON.
 * @returns the violations, empty when the request is what the contract allows.
 */
export function contractViolations(operationId: OperationId, parts: RequestParts): ValidationIssue[] {
  const schemas = operationSchemas[operationId];
  const out: ValidationIssue[] = [];
  const pathSchema = schemas.path?.();
  if (pathSchema) {
    const parsed = safeParse(pathSchema, parts.path, messages);
    if (!parsed.success) out.push(...issuesToErrors(parsed.error.issues, parts.path, 'params'));
  }
  const querySchema = schemas.query?.();
  if (querySchema) {
    // How the query is written first (a repeated name, a deepObject key repeated or nested), then
    // its values; a parameter refused for how it is written is not refused again for its value.
    const written = queryShapeIssues(parts.search, querySchema);
    for (const { value, msg, param } of written) out.push({ value, msg, param, location: 'query' });
    const reported = new Set(written.map((issue) => issue.field));
    const candidate = coerceQuery(parts.search, querySchema);
    const parsed = safeParse(querySchema, candidate, messages);
    if (!parsed.success)
      out.push(
        ...issuesToErrors(parsed.error.issues, candidate, 'query')
          .filter((issue) => !reported.has(issue.param.split('.')[0]!))
          .map((issue) => withChoices(issue, querySchema)),
      );
  }
  const bodySchema = schemas.body?.();
  if (bodySchema) {
    if (parts.bodySent && parts.mediaType !== 'application/json') {
      out.push({ value: parts.mediaType ?? '', msg: 'The body must be sent as application/json', param: 'content-type', location: 'headers' });
    } else {
      const body = parts.body === undefined ? {} : parts.body;
      const parsed = safeParse(bodySchema, body, messages);
      if (!parsed.success) out.push(...issuesToErrors(parsed.error.issues, body, 'body'));
      // A body the schema took that is no object, where the contract's body is one (a list the server
      // takes as a map). The server's routes that take a list (setConversationParticipants) declare it.
      else if (!isObject(body) && bodySchema._zod.def.type !== 'array') out.push({ value: body, msg: 'Invalid input: expected object, received array', param: 'body', location: 'body' });
    }
  }
  return out;
}
