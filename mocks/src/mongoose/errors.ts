/**
 * Mongoose 5.13's errors as JSON, for the routes that send the error object itself (`res.send(err)`,
 * `{success: false, msg, err}`): a `ValidationError` is
 * `{errors: {<path>: …}, _message: "<model> validation failed", name: "ValidationError", message}`,
 * each cast failure `{stringValue, valueType, kind, value, path, reason, name: "CastError", message}`
 * and each missing required value `{name: "ValidatorError", message, properties, kind: "required", path}`.
 * Other errors (a duplicate key, a refused command) serialise as their own enumerable fields.
 */
import { CastError } from './cast';
import { DuplicateKeyError } from './documents';
import { RequiredError, ValidationError } from './model';
import { MongoError } from './query';

/** Node's `util.inspect` of a JSON value, as Mongoose quotes it in a cast error's `stringValue`. */
function inspect(value: unknown, depth = 0): string {
  if (typeof value === 'string') return depth === 0 ? value : `'${value.replace(/'/g, "\\'")}'`;
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  if (depth > 2) return Array.isArray(value) ? '[Array]' : '[Object]';
  if (Array.isArray(value)) return value.length ? `[ ${value.map((item) => inspect(item, depth + 1)).join(', ')} ]` : '[]';
  const entries = Object.entries(value);
  if (!entries.length) return '{}';
  const key = (name: string) => (/^[A-Za-z_][A-Za-z_0-9]*$/.test(name) ? name : `'${name}'`); // util.inspect's keyStrRegExp
  return `{ ${entries.map(([name, item]) => `${key(name)}: ${inspect(item, depth + 1)}`).join(', ')} }`;
}

/** Mongoose's `stringValue`: the inspected value in double quotes. */
function stringValueOf(value: unknown): string {
  const text = inspect(value).replace(/^'|'$/g, '"');
  return text.startsWith('"') ? text : `"${text}"`;
}

/** Mongoose's `valueType`: `typeof`, or the constructor's name for objects. */
function valueTypeOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return typeof value;
  return Array.isArray(value) ? 'Array' : 'Object';
}

/** The `kind` Mongoose names a cast failure with (the schema type's name). */
function kindOf(kind: string): string {
  return kind === 'boolean' ? 'Boolean' : kind;
}

/** The assertion a Number or Date cast fails on (`assert.ok(…)`), as its JSON. */
const ASSERTION = { generatedMessage: true, code: 'ERR_ASSERTION', actual: false, expected: true, operator: '==', diff: 'simple' };

/** A cast failure as JSON. */
export function castErrorJson(error: CastError): Record<string, unknown> {
  const kind = kindOf(error.kind);
  const stringValue = stringValueOf(error.value);
  const valueType = valueTypeOf(error.value);
  let reason: unknown = null;
  if (kind === 'Number' || kind === 'date') reason = ASSERTION;
  else if (kind === 'ObjectId') reason = {};
  else if (kind === 'Embedded') reason = { path: error.path };
  else if (kind === 'Boolean')
    reason = { stringValue, valueType, kind: 'boolean', value: error.value, name: 'CastError', message: `Cast to boolean failed for value ${stringValue} (type ${valueType}) at path "undefined"` };
  return {
    stringValue,
    valueType,
    kind,
    value: error.value,
    path: error.path,
    reason,
    name: 'CastError',
    message: `Cast to ${kind} failed for value ${stringValue} (type ${valueType}) at path "${error.path}"`,
  };
}

/** A missing required value as JSON (`path` is the field's own name, also in a sub-document). */
function requiredJson(error: RequiredError, value: unknown): Record<string, unknown> {
  const path = error.path.split('.').pop()!;
  const message = `Path \`${path}\` is required.`;
  const withValue = value === undefined ? {} : { value };
  return { name: 'ValidatorError', message, properties: { message, type: 'required', path, ...withValue }, kind: 'required', path, ...withValue };
}

/**
 * The JSON of an error a save or update of model `modelName` fails with.
 * @param values the values the document was given (to echo a required field's `null`).
 */
export function mongooseErrorJson(error: unknown, modelName: string, values: Record<string, unknown> = {}): Record<string, unknown> {
  if (error instanceof ValidationError) {
    const errors: Record<string, unknown> = {};
    const messages: string[] = [];
    for (const [path, item] of Object.entries(error.errors)) {
      const json = item instanceof CastError ? castErrorJson(item) : requiredJson(item, values[path]);
      errors[path] = json;
      messages.push(`${path}: ${String(json.message)}`);
    }
    return { errors, _message: `${modelName} validation failed`, name: 'ValidationError', message: `${modelName} validation failed: ${messages.join(', ')}` };
  }
  if (error instanceof CastError) return castErrorJson(error);
  if (error instanceof DuplicateKeyError) return { driver: true, name: 'MongoError', index: 0, code: 11000, keyPattern: {}, keyValue: {} };
  if (error instanceof MongoError) return { ok: 0, errmsg: error.message, code: error.code, codeName: error.codeName, name: 'MongoError' };
  return {};
}
