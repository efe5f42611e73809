/**
 * The part of `zodValidation()` that an operation's first validated call loads, with the operation's
 * schemas (both through a dynamic `import()`, so a bundler gives them chunks of their own): zod/mini's
 * parser and compiler, and the check of a value against a schema.
 */
import { compile, config, safeParse, validate, type core } from 'zod/mini';
import { violations } from './internal/validation';
import { releaseWindow, type OperationId } from './generated/operations.gen';
import type { Logger, ValidationIssue } from './types';

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

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys of `sent` that `kept` (the same value as zod parsed it) lost, as paths (`[]` for any array item), added to `into`. */
function lost(sent: unknown, kept: unknown, path: string, into: Set<string>): void {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    sent.forEach((item, i) => lost(item, kept[i], `${path}[]`, into));
  } else if (isPlainObject(sent) && isPlainObject(kept)) {
    for (const key of Object.keys(sent)) {
      const at = path ? `${path}.${key}` : key;
      if (Object.hasOwn(kept, key)) lost(sent[key], kept[key], at, into);
      else into.add(at);
    }
  }
}

/**
 * Logs (`logger.warn`, once per operation and field: `reported` holds the `operationId field` pairs
 * already logged) each field of a 200 body of `operationId` that the contract does not describe (see
 * {@link undeclaredFields}): no release of the contract's window sends it, so it is a field of a
 * release the contract does not know (newer, or patched), or a server that is not this service.
 */
export function reportUndeclared(operationId: OperationId, schema: core.$ZodType, value: unknown, logger: Logger, reported: Set<string>): void {
  for (const field of undeclaredFields(schema, value)) {
    const key = `${operationId} ${field}`;
    if (reported.has(key)) continue;
    reported.add(key);
    logger.warn(`${operationId}: the 200 body has a field the contract does not describe, which no release from ${releaseWindow.from} to ${releaseWindow.to} sends: ${field}`, { operationId, field });
  }
}

/**
 * The fields of `value` that `schema` does not describe, as paths (`items[].lead.foo`, `[]` for any
 * array item), each once: zod/mini's parse strips the keys an object schema does not list, and the
 * keys it dropped are these. Empty when `value` does not pass `schema` strictly (an enum value the
 * contract does not know yet, say): a body must parse for its keys to be compared. A union member
 * is compared with the branch zod chose (the first that accepts it).
 */
function undeclaredFields(schema: core.$ZodType, value: unknown): string[] {
  const result = safeParse(schema, value);
  const found = new Set<string>();
  if (result.success) lost(value, result.data, '', found);
  return [...found];
}
