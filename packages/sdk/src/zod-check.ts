/**
 * The part of `zodValidation()` that an operation's first validated call loads, with the operation's
 * schemas (both through a dynamic `import()`, so a bundler gives them chunks of their own): zod/mini's
 * parser and compiler, and the check of a value against a schema.
 */
import { compile, config, validate, type core } from 'zod/mini';
import { violations } from './internal/validation';
import type { ValidationIssue } from './types';

let evalAllowed: boolean | undefined;

/**
 * Whether zod may generate code here, as zod itself decides for its JIT (`util.allowsEval`): not under
 * `z.config({ jitless: true })` (then no probe either: a strict Content Security Policy reports even a
 * caught `new Function`), not on Cloudflare Workers, and only where `new Function` works.
 */
function mayGenerateCode(): boolean {
  if (config().jitless) return false;
  if (evalAllowed === undefined) {
    try {
      new Function('');
      evalAllowed = !(typeof navigator !== 'undefined' && navigator.userAgent?.includes('Cloudflare'));
    } catch {
      evalAllowed = false;
    }
  }
  return evalAllowed;
}

/** Schemas checked once, on zod/mini's interpreter. */
const checked = new WeakSet<core.$ZodType>();
const compiled = new WeakMap<core.$ZodType, core.$ZodType>();

/**
 * What to check `schema` with: on its first check, `schema` itself (zod/mini's interpreter: a schema
 * checked once, as on a cold start, costs no code generation); from its next check on, the schema
 * compiled (`z.compile`: its checks as one generated function, several times faster than the
 * interpreter on a page of resources), built once. Always `schema` itself where zod must not generate
 * code (`z.config({ jitless: true })`, a Content Security Policy without `unsafe-eval`, Cloudflare
 * Workers) or cannot compile it (a recursive schema).
 */
function fast(schema: core.$ZodType): core.$ZodType {
  if (!mayGenerateCode()) return schema;
  const done = compiled.get(schema);
  if (done) return done;
  if (!checked.has(schema)) {
    checked.add(schema);
    return schema;
  }
  const fastSchema = compile(schema);
  compiled.set(schema, fastSchema);
  return fastSchema;
}

/**
 * The violations of `value` against `schema` (see `violations`): none when the compiled check accepts
 * it; otherwise zod/mini's own parse says which, with the same issues and messages as without the
 * fast path (the fast path only ever answers "valid").
 */
export function check(schema: core.$ZodType, value: unknown, tolerant: boolean, prefix: (string | number)[] = []): ValidationIssue[] {
  const quick = fast(schema);
  if (quick !== schema) {
    try {
      if (validate(quick, value)) return [];
    } catch {
      // A value nested too deeply for the generated code: the parse below reports it.
    }
  }
  return violations(schema, value, tolerant, prefix);
}
