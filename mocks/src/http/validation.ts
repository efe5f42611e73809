/**
 * Bad input: zod issues turned into the service's validation items (express-validator's
 * `{value, msg, param, location}`), answered 422 where the operation declares it, else 400.
 */
import type { $ZodIssue } from 'zod/v4/core';
import { valueAt } from '../documents';
import type { Failure } from './results';

/** One failed check, as express-validator reports it (the contract's `ValidationErrorItem`). */
export interface ValidationIssue {
  value?: unknown;
  msg: string;
  param: string;
  location: 'body' | 'query' | 'params' | 'headers';
}

/** The part of a zod issue the conversion reads (zod and zod/mini issues alike). */
export type IssueLike = Pick<$ZodIssue, 'path' | 'message'>;

/**
 * Converts zod issues into validation items: one per failing field, `param` the dotted path,
 * `value` the value received, `msg` `Invalid value` as express-validator writes it.
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
    out.push(value === undefined ? { msg: 'Invalid value', param, location } : { value, msg: 'Invalid value', param, location });
  }
  return out;
}

/** Bad input answer: `{errors}` with status 422 when the operation declares 422, else 400. */
export function badInput(status: 400 | 422, errors: readonly (ValidationIssue | string)[]): Failure {
  return { status, body: { errors } };
}
