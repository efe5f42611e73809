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

/** What the checks below read of a schema's definition (zod and zod/mini alike). */
interface DefView {
  type?: string;
  innerType?: $ZodType;
  getter?: () => $ZodType;
  options?: readonly $ZodType[];
  values?: readonly unknown[];
  entries?: Readonly<Record<string, unknown>>;
}

/** The definition of `schema`, as {@link DefView} reads it. */
function defOf(schema: $ZodType): DefView {
  const def: DefView = schema._zod.def;
  return def;
}

/** `schema` without its optional, default, nullable and lazy wrappers. */
function unwrapped(schema: $ZodType): $ZodType {
  const def = defOf(schema);
  if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') && def.innerType) return unwrapped(def.innerType);
  if (def.type === 'lazy' && def.getter) return unwrapped(def.getter());
  return schema;
}

/** Whether a query field takes an object (`style: deepObject`, `name[key]=value`). */
function isObjectField(schema: $ZodType): boolean {
  const type = defOf(unwrapped(schema)).type;
  return type === 'record' || type === 'object';
}

/** The values a field accepts when it is a choice of literals (`direction`: `[-1, 1]`), else `undefined`. */
export function choicesOf(schema: $ZodType): readonly unknown[] | undefined {
  const def = defOf(unwrapped(schema));
  if (def.type === 'literal' && def.values) return def.values;
  if (def.type === 'enum' && def.entries) return Object.values(def.entries);
  if (def.type !== 'union' || !def.options) return undefined;
  const values: unknown[] = [];
  for (const option of def.options) {
    const choices = choicesOf(option);
    if (!choices) return undefined;
    values.push(...choices);
  }
  return values;
}

/** One thing wrong with how a query parameter is written, before its value is checked. */
export interface QueryShapeIssue {
  /** The name as sent (`limit`, `attributes[a][b]`). */
  readonly param: string;
  /** The declared parameter it belongs to (`attributes`). */
  readonly field: string;
  readonly value: unknown;
  readonly msg: string;
}

/**
 * What the contract's query serialisation forbids, which Express's `qs` reads anyway: a declared
 * parameter sent more than once (qs makes an array of it, the contract takes one value), and in a
 * `deepObject` parameter (`attributes[key]=value`) a key sent more than once or nested deeper
 * (`attributes[a][b]`, an object qs builds and the contract does not describe).
 */
export function queryShapeIssues(params: URLSearchParams, schema: $ZodType | undefined): QueryShapeIssue[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  const issues: QueryShapeIssue[] = [];
  const names = new Set(params.keys());
  for (const [key, field] of Object.entries(shape)) {
    const values = params.getAll(key);
    // A repeated name is refused unless the field is a list (none of the contract's are, today).
    if (values.length > 1 && !safeParse(field, values).success)
      issues.push({ param: key, field: key, value: values, msg: `${key} is sent ${values.length} times; the contract takes one value (the server would read an array)` });
    if (!isObjectField(field)) continue;
    for (const name of names) {
      if (!name.startsWith(`${key}[`)) continue;
      const inner = /^[^[]*\[([^[\]]*)\]$/.exec(name);
      const sent = params.getAll(name);
      if (!inner) issues.push({ param: name, field: key, value: sent.length > 1 ? sent : sent[0], msg: `${key} is a deepObject of one level (${key}[name]=value); ${name} nests deeper` });
      else if (sent.length > 1) issues.push({ param: name, field: key, value: sent, msg: `${name} is sent ${sent.length} times; the contract takes one value (the server would read an array)` });
    }
  }
  return issues;
}
