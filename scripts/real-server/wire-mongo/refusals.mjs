// @ts-nocheck -- BASELINE: 21 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// What MongoDB 4.4 refuses in the commands the wire server answers, with MongoDB's own error
// message, code and codeName, so that the harness never answers a command production refuses
// (README: "Refusals"). Read from the 4.4 sources: query_request.cpp (find: parseFromFindCommand and
// validate), sort_pattern.cpp (sort of find and findAndModify, the $sort stage), field_path.cpp,
// count_request.cpp with count_command.idl (count), document_source_skip/limit/sort.cpp (stages),
// bsonelement.cpp (parseIntegerElementToLong, toString) and bsontypes.cpp (typeName).
import { MongoError } from './store.mjs';
import { isPlainObject } from './values.mjs';

const BAD_VALUE = [2, 'BadValue'];
const FAILED_TO_PARSE = [9, 'FailedToParse'];
const TYPE_MISMATCH = [14, 'TypeMismatch'];
const LONG_MAX = 2 ** 63; // as a double: 2^63 - 1 rounds up to it
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** A refusal: a MongoError marked so that the wire server logs it (commands.mjs). */
function refusalError(message, code, codeName) {
  return Object.assign(new MongoError(message, code, codeName), { refusal: true });
}

/** A failure answered with a numbered assertion's code, as MongoDB names it ("Location15974"). */
function location(code, message) {
  return refusalError(message, code, `Location${code}`);
}

function refuse([code, codeName], message) {
  return refusalError(message, code, codeName);
}

// --- BSON values as MongoDB prints them (BSONElement::toString, BSONObj::toString) ---------------

function bsonType(value) {
  return value && typeof value === 'object' ? value._bsontype : undefined;
}

/** BSON numbers (the wire server promotes int32, int64 and double to JS numbers; Decimal128 stays). */
function isNumber(value) {
  return typeof value === 'number' || ['Long', 'Decimal128', 'Int32', 'Double'].includes(bsonType(value));
}

function toDouble(value) {
  return typeof value === 'number' ? value : Number(value.toString());
}

/** MongoDB's typeName() of a BSON value (what the JS value was decoded from). */
export function typeName(value) {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX ? 'int' : 'double';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return 'regex';
  const names = {
    ObjectId: 'objectId',
    ObjectID: 'objectId',
    Long: 'long',
    Decimal128: 'decimal',
    Int32: 'int',
    Double: 'double',
    Binary: 'binData',
    Timestamp: 'timestamp',
    MinKey: 'minKey',
    MaxKey: 'maxKey',
    Code: 'javascript',
    BSONSymbol: 'symbol',
    BSONRegExp: 'regex',
    DBRef: 'object',
  };
  return names[bsonType(value)] ?? 'object';
}

/** C's printf("%.16g") of a finite double. */
function percentG16(x) {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const exponent = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(16)))));
  if (exponent < -4 || exponent >= 16) {
    const [mantissa, exp] = x.toExponential(15).split('e');
    const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
    const sign = exp.startsWith('-') ? '-' : '+';
    return `${trimmed}e${sign}${exp.replace(/^[-+]/, '').padStart(2, '0')}`;
  }
  const fixed = x.toFixed(Math.max(0, 15 - exponent));
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** StringBuilder::appendDoubleNice: "%.16g", plus ".0" when that has no '.', 'E' or 'N' ("nan.0", "1e+20.0"). */
function doubleNice(x) {
  let text;
  if (Number.isNaN(x)) text = 'nan';
  else if (!Number.isFinite(x)) text = x > 0 ? 'inf' : '-inf';
  else text = percentG16(x);
  return /[.EN]/.test(text) ? text : `${text}.0`;
}

function hex(buffer) {
  return Buffer.from(buffer).toString('hex');
}

