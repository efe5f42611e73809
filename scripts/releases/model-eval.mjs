// Evaluates the server's Mongoose model files (models/*.js of one release) in a node:vm context with a
// recording stand-in for `mongoose`, and turns every `new Schema(definition, options)` into a flat
// list of fields (dotted paths) with their type, default, required, enum and whether they are
// indexed. No code of the server runs outside the vm context; a model file's own `require` of
// another file under models/ evaluates that file the same way, anything else (winston, config,
// lodash, ...) is an "absorbent" stand-in that accepts any property access, call or `new`.
// A value that comes from such a stand-in is recorded as "<unresolved>".
import vm from 'node:vm';
import { posix } from 'node:path';

const UNRESOLVED = '<unresolved>';
const ABSORBENT = Symbol('absorbent');

/** A value that accepts anything (property access, calls, `new`) and stays itself. */
function absorbent() {
  const target = function absorbentValue() {};
  const proxy = new Proxy(target, {
    get(_t, key) {
      if (key === ABSORBENT) return true;
      if (key === Symbol.toPrimitive) return () => UNRESOLVED;
      if (key === 'toString' || key === 'valueOf') return () => UNRESOLVED;
      if (key === 'then') return undefined; // never a thenable
      if (key === Symbol.iterator) return function* empty() {};
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy,
    has: () => false,
    set: () => true,
  });
  return proxy;
}
const isAbsorbent = (value) => (typeof value === 'function' || typeof value === 'object') && value !== null && value[ABSORBENT] === true;

/** The stand-in for `mongoose`: records schemas and models. */
function mongooseStub(record) {
  const chain = () => {
    const c = { get: () => c, set: () => c, type: () => c };
    return c;
  };
  class Schema {
    constructor(definition = {}, options = {}) {
      this.definition = definition;
      this.options = options ?? {};
      this.added = [];
      this.virtuals = [];
      this.statics = {};
      this.methods = {};
      this.obj = definition;
      record.schemas.push(this);
    }
    add(definition, prefix) {
      this.added.push({ definition, prefix: prefix ?? '' });
      return this;
    }
    virtual(name) {
      this.virtuals.push(name);
      return chain();
    }
    index() {
      return this;
    }
    pre() {
      return this;
    }
    post() {
      return this;
    }
    plugin() {
      return this;
    }
    set() {
      return this;
    }
    get() {
      return undefined;
    }
    method() {
      return this;
    }
    static() {
      return this;
    }
    path() {
      return undefined;
    }
    loadClass() {
      return this;
    }
  }
  /** @param {string} name */
  const typeNamed = (name) => {
    /** @type {any} a function named `name`, with its `schemaName` */
    const f = { [name]: function () {} }[name];
    f.schemaName = name;
    return f;
  };
  Schema.Types = {
    ObjectId: typeNamed('ObjectId'),
    Mixed: typeNamed('Mixed'),
    String: typeNamed('String'),
    Number: typeNamed('Number'),
    Boolean: typeNamed('Boolean'),
    Date: typeNamed('Date'),
    Buffer: typeNamed('Buffer'),
    Array: typeNamed('Array'),
    Map: typeNamed('Map'),
    Decimal128: typeNamed('Decimal128'),
    Subdocument: typeNamed('Subdocument'),
  };
  Schema.ObjectId = Schema.Types.ObjectId;
  const mongoose = {
    Schema,
    Types: {
      ObjectId: Object.assign(
        function ObjectId() {
          return UNRESOLVED;
        },
        { isValid: () => true },
      ),
    },
    model(name, schema) {
      if (schema instanceof schemaLike) record.models.push({ name, schema });
      // a model: its schema is readable (`type: Channel.schema` embeds another model's schema); anything else absorbs
      const rest = absorbent();
      return new Proxy(function Model() {}, {
        get: (_t, key) => (key === 'schema' ? schema : key === 'modelName' ? name : rest[key]),
        apply: () => rest,
        construct: () => rest,
      });
    },
    models: {},
    createConnection() {
      return {
        model: (name, schema) => mongoose.model(name, schema),
        on() {},
        once() {},
        useDb() {
          return this;
        },
      };
    },
    set() {},
    connection: absorbent(),
    plugin() {},
  };
  mongoose.mongoose = mongoose;
  mongoose.default = mongoose;
  return { mongoose, Schema };
}

const TYPE_NAMES = new Set(['String', 'Number', 'Boolean', 'Date', 'Object', 'Array', 'Buffer', 'Map', 'ObjectId', 'Mixed', 'Decimal128', 'BigInt']);

/** A type expression of a schema (constructor, [x], Schema, string name) as a string. */
function typeName(value, Schema) {
  if (value === undefined) return undefined;
  if (isAbsorbent(value)) return UNRESOLVED;
  if (value instanceof Schema) return 'Subdocument';
  if (Array.isArray(value)) return value.length === 0 ? 'Array' : `Array<${typeName(value[0], Schema) ?? 'Mixed'}>`;
  if (typeof value === 'function') return value.schemaName ?? (TYPE_NAMES.has(value.name) ? value.name : value.name || 'Function');
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && Object.keys(value).length === 0) return 'Mixed';
  if (value && typeof value === 'object') return 'Nested';
  return String(value);
}

