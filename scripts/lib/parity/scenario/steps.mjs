// What every group of the parity scenario's steps (../scenario.mjs) shares: the ids that name
// nothing, and the step builder.

/** A well-formed ObjectId that names nothing. */
export const UNKNOWN_ID = '000000000000000000000000';
/** Not an ObjectId (nor 12 characters, which the server's ObjectId.isValid would also accept). */
export const MALFORMED_ID = 'not-an-object-id';

/**
 * A step of the owner (unless `options.as` says whose credentials).
 * @param {string} id
 * @param {string} op
 * @param {Record<string, unknown>} [options]
 */
export const s = (id, op, options = {}) => ({ id, op, as: 'owner', ...options });
/** The first item of a list answer, or the answer itself. */
export const first = (body) => (Array.isArray(body) ? body[0] : body);
