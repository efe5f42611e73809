/**
 * zod's compiler, for `zodValidation()`'s check (`zod-check.ts`), which loads it (a dynamic `import()`, a
 * chunk of its own) on the second check of a schema: an operation called once, as on a cold start, never
 * loads it nor generates code.
 */
import { compileFn, INVALID, type $ZodType } from 'zod/v4/core';

/**
 * `schema`'s checks as one generated function (zod's code generation, as `z.compile` does it, in its
 * assert-only form: it builds no output value, since the check only asks whether a value passes):
 * `true` for a value that `schema` accepts, `false` for one it may reject (zod/mini's parse then says
 * which issues). `undefined` where zod cannot compile the schema (a recursive schema, a feature the
 * generated code does not model, `new Function` refused): the schema is then always checked on zod/mini's
 * interpreter, as `z.compile` would leave it.
 *
 * `z.compile` itself generates two functions, the parser and this validator; `z.validate` only runs the
 * validator, so generating the parser too would double the cost of compiling for nothing.
 */
export function compileCheck(schema: $ZodType): ((value: unknown) => boolean) | undefined {
  try {
    const validator = compileFn(schema, { assertOnly: true });
    return (value) => validator(value) !== INVALID;
  } catch {
    return undefined;
  }
}

/**
 * `schema`'s parse as one generated function (zod's code generation, as `z.compile` does it): for a
 * value that `schema` accepts, the value as zod/mini's parse gives it (an object schema's unlisted keys
 * dropped), else `rejected` (zod/mini's parse then says which issues). `undefined` where zod cannot
 * compile the schema, as for {@link compileCheck}.
 */
export function compileParse<R>(schema: $ZodType, rejected: R): ((value: unknown) => unknown) | undefined {
  try {
    const parser = compileFn(schema);
    return (value) => {
      const output = parser(value);
      return output === INVALID ? rejected : output;
    };
  } catch {
    return undefined;
  }
}
