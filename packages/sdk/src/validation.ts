import type { z } from 'zod';
import type { ValidationIssue } from './errors';

type Issue = z.core.$ZodIssue;

/**
 * Forward compatibility: an enum or literal value the contract does not know yet (`invalid_value`)
 * and a key it does not list never count as violations. Inside a union, the value passes when
 * one branch has only such issues.
 */
export function tolerated(issue: Issue): boolean {
  if (issue.code === 'invalid_value' || issue.code === 'unrecognized_keys') return true;
  if (issue.code === 'invalid_union') return issue.errors.some((branch) => branch.every(tolerated));
  return false;
}

/** zod issues as the SDK reports them. */
export function toIssues(issues: readonly Issue[]): ValidationIssue[] {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message, code: i.code }));
}

/** The issues of `schema.safeParse(value)` that are real violations (see {@link tolerated}); empty when the value passes. */
export function violations(schema: z.ZodType, value: unknown, tolerant: boolean): ValidationIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return toIssues(tolerant ? result.error.issues.filter((issue) => !tolerated(issue)) : result.error.issues);
}