/** A BSON value as BSONElement::toString prints it (without the field name); `full`: no truncation. */
export function formatValue(value, full = false) {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return typeName(value) === 'int' ? String(value) : doubleNice(value);
  if (typeof value === 'string') {
    const bytes = Buffer.byteLength(value) + 1;
    return !full && bytes > 160 ? `"${Buffer.from(value).subarray(0, 150).toString()}..."` : `"${value}"`;
  }
  if (Array.isArray(value)) return value.length ? `[ ${value.map((item) => formatValue(item, full)).join(', ')} ]` : '[]';
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  switch (bsonType(value)) {
    case 'ObjectId':
    case 'ObjectID':
      return `ObjectId('${value.toHexString()}')`;
    case 'Long':
    case 'Int32':
      return value.toString();
    case 'Double':
      return doubleNice(value.valueOf());
    case 'Decimal128':
      return value.toString();
    case 'Timestamp':
      return `Timestamp(${value.high}, ${value.low})`;
    case 'MinKey':
      return 'MinKey';
    case 'MaxKey':
      return 'MaxKey';
    case 'Binary': {
      const bytes = value.buffer.subarray(0, value.position ?? value.buffer.length);
      if (value.sub_type === 4 && bytes.length === 16) {
        const h = hex(bytes);
        return `UUID("${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}")`;
      }
      return !full && bytes.length > 80 ? `BinData(${value.sub_type}, ${hex(bytes.subarray(0, 70)).toUpperCase()}...)` : `BinData(${value.sub_type}, ${hex(bytes).toUpperCase()})`;
    }
    default:
      break;
  }
  return formatDocument(value, full);
}

/** A document as BSONObj::toString prints it: `{ a: 1, b: "x" }`, `{}`. */
export function formatDocument(doc, full = false) {
  const entries = Object.entries(doc);
  return entries.length ? `{ ${entries.map(([key, value]) => `${key}: ${formatValue(value, full)}`).join(', ')} }` : '{}';
}

/** BSONElement::toString(includeFieldName, full). */
function formatElement(name, value, full = false) {
  return `${name}: ${formatValue(value, full)}`;
}

// --- numbers -----------------------------------------------------------------------------------

/** A 64-bit integer held in a double, printed as C++ prints the long long (LLONG_MIN exactly). */
function longString(n) {
  if (n <= -LONG_MAX) return '-9223372036854775808';
  if (n >= LONG_MAX) return '9223372036854775807';
  return BigInt(n).toString();
}

/** BSONElement::numberLong() of a number: doubles truncated (NaN and out of range give LLONG_MIN, as on x86-64). */
function numberLong(value) {
  const x = toDouble(value);
  if (Number.isNaN(x) || x >= LONG_MAX || x < -LONG_MAX) return -LONG_MAX;
  return Math.trunc(x);
}

/** BSONElement::safeNumberLong(): doubles truncated, NaN gives 0, out of range saturates. */
function safeNumberLong(value) {
  const x = toDouble(value);
  if (Number.isNaN(x)) return 0;
  if (x >= LONG_MAX) return LONG_MAX;
  if (x < -LONG_MAX) return -LONG_MAX;
  return Math.trunc(x);
}

/** BSONElement::parseIntegerElementToLong() (count's skip and limit): an integer or a FailedToParse. */
function parseIntegerElementToLong(name, value) {
  const shown = formatElement(name, value, true);
  if (!isNumber(value)) throw refuse(FAILED_TO_PARSE, `Expected a number in: ${shown}`);
  const x = toDouble(value);
  if (Number.isNaN(x)) throw refuse(FAILED_TO_PARSE, `Expected an integer, but found NaN in: ${shown}`);
  if (x >= LONG_MAX || x < -LONG_MAX) throw refuse(FAILED_TO_PARSE, `Cannot represent as a 64-bit integer: ${shown}`);
  if (!Number.isInteger(x)) throw refuse(FAILED_TO_PARSE, `Expected an integer: ${shown}`);
  return x;
}

// --- sort patterns (find, findAndModify, $sort) --------------------------------------------------

const DOLLAR_FIELDS_ALLOWED = new Set(['$id', '$ref', '$db']); // DBRef parts

/** FieldPath's constructor checks (field_path.cpp). */
function checkFieldPath(path) {
  if (path === '') throw location(40352, 'FieldPath cannot be constructed with empty string');
  if (path.endsWith('.')) throw location(40353, "FieldPath must not end with a '.'.");
  for (const part of path.split('.')) {
    if (part === '') throw location(15998, 'FieldPath field names may not be empty strings.');
    if (part.startsWith('$') && !DOLLAR_FIELDS_ALLOWED.has(part)) throw location(16410, "FieldPath field names may not start with '$'.");
  }
}

