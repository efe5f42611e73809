/**
 * The part of `zodValidation()` that the first check with a known release of the server loads (a dynamic
 * `import()`, its own chunk: a client without `serverVersion` never loads it): the fields a 200 body must have
 * in that release beyond what every release of the contract's window sends (the contract's
 * `x-release-required`, generated into `releases.gen.ts`).
 */
import { releaseChecks, releaseSpecs } from './generated/releases.gen';
import type { OperationId } from './generated/operations.gen';
import { releaseInRange } from './internal/version';
import type { ValidationIssue } from './types';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values at `path` in `value` (`*`: every item of an array), each with its own path. */
function at(value: unknown, path: readonly string[], where: (string | number)[] = []): [unknown, (string | number)[]][] {
  if (!path.length) return [[value, where]];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((item, i) => at(item, rest, [...where, i])) : [];
  return isObject(value) && head !== undefined && head in value ? at(value[head], rest, [...where, head]) : [];
}

/**
 * The issues of a 200 body of `operationId` (already valid for the whole window) against release `release`:
 * an object that is one of the operation's release-dependent schemas (it has every field that schema
 * requires in all releases) must also have the fields that schema requires in the releases that have them
 * (issue code `missing_in_release`). An object that matches several schemas passes when it has the fields of one.
 */
export function releaseIssues(operationId: OperationId, body: unknown, release: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [path, indices] of releaseChecks[operationId] ?? []) {
    for (const [value, where] of at(body, path)) {
      if (!isObject(value)) continue;
      const missing = indices
        .map((i) => releaseSpecs[i]!)
        .filter((spec) => spec.required.every((field) => value[field] !== undefined))
        .map((spec) => Object.entries(spec.since).filter(([field, [since, until]]) => releaseInRange(release, since, until) && value[field] === undefined));
      if (!missing.length || missing.some((fields) => !fields.length)) continue;
      for (const [field, [since, until]] of missing[0]!) {
        const range = until ? `releases ${since || 'up'} to ${until}` : `every release from ${since}`;
        issues.push({ path: [...where, field], code: 'missing_in_release', message: `missing: release ${release} sends it (${range})` });
      }
    }
  }
  return issues;
}
