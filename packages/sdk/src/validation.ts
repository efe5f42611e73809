import { safeParse, type core } from 'zod/mini';
import type { ValidationIssue } from './errors';

type Issue = core.$ZodIssue;

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

/** The facts of an issue that {@link describe} names, when zod gives them. */
const FACTS = ['expected', 'format', 'minimum', 'maximum', 'divisor', 'values', 'keys'] as const;

/**
 * An issue's message. zod/mini loads no messages of its own: until the application configures a
 * locale (`z.config(z.locales.en())`, or any import of the full `zod`, which loads English), every
 * message is "Invalid input". That one is replaced by the issue's code and facts, e.g.
 * `invalid_type (expected string)` or `too_small (minimum 1)`.
 */
function describe(issue: Issue): string {
  if (issue.message !== 'Invalid input') return issue.message;
  const facts = FACTS.filter((key) => key in issue).map((key) => `${key} ${String((issue as unknown as Record<string, unknown>)[key])}`);
  return facts.length ? `${issue.code} (${facts.join(', ')})` : issue.code;
}

/** zod issues as the SDK reports them. */
export function toIssues(issues: readonly Issue[]): ValidationIssue[] {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: describe(i), code: i.code }));
}

/**
 * The issues of checking `value` against `schema` (a zod or zod/mini schema) that are real violations
 * (see {@link tolerated} when `tolerant`); empty when the value passes.
 */
export function violations(schema: core.$ZodType, value: unknown, tolerant: boolean): ValidationIssue[] {
  const result = safeParse(schema, value);
  if (result.success) return [];
  return toIssues(tolerant ? result.error.issues.filter((issue) => !tolerated(issue)) : result.error.issues);
}
