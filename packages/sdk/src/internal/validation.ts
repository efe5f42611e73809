/**
 * Internal: zod issues as the SDK reports them (`ValidationIssue`), for `zodValidation()` and
 * `verifyWebhook`. Loads zod/mini: only the `./zod` and `./webhooks` entries import it.
 */
import { safeParse, type core } from 'zod/mini';
import type { ValidationIssue } from '../types';

type Issue = core.$ZodIssue;

/** The facts of an issue that {@link describe} names, when zod gives them. */
const FACTS = ['expected', 'format', 'minimum', 'maximum', 'divisor', 'values', 'keys'] as const;

/**
 * An issue's message. zod/mini loads no messages of its own: until the application configures a
 * locale (`z.config(z.locales.en())`, or any import of the full `zod`, which loads English), every
 * message is "Invalid input". That one is replaced by the issue's code and facts, e.g.
 * `invalid_type (expected string)` or `too_small (minimum 1)`.
 */
function describe(issue: Issue): string {
  const facts = FACTS.flatMap((key) => (key in issue ? `${key} ${(issue as unknown as Record<string, string>)[key]}` : []));
  return issue.message !== 'Invalid input' ? issue.message : facts.length ? `${issue.code} (${facts.join(', ')})` : issue.code;
}

/**
 * zod issues as the SDK reports them, each with its whole path (below `prefix`).
 *
 * A union no branch matches (zod's `invalid_union`) is reported by its closest branch: among the
 * branches the value matches in kind (none of their issues is on the value itself), the one with the
 * fewest issues, the first on a tie. `getTag` answering `{ ..., createdAt: 42 }` reports
 * `createdAt: invalid_type (expected string)` from `Tag`, not `(root): invalid_union`. When no
 * branch matches in kind, one issue on the value says what each branch expected, e.g.
 * `invalid_type (expected object) or invalid_type (expected string)`.
 *
 * When `tolerant` (forward compatibility), an enum or literal value the contract does not know yet
 * (`invalid_value` on a value of the enum's own type: another string where the contract lists
 * strings, another number where it lists numbers) and a key it does not list never count as
 * violations, and a union passes when one branch has only such issues. A value that is missing,
 * `null` or of another type is no unknown enum value: it stays a violation. `valueAt` gives the
 * checked value at an issue's whole path (`prefix` included).
 */
export function toIssues(issues: readonly Issue[], tolerant = false, prefix: (string | number)[] = [], valueAt: (path: readonly (string | number)[]) => unknown = () => undefined): ValidationIssue[] {
  return issues.flatMap((issue): ValidationIssue[] => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    let message = describe(issue);
    if (issue.code === 'invalid_union') {
      const branches = issue.errors.map((branch) => toIssues(branch, tolerant, path, valueAt));
      const fitting = branches.filter((branch) => branch.every((i) => i.path.length > path.length));
      if (fitting.length) return fitting.reduce((closest, branch) => (branch.length < closest.length ? branch : closest));
      message = [...new Set(branches.flat().map((i) => i.message))].join(' or ') || message;
    } else if (tolerant && (issue.code === 'unrecognized_keys' || (issue.code === 'invalid_value' && unknownValue(issue.values, valueAt(path))))) return [];
    return [{ path, message, code: issue.code }];
  });
}

/** Whether `value` is a value of the same JSON type as the enum's `values`, which it is not one of: a value the contract does not know yet. */
const unknownValue = (values: readonly unknown[], value: unknown) => value !== undefined && value !== null && values.some((v) => v !== null && typeof v === typeof value);

/** The value at `path` inside `value` (`undefined` when a step is missing). */
function at(value: unknown, path: readonly (string | number)[]): unknown {
  let here: unknown = value;
  for (const key of path) here = typeof here === 'object' && here !== null ? Reflect.get(here, key) : undefined;
  return here;
}

/**
 * The issues of checking `value` against `schema` (a zod or zod/mini schema) that are real violations
 * (see {@link toIssues} when `tolerant`); empty when the value passes. A value nested so deep that
 * checking it overflows the stack (a recursive schema: zod recurses with the value) is one issue
 * on the value, code `too_deep`, instead of a `RangeError`.
 */
export function violations(schema: core.$ZodType, value: unknown, tolerant: boolean, prefix: (string | number)[] = []): ValidationIssue[] {
  try {
    const result = safeParse(schema, value);
    return result.success ? [] : toIssues(result.error.issues, tolerant, prefix, (path) => at(value, path.slice(prefix.length)));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return [{ path: prefix, message: 'nested too deeply to check (the stack ran out)', code: 'too_deep' }];
  }
}

/**
 * {@link violations}, with the value as zod parsed it (`parsed.data`: an object schema's unlisted keys
 * dropped) when it passes `schema` strictly: one parse gives both. (Apart from `violations`, which
 * `verifyWebhook` bundles, so that its bundle does not grow by this.)
 */
export function parsedViolations(schema: core.$ZodType, value: unknown, tolerant: boolean, prefix: (string | number)[] = []): { issues: ValidationIssue[]; parsed?: { data: unknown } } {
  try {
    const result = safeParse(schema, value);
    if (result.success) return { issues: [], parsed: { data: result.data } };
    return { issues: toIssues(result.error.issues, tolerant, prefix, (path) => at(value, path.slice(prefix.length))) };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { issues: [{ path: prefix, message: 'nested too deeply to check (the stack ran out)', code: 'too_deep' }] };
  }
}