function checkMetaSort(metaDoc) {
  const [first] = Object.keys(metaDoc);
  if (first !== '$meta') throw location(17312, '$meta is the only expression supported by $sort right now');
  if (Object.keys(metaDoc).length !== 1) throw refuse(FAILED_TO_PARSE, 'Cannot have additional keys in a $meta sort specification');
  const meta = metaDoc.$meta;
  if (meta === 'textScore' || meta === 'randVal') return;
  if (meta === 'searchScore') throw location(31218, "$meta sort by 'searchScore' metadata is not supported");
  if (meta === 'searchHighlights') throw location(31219, "$meta sort by 'searchHighlights' metadata is not supported");
  throw location(31138, `Illegal $meta sort: ${formatElement('$meta', meta)}`);
}

/**
 * SortPattern's checks of a sort specification: each value 1 or -1 (any number that truncates to
 * one of them) or a `{ $meta: ... }` document, each key a valid field path.
 */
export function checkSortPattern(sort) {
  for (const [key, value] of Object.entries(sort)) {
    if (isPlainObject(value)) {
      checkMetaSort(value);
      continue;
    }
    if (!isNumber(value)) throw location(15974, `Illegal key in $sort specification: ${formatElement(key, value)}`);
    const direction = safeNumberLong(value);
    if (direction !== 1 && direction !== -1) throw location(15975, '$sort key ordering must be 1 (for ascending) or -1 (for descending)');
    checkFieldPath(key);
  }
}

/** A find (or findAndModify) sort: `{ $natural: ... }` is a hint, not checked as a pattern. */
function checkQuerySort(sort) {
  if (isPlainObject(sort) && Object.keys(sort).length && !('$natural' in sort)) checkSortPattern(sort);
}

// --- commands ----------------------------------------------------------------------------------

function checkFieldType(name, value, type) {
  if (typeName(value) !== type) {
    throw refuse(FAILED_TO_PARSE, `Failed to parse: ${formatElement(name, value)}. '${name}' field must be of BSON type ${type}.`);
  }
}

/**
 * The find command (QueryRequest::parseFromFindCommand, then validate(), then the sort pattern).
 * `raw` is the command document as received (generic fields included: MongoDB prints it whole).
 * The mongodb 3.7 driver sends `skip` and `limit` only when truthy and turns a negative limit into
 * `limit: abs, singleBatch: true`, so a negative or non-numeric `skip` is what reaches MongoDB.
 */
export function checkFind(body, raw = body) {
  const numbers = {};
  for (const [name, value] of Object.entries(body)) {
    if (['filter', 'projection', 'sort'].includes(name)) checkFieldType(name, value, 'object');
    if (['skip', 'limit', 'batchSize', 'ntoreturn'].includes(name)) {
      if (!isNumber(value)) throw refuse(FAILED_TO_PARSE, `Failed to parse: ${formatDocument(raw)}. '${name}' field must be numeric.`);
      numbers[name] = numberLong(value);
    }
  }
  const { skip, limit, batchSize, ntoreturn } = numbers;
  if ((limit || batchSize !== undefined) && ntoreturn !== undefined) throw refuse(BAD_VALUE, "'limit' or 'batchSize' fields can not be set with 'ntoreturn' field.");
  if (skip < 0) throw refuse(BAD_VALUE, `Skip value must be non-negative, but received: ${longString(skip)}`);
  if (limit < 0) throw refuse(BAD_VALUE, `Limit value must be non-negative, but received: ${longString(limit)}`);
  if (batchSize < 0) throw refuse(BAD_VALUE, `BatchSize value must be non-negative, but received: ${longString(batchSize)}`);
  if (ntoreturn < 0) throw refuse(BAD_VALUE, `NToReturn value must be non-negative, but received: ${longString(ntoreturn)}`);
  checkQuerySort(body.sort);
  if (isPlainObject(body.filter)) checkFilter(body.filter);
  return { skip: skip || 0, limit: limit || 0 };
}

/** findAndModify: its sort is a query sort, its query a filter. */
export function checkFindAndModify(body) {
  if (body.sort !== undefined) checkFieldType('sort', body.sort, 'object');
  checkQuerySort(body.sort);
  if (isPlainObject(body.query)) checkFilter(body.query);
}