/** A default value as JSON-safe data. */
function defaultValue(value) {
  if (isAbsorbent(value)) return UNRESOLVED;
  if (typeof value === 'function') return `<function ${value.name || 'anonymous'}>`;
  if (value === undefined) return undefined;
  if (Object.prototype.toString.call(value) === '[object Date]') return '<Date at model load>';
  try {
    return JSON.parse(JSON.stringify(value));
  } catch {
    return UNRESOLVED;
  }
}

/** Whether an object is a field's options (has a `type` that is a type, not a nested field named "type"). */
function isFieldOptions(value, Schema) {
  if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof Schema || isAbsorbent(value)) return false;
  if (!Object.hasOwn(value, 'type')) return false;
  const t = value.type;
  return typeof t === 'function' || Array.isArray(t) || t instanceof Schema || typeof t === 'string' || isAbsorbent(t) || (t && typeof t === 'object' && Object.keys(t).length === 0);
}

/** Flattens a schema definition into `fields` (path → description). */
function flatten(definition, prefix, fields, Schema, depth = 0) {
  if (depth > 6 || !definition || typeof definition !== 'object') return;
  for (const [key, value] of Object.entries(definition)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isFieldOptions(value, Schema)) {
      const field = { type: typeName(value.type, Schema) };
      if (value.default !== undefined || Object.hasOwn(value, 'default')) field.default = defaultValue(value.default) ?? null;
      if (value.required !== undefined) field.required = typeof value.required === 'function' ? '<function>' : isAbsorbent(value.required) ? UNRESOLVED : value.required;
      if (Array.isArray(value.enum)) field.enum = value.enum.map(defaultValue);
      else if (value.enum && typeof value.enum === 'object' && !isAbsorbent(value.enum)) field.enum = Object.values(value.enum).map(defaultValue);
      if (value.index || value.unique) field.index = value.unique ? 'unique' : true;
      if (value.select === false) field.select = false;
      fields[path] = field;
      if (value.type instanceof Schema) flattenSchema(value.type, path, fields, Schema, depth + 1);
      else if (Array.isArray(value.type) && value.type[0] instanceof Schema) flattenSchema(value.type[0], `${path}[]`, fields, Schema, depth + 1);
      else if (Array.isArray(value.type) && value.type[0] && typeof value.type[0] === 'object' && !isFieldOptions(value.type[0], Schema) && !isAbsorbent(value.type[0]))
        flatten(value.type[0], `${path}[]`, fields, Schema, depth + 1);
    } else if (value instanceof Schema) {
      fields[path] = { type: 'Subdocument' };
      flattenSchema(value, path, fields, Schema, depth + 1);
    } else if (Array.isArray(value)) {
      fields[path] = { type: typeName(value, Schema) };
      const [item] = value;
      if (item instanceof Schema) flattenSchema(item, `${path}[]`, fields, Schema, depth + 1);
      else if (isFieldOptions(item, Schema)) {
        fields[path] = { type: `Array<${typeName(item.type, Schema)}>` };
        if (item.type instanceof Schema) flattenSchema(item.type, `${path}[]`, fields, Schema, depth + 1);
      } else if (item && typeof item === 'object' && !isAbsorbent(item) && Object.keys(item).length) flatten(item, `${path}[]`, fields, Schema, depth + 1);
    } else if (value && typeof value === 'object' && !isAbsorbent(value) && Object.keys(value).length) {
      fields[path] = { type: 'Nested' };
      flatten(value, path, fields, Schema, depth + 1);
    } else {
      fields[path] = { type: typeName(value, Schema) ?? 'Mixed' };
    }
  }
}

function flattenSchema(schema, prefix, fields, Schema, depth = 0) {
  flatten(schema.definition, prefix, fields, Schema, depth);
  for (const { definition, prefix: p } of schema.added) flatten(definition, [prefix, p.replace(/\.$/, '')].filter(Boolean).join('.'), fields, Schema, depth);
  for (const name of schema.virtuals) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (!fields[path]) fields[path] = { type: 'virtual' };
  }
  const ts = schema.options?.timestamps;
  if (ts) {
    const created = typeof ts === 'object' && typeof ts.createdAt === 'string' ? ts.createdAt : 'createdAt';
    const updated = typeof ts === 'object' && typeof ts.updatedAt === 'string' ? ts.updatedAt : 'updatedAt';
    if (!(typeof ts === 'object' && ts.createdAt === false)) fields[prefix ? `${prefix}.${created}` : created] = { type: 'Date', timestamps: true };
    if (!(typeof ts === 'object' && ts.updatedAt === false)) fields[prefix ? `${prefix}.${updated}` : updated] = { type: 'Date', timestamps: true };
  }
}

