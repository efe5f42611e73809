/**
 * The part of `zodValidation()` that an operation's first validated call loads, with the operation's
 * schemas (both through a dynamic `import()`, so a bundler gives them chunks of their own): zod/mini's
 * parser and the check of a value against a schema. zod's compiler (`zod-compile.ts`) is loaded later,
 * by a schema's second check.
 */
import { config, type core } from 'zod/mini';
import { parsedViolations, violations } from './internal/validation';
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

type Compiler = typeof import('./zod-compile');
let compiler: Compiler | undefined;
let compilerLoading: Promise<unknown> | undefined;

/** Starts loading zod's compiler (once; a load that failed, a chunk the network did not deliver, is tried again by the next call). */
function loadCompiler(): void {
  compilerLoading ??= import('./zod-compile').then(
    ({ compileCheck, compileParse }) => (compiler = { compileCheck, compileParse }),
    () => (compilerLoading = undefined),
  );
}

/** A compiled function of a schema (its check or its parse), or `null` where zod cannot compile the schema. */
type Compiled<F> = F | null;
/** Schemas checked once, on zod/mini's interpreter, for a check and for a parse. */
const checked = { check: new WeakSet<core.$ZodType>(), parse: new WeakSet<core.$ZodType>() };
/** Each schema's compiled check, once built. */
const compiledChecks = new WeakMap<core.$ZodType, Compiled<(value: unknown) => boolean>>();
/** Each schema's compiled parse, once built (only for clients that log: see {@link checkReporting}). */
const compiledParses = new WeakMap<core.$ZodType, Compiled<(value: unknown) => unknown>>();
/** What a compiled parse answers for a value it does not accept. */
const REJECTED = Symbol('rejected');

/**
 * The compiled form of `schema` (`build` makes it from zod's compiler; `built` keeps it, `seen` the
 * schemas checked once), when there is one yet. Tiered: on a schema's first check, none (zod/mini's
 * interpreter checks it: a schema checked once, as on a cold start, costs neither the compiler's code
 * nor code generation); its second check starts loading zod's compiler (`zod-compile.ts`, a chunk of its
 * own) and is still interpreted; from the first check after the compiler has loaded, the schema's checks
 * as one generated function (several times faster than the interpreter on a page of resources), built
 * once per schema — and so once per operation, whose schemas are built once. Never where zod must not
 * generate code (`z.config({ jitless: true })`, a Content Security Policy without `unsafe-eval`,
 * Cloudflare Workers), nor for a schema zod cannot compile (a recursive schema).
 */
function tiered<F>(
  schema: core.$ZodType,
  seen: WeakSet<core.$ZodType>,
  built: WeakMap<core.$ZodType, Compiled<F>>,
  build: (compiler: Compiler, schema: core.$ZodType) => F | undefined,
): F | undefined {
  if (!mayGenerateCode()) return undefined;
  const done = built.get(schema);
  if (done !== undefined) return done ?? undefined;
  if (!seen.has(schema)) {
    seen.add(schema);
    return undefined;
  }
  if (!compiler) {
    loadCompiler();
    return undefined;
  }
  const fast = build(compiler, schema);
  built.set(schema, fast ?? null);
  return fast;
}
const buildCheck = (from: Compiler, schema: core.$ZodType) => from.compileCheck(schema);
const buildParse = (from: Compiler, schema: core.$ZodType) => from.compileParse(schema, REJECTED);

/**
 * The violations of `value` against `schema` (see `violations`): none when the compiled check accepts
 * it; otherwise zod/mini's own parse says which, with the same issues and messages as without the
 * fast path (the fast path only ever answers "valid").
 */
export function check(schema: core.$ZodType, value: unknown, tolerant: boolean, prefix: (string | number)[] = []): ValidationIssue[] {
  const quick = tiered(schema, checked.check, compiledChecks, buildCheck);
  if (quick) {
    try {
      if (quick(value)) return [];
    } catch {
      // A value nested too deeply for the generated code: the parse below reports it.
    }
  }
  return violations(schema, value, tolerant, prefix);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The keys of `sent` that `kept` (the same value as zod parsed it) lost, as paths (`[]` for any array
 * item), added to `into`. A path is only written for a key that was lost or a value walked into.
 */
function lost(sent: unknown, kept: unknown, path: string, into: Set<string>): void {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return;
    const items = `${path}[]`;
    for (let i = 0; i < sent.length; i++) lost(sent[i], kept[i], items, into);
  } else if (isPlainObject(sent) && isPlainObject(kept)) {
    for (const key of Object.keys(sent)) {
      if (!Object.hasOwn(kept, key)) into.add(path ? `${path}.${key}` : key);
      else {
        const value = sent[key];
        if (typeof value === 'object' && value !== null) lost(value, kept[key], path ? `${path}.${key}` : key, into);
      }
    }
  }
}

/**
 * The violations of a 200 body `value` of `operationId` against `schema`, tolerant (see `violations`), as
 * {@link check} gives them, and, when it has none, a `logger.warn` for each of its fields that the contract
 * does not describe (once per operation and field: `reported` holds the `operationId field` pairs already
 * logged): no release of the contract's window sends it, so it is a field of a release the contract does
 * not know (newer, or patched), or a server that is not this service.
 *
 * One walk of the body answers both: zod's parse (compiled, tiered as the check is; zod/mini's parse
 * says which issues when it rejects the body), which strips the keys an object schema does not list,
 * and the keys it dropped are the undeclared fields (`[]` for any array item: `items[].lead.foo`).
 * A body that does not pass `schema` strictly (an enum value the contract does not know yet, say) reports
 * none: a body must parse for its keys to be compared. A union member is compared with the branch zod
 * chose (the first that accepts it).
 */
export function checkReporting(operationId: OperationId, schema: core.$ZodType, value: unknown, logger: Logger, reported: Set<string>): ValidationIssue[] {
  const quick = tiered(schema, checked.parse, compiledParses, buildParse);
  let data: unknown = REJECTED;
  if (quick) {
    try {
      data = quick(value);
    } catch {
      // A value nested too deeply for the generated code: the parse below reports it.
    }
  }
  if (data === REJECTED) {
    const { issues, parsed } = parsedViolations(schema, value, true);
    if (issues.length || !parsed) return issues;
    data = parsed.data;
  }
  const found = new Set<string>();
  lost(value, data, '', found);
  for (const field of found) {
    const key = `${operationId} ${field}`;
    if (reported.has(key)) continue;
    reported.add(key);
    logger.warn(`${operationId}: the 200 body has a field the contract does not describe, which no release from ${releaseWindow.from} to ${releaseWindow.to} sends: ${field}`, { operationId, field });
  }
  return [];
}