/**
 * What MongoDB's match expression parser (expression_parser.cpp) refuses in a filter, among what
 * the server's routes can send from user input: an operator object inside `$in`/`$nin`
 * ("cannot nest $ under $in"), a `$regex` that is no string or regular expression.
 */
export function checkFilter(filter) {
  if (Array.isArray(filter)) {
    for (const item of filter) checkFilter(item);
    return;
  }
  if (!isPlainObject(filter)) return;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$in' || key === '$nin') {
      if (Array.isArray(value) && value.some((item) => isPlainObject(item) && Object.keys(item).some((k) => k.startsWith('$')))) {
        throw refuse(BAD_VALUE, `cannot nest $ under ${key}`);
      }
      continue;
    }
    if (key === '$regex' && typeof value !== 'string' && !(value instanceof RegExp) && bsonType(value) !== 'BSONRegExp') {
      throw refuse(BAD_VALUE, '$regex has to be a string');
    }
    if (isPlainObject(value) || Array.isArray(value)) checkFilter(value);
  }
}

/** The count command (count_command.idl; count_request.cpp's countParseSkip / countParseLimit). */
export function checkCount(body) {
  const out = { skip: 0, limit: 0 };
  for (const [name, value] of Object.entries(body)) {
    if (name === 'query' && typeName(value) !== 'object') {
      throw refuse(TYPE_MISMATCH, `BSON field 'count.query' is the wrong type '${typeName(value)}', expected type 'object'`);
    }
    if (name === 'query') checkFilter(value);
    if (name === 'limit') {
      if (!isNumber(value)) throw refuse(BAD_VALUE, 'limit value is not a valid number');
      const limit = parseIntegerElementToLong(name, value);
      if (limit === -LONG_MAX) throw refuse(BAD_VALUE, 'limit value for count cannot be min long');
      out.limit = Math.abs(limit); // for counts, limit and -limit mean the same thing
    }
    if (name === 'skip') {
      if (!isNumber(value)) throw refuse(BAD_VALUE, 'skip value is not a valid number');
      const skip = parseIntegerElementToLong(name, value);
      if (skip < 0) throw refuse(FAILED_TO_PARSE, `Expected a non-negative number in: ${formatElement(name, value, true)}`);
      out.skip = skip;
    }
  }
  return out;
}

/**
 * One aggregation stage ($skip, $limit, $sort; the sub-pipelines of $facet and $lookup), as
 * MongoDB runs it: a fractional $skip or $limit truncated (MongoDB reads it with numberLong()).
 */
function checkStage(stage) {
  if (!isPlainObject(stage)) return stage;
  const [name] = Object.keys(stage);
  const spec = stage[name];
  if (name === '$skip') {
    if (!isNumber(spec)) throw location(15972, `Argument to $skip must be a number not a ${typeName(spec)}`);
    if (numberLong(spec) < 0) throw location(15956, 'Argument to $skip cannot be negative');
    return { $skip: numberLong(spec) };
  }
  if (name === '$limit') {
    if (!isNumber(spec)) throw location(15957, 'the limit must be specified as a number');
    if (numberLong(spec) <= 0) throw location(15958, 'the limit must be positive');
    return { $limit: numberLong(spec) };
  }
  if (name === '$match') checkFilter(spec);
  if (name === '$sort') {
    if (typeName(spec) !== 'object') throw location(15973, 'the $sort key specification must be an object');
    checkSortPattern(spec);
    if (!Object.keys(spec).length) throw location(15976, '$sort stage must have at least one sort key');
  } else if (name === '$facet' && isPlainObject(spec)) {
    return { $facet: Object.fromEntries(Object.entries(spec).map(([key, pipeline]) => [key, Array.isArray(pipeline) ? checkPipeline(pipeline) : pipeline])) };
  } else if (name === '$lookup' && isPlainObject(spec) && Array.isArray(spec.pipeline)) {
    return { $lookup: { ...spec, pipeline: checkPipeline(spec.pipeline) } };
  }
  return stage;
}

/** An aggregation pipeline checked stage by stage, as MongoDB parses it before running anything; returns it as MongoDB runs it. */
export function checkPipeline(pipeline) {
  if (!Array.isArray(pipeline)) throw refuse(TYPE_MISMATCH, "'pipeline' option must be specified as an array");
  return pipeline.map(checkStage);
}
