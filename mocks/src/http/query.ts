/**
 * URL query values (always strings) turned into the types an operation's query schema expects.
 * Written against what zod and zod/mini share: the schema's `_zod.def` and `safeParse` of
 * `zod/v4/core`.
 */
import { safeParse, type $ZodType } from 'zod/v4/core';

/**
 * The field schemas of an object schema (`_zod.def.shape`), looking through lazy schemas
 * (`z.lazy`, whose `_zod.def.getter` builds the schema), or `undefined` for any other schema.
 */
export function objectShape(schema: $ZodType | undefined): Readonly<Record<string, $ZodType>> | undefined {
  const def = schema?._zod.def as { type?: string; shape?: Record<string, $ZodType>; getter?: () => $ZodType } | undefined;
  if (def?.type === 'lazy' && def.getter) return objectShape(def.getter());
  return def?.type === 'object' ? def.shape : undefined;
}

/**
 * Turns URL query values into candidates for the operation's query schema: for each declared
 * parameter the raw string is tried first, then as a number, then as a boolean; the first
 * candidate the field accepts wins (otherwise the last reading, typed when the text is a number or a
 * boolean, is kept and fails validation). A
 * repeated parameter becomes an array (which fails a scalar field).
 * @param params the request's query.
 * @param schema the operation's query schema (an object schema).
 * @returns the candidate query object, not yet validated; undeclared parameters are dropped.
 */
export function coerceQuery(params: URLSearchParams, schema: $ZodType | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const shape = objectShape(schema);
  if (!shape) return out;
  for (const [key, field] of Object.entries(shape)) {
    const values = params.getAll(key);
    if (values.length === 0) continue;
    if (values.length > 1) {
      out[key] = values;
      continue;
    }
    const raw = values[0]!;
    const candidates: unknown[] = [raw];
    if (raw.trim() !== '' && !Number.isNaN(Number(raw))) candidates.push(Number(raw));
    if (raw === 'true') candidates.push(true);
    if (raw === 'false') candidates.push(false);
    // None accepted: the typed reading (a number, a boolean) when there is one, so the violation
    // names what is wrong with the value rather than its type on the wire.
    out[key] = candidates.find((candidate) => safeParse(field, candidate).success) ?? candidates.at(-1);
  }
  return out;
}
