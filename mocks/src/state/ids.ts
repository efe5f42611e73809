/** The identifiers the mock assigns: ObjectIds and UUIDs, sequential (reproducible) or random. */

/** Produces the identifiers the mock assigns. */
export interface IdGenerator {
  /** A new 24-hex-digit ObjectId. */
  objectId(): string;
  /** A new UUID v4 string. */
  uuid(): string;
}

/**
 * Creates an id generator.
 * @param mode `sequential` (default): ObjectIds `6600000000000000000000NN`-style counters and
 *   UUIDs derived from a counter, the same on every run; `random`: random ids (crypto).
 * @returns an {@link IdGenerator}.
 */
export function createIdGenerator(mode: 'sequential' | 'random' = 'sequential'): IdGenerator {
  if (mode === 'random') {
    return {
      objectId: () => {
        const bytes = crypto.getRandomValues(new Uint8Array(12));
        return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      },
      uuid: () => crypto.randomUUID(),
    };
  }
  let objectIds = 0;
  let uuids = 0;
  return {
    // The seed uses 65f1...; generated ids start with 66 so they never collide with it.
    objectId: () => `66${(++objectIds).toString(16).padStart(22, '0')}`,
    uuid: () => {
      const n = (++uuids).toString(16).padStart(12, '0');
      return `00000000-0000-4000-8000-${n}`;
    },
  };
}
