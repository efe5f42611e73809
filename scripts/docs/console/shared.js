// Decoding console/operations.json, which scripts/docs/console.mjs writes with `encodeShared`:
// each `{ "$console-shared": i }` stands for the subtree `shared[i]`.

/** The key of a reference to a shared subtree (scripts/docs/console.mjs `SHARED`). */
export const SHARED = '$console-shared';

/**
 * Rebuilds the value `encodeShared` encoded: every reference becomes the one object it stands for
 * (shared, not copied; built once, on first use).
 * @param {{ shared: unknown[], root: unknown }} encoded console/operations.json, parsed.
 * @returns {unknown} the value.
 * @throws {TypeError} when `encoded` is not `{ shared: [...], root }`, or names a subtree it does not have.
 */
export function decodeShared(encoded) {
  if (!encoded || !Array.isArray(encoded.shared) || !('root' in encoded)) throw new TypeError('not an encoded value: expected { shared: [...], root } (console/operations.json)');
  const built = new Array(encoded.shared.length);
  const decode = (node) => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(decode);
    if (Object.hasOwn(node, SHARED)) {
      const id = node[SHARED];
      if (!Number.isInteger(id) || id < 0 || id >= encoded.shared.length) throw new TypeError(`console/operations.json names shared subtree ${id}, which it does not have`);
      return (built[id] ??= decode(encoded.shared[id]));
    }
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, decode(child)]));
  };
  return decode(encoded.root);
}