/**
 * What the models say of one field (a path of the flattened schema).
 * @typedef {object} FieldDescription
 * @property {string} type
 * @property {unknown} [default]
 * @property {unknown} [required]
 * @property {unknown[]} [enum]
 * @property {true | 'unique'} [index]
 * @property {false} [select]
 * @property {true} [timestamps]
 */
/**
 * What one model file describes: its models (by name; `schema:<file>` for a file that exports a
 * schema without a model, `embedded`) and the error that stopped its evaluation, if any.
 * @typedef {{ models: Record<string, { fields: Record<string, FieldDescription>, embedded?: true }>, error?: string }} ModelFile
 */
/**
 * Evaluates the model files of one release. `readFile(path)` returns a file's text in that release
 * (or undefined); `files` are the model files to describe (e.g. "models/lead.js"). Returns
 * `{ [file]: { models: { [modelName]: { fields } }, error? } }` (a file absent from the release is left out).
 * @param {string[]} files
 * @param {(path: string) => string | undefined} readFile
 * @returns {Record<string, ModelFile>}
 */
export function evaluateModels(files, readFile) {
  const cache = new Map(); // file → { exports, record, error }
  const evaluate = (file) => {
    if (cache.has(file)) return cache.get(file);
    /** @type {{ exports: any, record: { schemas: any[], models: any[] }, error: string | undefined }} */
    const entry = { exports: undefined, record: { schemas: [], models: [] }, error: undefined };
    cache.set(file, entry);
    const source = readFile(file);
    if (source === undefined) {
      entry.error = 'file absent';
      return entry;
    }
    const { mongoose } = mongooseStub(entry.record);
    const module = { exports: {} };
    const requireIn = (request) => {
      if (request === 'mongoose') return mongoose;
      if (request.startsWith('.')) {
        let target = posix.normalize(posix.join(posix.dirname(file), request));
        if (!target.endsWith('.js') && !target.endsWith('.json')) target += '.js';
        if (target.startsWith('models/') && !target.endsWith('.json')) {
          const dep = evaluate(target);
          if (dep.error && dep.exports === undefined) return absorbent();
          return dep.exports;
        }
      }
      return absorbent();
    };
    const context = vm.createContext({
      require: requireIn,
      module,
      exports: module.exports,
      // the environment of a deployment as far as models read it at load: a database URI (models/
      // analyticResult.js of 2.13.52..2.14.9 reads an undeclared `config` without one); every other
      // variable unset, so defaults are the models' own
      process: { env: { DATABASE_URI: 'mongodb://stand-in/tiledesk' }, argv: [], nextTick() {}, on() {}, version: 'v16.0.0' },
      console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
      setTimeout() {},
      setInterval() {},
      clearTimeout() {},
      clearInterval() {},
      Buffer: absorbent(),
      __dirname: posix.dirname(file),
      __filename: file,
    });
    try {
      vm.runInContext(`(function (require, module, exports) {\n${source}\n})(require, module, exports)`, context, { filename: file, timeout: 2000 });
      entry.exports = module.exports;
    } catch (error) {
      entry.error = `${error?.name ?? 'Error'}: ${error?.message ?? error}`.split('\n')[0];
      entry.exports = module.exports;
    }
    return entry;
  };
  /** @type {Record<string, ModelFile>} */
  const out = {};
  for (const file of files) {
    const entry = evaluate(file);
    if (entry.error === 'file absent') continue;
    /** @type {ModelFile} */
    const result = { models: {} };
    // the Schema class of this file's own stand-in: instanceof checks must use it, but schemas
    // from required files come from their own stand-ins, so compare by duck type instead.
    for (const { name, schema } of entry.record.models) {
      /** @type {Record<string, FieldDescription>} */
      const fields = {};
      flattenSchema(schema, '', fields, schemaLike);
      result.models[name] = { fields };
    }
    // a file that exports a schema without a model (models/tag.js: an embedded schema)
    if (!entry.record.models.length && entry.exports instanceof schemaLike) {
      /** @type {Record<string, FieldDescription>} */
      const fields = {};
      flattenSchema(entry.exports, '', fields, schemaLike);
      result.models[`schema:${file}`] = { fields, embedded: true };
    }
    if (entry.error) result.error = entry.error;
    if (!Object.keys(result.models).length && !entry.error) result.error = 'no mongoose.model() call and no exported schema';
    out[file] = result;
  }
  return out;
}

/** `instanceof` stand-in that recognises schemas of every file's mongoose stand-in. */
const schemaLike = {
  [Symbol.hasInstance](value) {
    return !!value && typeof value === 'object' && !isAbsorbent(value) && Array.isArray(value.added) && Array.isArray(value.virtuals) && 'definition' in value;
  },
};
