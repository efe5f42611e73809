/**
 * The server's models as the mock applies them: which fields a model keeps, how each is cast
 * (./cast.ts), its defaults and required fields, and the two ways the server writes documents —
 * `new Model(fields).save()` (casts, defaults, then required checks: a `ValidationError`) and
 * `findByIdAndUpdate(id, update, {upsert})` (casts only: Mongoose runs no validators on updates, and
 * an upsert creates the document from the update and the model's defaults).
 */
import { isObject } from '../documents';
import { castBoolean, castDate, CastError, castNumber, castObjectId, castString } from './cast';

/** A scalar field's type. */
export type ScalarType = 'string' | 'number' | 'boolean' | 'objectid' | 'date' | 'mixed';

/** One field of a model. */
export interface Field {
  /** A scalar; `array` of `of` (Mongoose wraps a non-array value in an array); `subdocs`, an array of sub-documents of `model`. */
  readonly type: ScalarType | 'array' | 'subdocs';
  /** The type of an array's items (default `mixed`: a Mongoose `Array`). */
  readonly of?: ScalarType;
  /** The model of a `subdocs` field's items. */
  readonly model?: Model;
  /** Mongoose's `required`: a value the type accepts as present (a non-empty string, a number, `true`/`false`, any non-null value). */
  readonly required?: boolean;
  /** The default of a new document (a function is called for each). */
  readonly default?: unknown;
}

/** A model: its fields (others are dropped, as Mongoose's strict schemas do) and whether it keeps timestamps. */
export interface Model {
  readonly name: string;
  readonly fields: Readonly<Record<string, Field>>;
  /** `createdAt`/`updatedAt` kept by the model (`timestamps: true`). */
  readonly timestamps?: boolean;
  /** The fields of the model's text index (`Schema.index({field: 'text', …})`): `$text` searches them, and their words are indexed on each write (./text.ts). */
  readonly textIndex?: readonly string[];
}

/** A document the model refuses to save (Mongoose's `ValidationError`): the failing fields and why. */
export class ValidationError extends Error {
  constructor(readonly errors: Readonly<Record<string, CastError | RequiredError>>) {
    super(
      `Validation failed: ${Object.entries(errors)
        .map(([path, error]) => `${path}: ${error.message}`)
        .join(', ')}`,
    );
    this.name = 'ValidationError';
  }
}

/** A required field without a value. */
export class RequiredError extends Error {
  constructor(readonly path: string) {
    super(`Path \`${path}\` is required.`);
    this.name = 'ValidatorError';
  }
}

const isPlainObject = isObject;

function castScalar(type: ScalarType, value: unknown, path: string): unknown {
  switch (type) {
    case 'string':
      return castString(value, path);
    case 'number':
      return castNumber(value, path);
    case 'boolean':
      return castBoolean(value, path);
    case 'objectid':
      return value === null || value === undefined ? value : castObjectId(value, path);
    case 'date':
      return castDate(value, path);
    case 'mixed':
      return value === undefined ? undefined : structuredClone(value);
  }
}

/**
 * Casts one value for a field.
 * @param forUpdate sub-documents of an update are cast but not validated (no required checks).
 * @throws {CastError} when the value cannot be stored; {@link ValidationError} for an invalid sub-document of a new document.
 */
function castField(field: Field, value: unknown, path: string, forUpdate = false): unknown {
  if (value === null || value === undefined) return value;
  if (field.type === 'array' || field.type === 'subdocs') {
    const items = Array.isArray(value) ? value : [value];
    if (field.type === 'array') {
      const of = field.of ?? 'mixed';
      return items.map((item, i) => {
        if (of === 'mixed') return structuredClone(item);
        try {
          return castScalar(of, item, `${path}.${i}`);
        } catch {
          throw new CastError(`[${of}]`, value, `${path}.${i}`);
        }
      });
    }
    return items.map((item, i) => {
      // Mongoose's DocumentArray cast skips falsy items (`if (!value[i]) continue`): they stay as sent.
      if (!item) return item;
      if (!isPlainObject(item)) throw new CastError('Embedded', item, `${path}.${i}`);
      return forUpdate ? castFields(field.model!, item, `${path}.${i}.`, true) : newDocumentFields(field.model!, item, `${path}.${i}.`);
    });
  }
  return castScalar(field.type, value, path);
}

/** The defaults of a model's fields, for a new document. */
export function defaults(model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.default !== undefined) out[name] = typeof field.default === 'function' ? (field.default as () => unknown)() : structuredClone(field.default);
    else if (field.type === 'array' || field.type === 'subdocs') out[name] = []; // Mongoose arrays default to []
  }
  return out;
}

/** Whether a required field's value counts as present, by type (Mongoose's `checkRequired`). */
function present(field: Field, value: unknown): boolean {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' && value.length > 0;
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return value === true || value === false;
    default:
      return value !== null && value !== undefined;
  }
}

/** Casts the model's fields present in `input` (others dropped). @throws {CastError} */
function castFields(model: Model, input: Record<string, unknown>, prefix: string, forUpdate: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (!Object.hasOwn(input, name)) continue;
    const value = input[name];
    if (value === undefined) continue;
    out[name] = castField(field, value, `${prefix}${name}`, forUpdate);
  }
  return out;
}

/** The fields of a new (sub-)document: cast, defaults, required checks. @throws {ValidationError} */
function newDocumentFields(model: Model, input: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const errors: Record<string, CastError | RequiredError> = {};
  const doc = defaults(model);
  for (const [name, field] of Object.entries(model.fields)) {
    if (!Object.hasOwn(input, name) || input[name] === undefined) continue;
    try {
      doc[name] = castField(field, input[name], `${prefix}${name}`);
    } catch (error) {
      if (error instanceof CastError) errors[`${prefix}${name}`] = error;
      else if (error instanceof ValidationError) Object.assign(errors, error.errors);
      else throw error;
    }
  }
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.required && !errors[`${prefix}${name}`] && !present(field, doc[name])) errors[`${prefix}${name}`] = new RequiredError(`${prefix}${name}`);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return doc;
}

/**
 * `new Model(input).save()`: the model's fields of `input` cast, defaults for the rest, required
 * fields checked; `undefined` means not given. The caller adds `_id`, timestamps and `__v`.
 * @throws {ValidationError} listing every field that failed to cast or is missing.
 */
export function newDocument(model: Model, input: Record<string, unknown>): Record<string, unknown> {
  return newDocumentFields(model, input);
}

/**
 * The `$set` of `findByIdAndUpdate(id, update)`: the model's fields of `update` cast (others
 * dropped), `undefined` written as `null` (the driver serialises it so), no validation.
 * @throws {CastError} for a value the model cannot store (the server's routes answer a 500).
 */
export function castUpdate(model: Model, update: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (!Object.hasOwn(update, name)) continue;
    out[name] = update[name] === undefined ? null : castField(field, update[name], name, true);
  }
  return out;
}

/**
 * The document an upsert creates for an unknown id: the id, the update, then the model's defaults
 * for the fields the update leaves out (Mongoose applies them when it reads the new document).
 */
export function upsertedDocument(model: Model, id: string, set: Record<string, unknown>): Record<string, unknown> {
  return { ...defaults(model), _id: id, ...set };
}
