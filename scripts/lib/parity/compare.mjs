// Compares two runs of the parity scenario call by call: the status, and the body's shape (the JSON
// types and keys, recursively, with array items merged; values do not count, except the texts of
// error messages and plain-text bodies, which clients show to users).

/**
 * What is compared of one answer.
 * @typedef {{ status: number, body: string }} Answer
 */
/**
 * A call whose answers differ.
 * @typedef {{ id: string, op: string, method: string, url: string, real: Answer, mock: Answer, realBody: unknown, mockBody: unknown }} Difference
 */

/**
 * The shape of a JSON value as a canonical string.
 * @param {unknown} value
 * @returns {string}
 */
export function shapeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const items = [...new Set(value.map(shapeOf))].sort();
    return `[${items.join('|')}]`;
  }
  if (typeof value === 'object') {
    // An object keyed by ids (`attributes.abandoned_by_project_users`: teammate id → time): the ids
    // differ between deployments, so a key that is an ObjectId counts as `<id>`.
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${/^[0-9a-f]{24}$/i.test(key) ? '<id>' : key}:${shapeOf(/** @type {Record<string, unknown>} */ (value)[key])}`)
      .join(',')}}`;
  }
  return typeof value;
}

/**
 * Error texts clients show: `msg`, `error`, `err`, `message` of an error body when they are strings (ids, which differ between deployments, as `<id>`).
 * @param {any} body the parsed JSON body
 * @returns {string[]}
 */
function messagesOf(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return ['msg', 'error', 'err', 'message'].filter((key) => typeof body[key] === 'string').map((key) => `${key}=${body[key].replace(/\b[0-9a-f]{24}\b/gi, '<id>')}`);
}

/**
 * What is compared of one answer.
 * @param {{ status: number, contentType: string | null, body: unknown }} record
 * @returns {Answer}
 */
export function describeAnswer(record) {
  if (record.status === 0) return { status: 0, body: 'no answer' };
  const type = (record.contentType ?? '').split(';')[0]?.trim() ?? '';
  if (typeof record.body === 'string') {
    if (record.body === '') return { status: record.status, body: 'empty' };
    if (type === 'text/html') return { status: record.status, body: 'html' };
    return { status: record.status, body: `text:${record.body.slice(0, 80)}` };
  }
  const messages = record.status >= 400 ? messagesOf(record.body) : [];
  return { status: record.status, body: `json:${shapeOf(record.body)}${messages.length ? ` ${messages.join(' ')}` : ''}` };
}

/**
 * An answer's body without what the real server decides by a race, on both sides alike. A message
 * posted to an existing conversation (`createMessage`): the server stores it as the conversation's
 * `attributes.last_message` with an update it does not wait for, and reads the conversation it
 * answers with at the same time (routes/message.js:271, 2.19.16), so the answer's
 * `request.attributes.last_message` is there or not by which query the database runs first (an
 * `attributes` left empty by that alone goes too). The mock always stores it first.
 * @param {{ op: string, body: unknown }} record
 * @returns {unknown}
 */
function withoutRaces(record) {
  const { body } = record;
  if (record.op !== 'createMessage' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const request = /** @type {Record<string, unknown>} */ (body).request;
  if (!request || typeof request !== 'object' || Array.isArray(request)) return body;
  const attributes = /** @type {Record<string, unknown>} */ (request).attributes;
  if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes) || !('last_message' in attributes)) return body;
  const { last_message: _raced, ...rest } = /** @type {Record<string, unknown>} */ (attributes);
  const { attributes: _attributes, ...others } = /** @type {Record<string, unknown>} */ (request);
  return { ...body, request: Object.keys(rest).length ? { ...others, attributes: rest } : others };
}

/**
 * Compares the two runs.
 * @param {import('./run.mjs').CallRecord[]} reference the real server's records.
 * @param {import('./run.mjs').CallRecord[]} candidate the mock's records (same steps, same order).
 * @returns {{ total: number, sameStatus: number, same: number, differences: Difference[] }}
 */
export function compareRuns(reference, candidate) {
  const byId = new Map(candidate.map((record) => [record.id, record]));
  const differences = [];
  let sameStatus = 0;
  let same = 0;
  for (const expected of reference) {
    const actual = byId.get(expected.id);
    const a = describeAnswer({ ...expected, body: withoutRaces(expected) });
    const b = actual ? describeAnswer({ ...actual, body: withoutRaces(actual) }) : { status: -1, body: 'not run' };
    const statusMatches = a.status === b.status;
    if (statusMatches) sameStatus++;
    if (statusMatches && a.body === b.body) same++;
    else differences.push({ id: expected.id, op: expected.op, method: expected.method, url: expected.url, real: a, mock: b, realBody: expected.body, mockBody: actual?.body });
  }
  return { total: reference.length, sameStatus, same, differences };
}
