/**
 * The mock's storage cap: every collection of the store is a {@link StoredCollection}, a `Map` that
 * accounts the size of what it holds (the length of each entry's JSON text plus its key, measured
 * when the entry is written and adjusted when it is replaced or deleted), so the store's total is
 * known at any time without serialising the store again. A write that would take the total over
 * the limit (`behaviour.storageLimit`, default 64 MiB), or make one document larger than MongoDB's
 * 16 MiB, is refused: nothing of the request is kept, and the pipeline answers 507 (see
 * {@link StorageLedger.commit}).
 *
 * The routes change some documents in place (`Object.assign(existing, update)`, as Mongoose's
 * `findOneAndUpdate` changes a stored document) instead of writing them again. Each request runs
 * in a transaction ({@link StorageLedger.begin} … {@link StorageLedger.commit}, synchronously around
 * the route): the collections note which documents the route read (`get`, or every document when
 * it iterated), and at the commit each of those whose top-level fields changed is measured again.
 * A request that grew the store over the limit is rolled back: its inserts, replacements and
 * deletes undone, the top-level fields of the documents it changed in place restored. (A change
 * inside a field's value that leaves the field's value the same object is seen only when the
 * document is written again; no route makes one.)
 *
 * Reads (GET) are never refused: their writes (a project's default knowledge base, the indexing
 * progress of contents) are bounded and accounted — at the next write request that reads the
 * collection, for a read that iterated it, so that lists pay for no scan. The seed is accounted and
 * never refused.
 */

/** The default storage limit: 64 MiB of stored JSON. */
export const DEFAULT_STORAGE_LIMIT = 64 * 1024 * 1024;

/** The largest document the store keeps, as MongoDB's limit on a BSON document: 16 MiB (of JSON here). */
export const MAX_DOCUMENT_SIZE = 16 * 1024 * 1024;

/**
 * Validates `behaviour.storageLimit`.
 * @returns the limit in bytes ({@link DEFAULT_STORAGE_LIMIT} when `undefined`).
 * @throws {RangeError} when it is not a positive integer.
 */
export function storageLimitOf(value: unknown): number {
  if (value === undefined) return DEFAULT_STORAGE_LIMIT;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`behaviour.storageLimit must be a positive integer number of bytes, got ${String(value)}`);
  }
  return value;
}

/** Why a write was refused, with the figures the 507 answer gives. */
export interface StorageRefusal {
  /** `limit`: the store's total would exceed the limit; `document`: one document would exceed {@link MAX_DOCUMENT_SIZE}. */
  readonly reason: 'limit' | 'document';
  /** The collection written to. */
  readonly collection: string;
  /** The storage limit, in bytes of JSON. */
  readonly limit: number;
  /** What the store held before the refused request. */
  readonly used: number;
  /** The bytes the refused request would have added. */
  readonly needed: number;
}

/** A write refused by the storage cap (the pipeline answers it 507; nothing of the request is kept). */
export class StorageFullError extends Error {
  constructor(readonly refusal: StorageRefusal) {
    super(
      refusal.reason === 'document'
        ? `The mock refuses to store a ${refusal.collection} document over ${MAX_DOCUMENT_SIZE} bytes of JSON (MongoDB's document limit)`
        : `The mock's storage cap is reached: ${refusal.used} of ${refusal.limit} bytes in use, ${refusal.needed} more needed`,
    );
    this.name = 'StorageFullError';
  }
}

/** The length of an entry's JSON text plus its key (what the cap counts). */
function sizeOf(key: string, value: unknown): number {
  const json = JSON.stringify(value) as string | undefined;
  return key.length + (json === undefined ? 0 : json.length);
}

type Fields = Record<string, unknown>;

/**
 * What a collection knows of one entry: its size, and for a document its top-level fields as they
 * were measured (what an in-place change replaces) and how many there were.
 */
interface Entry {
  readonly size: number;
  readonly fields: Fields | undefined;
  readonly count: number;
}

/** The entry of `value` under `key`, measured now. */
function entryOf(key: string, value: unknown): Entry {
  if (typeof value !== 'object' || value === null) return { size: sizeOf(key, value), fields: undefined, count: 0 };
  const fields: Fields = {};
  let count = 0;
  for (const name in value) {
    fields[name] = (value as Fields)[name];
    count++;
  }
  return { size: sizeOf(key, value), fields, count };
}

/**
 * Whether `doc` still has exactly the top-level fields (same keys, identical values) it had when
 * `entry` was measured. Stored documents are plain objects: `for…in` sees their own fields only.
 */
function unchanged(doc: object, entry: Entry): boolean {
  const fields = entry.fields!;
  let n = 0;
  for (const key in doc) {
    n++;
    const value = (doc as Fields)[key];
    if (value !== fields[key] && !Object.is(value, fields[key])) return false;
    if (value === undefined && !Object.hasOwn(fields, key)) return false;
  }
  return n === entry.count;
}

/** Puts back the top-level fields of `doc` as `fields` holds them. */
function restoreFields(doc: unknown, fields: Fields | undefined): void {
  if (fields === undefined || typeof doc !== 'object' || doc === null) return;
  for (const key of Object.keys(doc)) if (!Object.hasOwn(fields, key)) delete (doc as Fields)[key];
  Object.assign(doc, fields);
}

/** How to undo one write: the entry as it was (`value` and `entry` absent when there was none). */
interface Undo {
  readonly collection: StoredCollection<unknown>;
  readonly key: string;
  readonly had: boolean;
  readonly value: unknown;
  readonly entry: Entry | undefined;
}

/** One request's transaction (see {@link StorageLedger.begin}). */
export interface StorageTransaction {
  /** Whether the request's writes may be refused (not for reads). */
  readonly enforce: boolean;
  /** The store's total when the transaction began. */
  readonly startUsed: number;
  /** @internal */
  readonly journal: Undo[];
  /** @internal The documents the route may have changed: keys read, or `true` for a whole collection it iterated. */
  readonly touched: Map<StoredCollection<unknown>, Set<string> | true>;
  /** @internal */
  refusal: StorageRefusal | undefined;
  /** @internal */
  readonly outer: StorageTransaction | undefined;
}

/**
 * The store's account of its size, and the transactions of requests. One per store
 * (`store.storage`): `used` and `limit` are in bytes of JSON.
 */
export class StorageLedger {
  /** The limit in bytes of JSON (`behaviour.storageLimit`; see {@link storageLimitOf}). */
  limit = DEFAULT_STORAGE_LIMIT;
  #used = 0;
  #exempt = 0;
  #current: StorageTransaction | undefined;
  #unscoped = 0;
  #lastUnscoped: StorageRefusal | undefined;

  /** What the store holds now: the sum of its entries' JSON lengths and keys. */
  get used(): number {
    return this.#used;
  }

  /** How many writes outside any transaction were refused (the tail of a route after an `await`); see {@link lastUnscopedRefusal}. */
  get unscopedRefusals(): number {
    return this.#unscoped;
  }

  /** The latest refusal outside any transaction. */
  get lastUnscopedRefusal(): StorageRefusal | undefined {
    return this.#lastUnscoped;
  }

  /** The transaction writes are recorded in now, if any. */
  get current(): StorageTransaction | undefined {
    return this.#current;
  }

  /** Runs `write` with nothing refused (the seed: accounted, never refused). */
  exempt<T>(write: () => T): T {
    this.#exempt++;
    try {
      return write();
    } finally {
      this.#exempt--;
    }
  }

  /**
   * Runs `write` (synchronous: a route's writes after an `await`) as a transaction of its own: all its
   * writes are kept, or, when one is refused or they take the store over the limit, none.
   * @throws {StorageFullError} when it is refused (its writes undone); what `write` throws otherwise.
   */
  atomically<T>(write: () => T): T {
    const tx = this.begin(true);
    let result: T;
    try {
      result = write();
    } catch (error) {
      const refused = this.commit(tx);
      throw refused && !(error instanceof StorageFullError) ? new StorageFullError(refused) : error;
    }
    const refused = this.commit(tx);
    if (refused) throw new StorageFullError(refused);
    return result;
  }

  /**
   * Begins a request's transaction. Call {@link commit} synchronously after the route (the writes
   * in between are the request's; nothing else runs in a synchronous stretch of code).
   * @param enforce whether writes may be refused (`false` for reads).
   */
  begin(enforce: boolean): StorageTransaction {
    const tx: StorageTransaction = { enforce, startUsed: this.#used, journal: [], touched: new Map(), refusal: undefined, outer: this.#current };
    this.#current = tx;
    return tx;
  }

  /**
   * Ends a request's transaction: measures again the documents it changed in place, then refuses it
   * when a write was refused, or when it took the store over the limit (or a document over
   * {@link MAX_DOCUMENT_SIZE}), undoing all its writes.
   * @returns the refusal (the request is rolled back), or `undefined` (its writes are kept).
   */
  commit(tx: StorageTransaction): StorageRefusal | undefined {
    this.#current = tx.outer;
    for (const [collection, keys] of tx.touched) collection.reconcile(keys, tx);
    if (!tx.refusal && tx.enforce && this.#exempt === 0 && this.#used > this.limit && this.#used > tx.startUsed) {
      tx.refusal = { reason: 'limit', collection: tx.journal[tx.journal.length - 1]?.collection.name ?? '', limit: this.limit, used: tx.startUsed, needed: this.#used - tx.startUsed };
    }
    if (tx.refusal) {
      for (let i = tx.journal.length - 1; i >= 0; i--) tx.journal[i]!.collection.undo(tx.journal[i]!);
      return tx.refusal;
    }
    if (tx.outer) {
      // A transaction within another: the outer one now answers for these writes.
      tx.outer.journal.push(...tx.journal);
      for (const [collection, keys] of tx.touched) {
        if (keys === true) this.touch(collection, true);
        else for (const key of keys) this.touch(collection, key);
      }
    }
    return undefined;
  }

  /** @internal Adds `delta` bytes to the total. */
  add(delta: number): void {
    this.#used += delta;
  }

  /**
   * @internal Admits a write of `size` bytes that changes the total by `delta`.
   * @throws {StorageFullError} when it is refused (the refusal is recorded in the transaction).
   */
  admit(collection: string, delta: number, size: number): void {
    if (this.#exempt > 0 || delta <= 0) return;
    const tx = this.#current;
    if (tx && !tx.enforce) return;
    let refusal: StorageRefusal | undefined;
    if (size > MAX_DOCUMENT_SIZE) refusal = { reason: 'document', collection, limit: this.limit, used: tx?.startUsed ?? this.#used, needed: delta };
    else if (this.#used + delta > this.limit)
      refusal = { reason: 'limit', collection, limit: this.limit, used: tx?.startUsed ?? this.#used, needed: this.#used + delta - (tx?.startUsed ?? this.#used) };
    if (!refusal) return;
    if (tx) tx.refusal ??= refusal;
    else {
      this.#unscoped++;
      this.#lastUnscoped = refusal;
    }
    throw new StorageFullError(refusal);
  }

  /** @internal Notes that the current transaction read `key` of `collection` (`true`: all of it). */
  touch(collection: StoredCollection<unknown>, key: string | true): void {
    const tx = this.#current;
    if (!tx) return;
    const seen = tx.touched.get(collection);
    if (seen === true) return;
    if (key === true) tx.touched.set(collection, true);
    else if (seen) seen.add(key);
    else tx.touched.set(collection, new Set([key]));
  }

  /** @internal Whether a document of `size` bytes, grown in place, must be refused. */
  tooLarge(size: number, before: number, tx: StorageTransaction): boolean {
    return tx.enforce && this.#exempt === 0 && size > MAX_DOCUMENT_SIZE && size > before;
  }
}

/**
 * A collection of the store: a `Map` from key to document that accounts its size in the store's
 * {@link StorageLedger} and records its writes in the current transaction. Use it as a `Map`.
 */
export class StoredCollection<V> extends Map<string, V> {
  readonly #ledger: StorageLedger;
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  /** Whether a read iterated the collection since it was last measured again (see {@link #touch}). */
  #stale = false;

  /**
   * @param name the collection's name (in refusals).
   * @param ledger the store's ledger.
   */
  constructor(
    readonly name: string,
    ledger: StorageLedger,
  ) {
    super();
    this.#ledger = ledger;
  }

  /** The bytes this collection holds (its entries' JSON lengths and keys). */
  get bytes(): number {
    return this.#bytes;
  }

  override get(key: string): V | undefined {
    this.#touch(key);
    return super.get(key);
  }

  /** @throws {StorageFullError} when the storage cap refuses the write (nothing is stored). */
  override set(key: string, value: V): this {
    const entry = entryOf(key, value);
    const previous = this.#entries.get(key);
    const before = previous?.size ?? 0;
    this.#ledger.admit(this.name, entry.size - before, entry.size);
    this.#record(key, previous);
    super.set(key, value);
    this.#account(key, entry, before);
    this.#touch(key);
    return this;
  }

  override delete(key: string): boolean {
    const previous = this.#entries.get(key);
    if (!previous) return super.delete(key);
    this.#record(key, previous);
    this.#account(key, undefined, previous.size);
    return super.delete(key);
  }

  override clear(): void {
    for (const [key, entry] of this.#entries) this.#record(key, entry);
    this.#ledger.add(-this.#bytes);
    this.#bytes = 0;
    this.#stale = false;
    this.#entries.clear();
    super.clear();
  }

  override values(): MapIterator<V> {
    this.#touch(true);
    return super.values();
  }

  override entries(): MapIterator<[string, V]> {
    this.#touch(true);
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    this.#touch(true);
    super.forEach(callback, thisArg);
  }

  /**
   * Notes that the current transaction read `key` (`true`: iterated the collection), so the
   * documents it may have changed in place are measured again at its commit. A read (GET) that
   * iterates only marks the collection stale: the next write request that reads it first measures
   * again what changed meanwhile (then, kept for good), so reads do not pay for a scan.
   */
  #touch(key: string | true): void {
    const tx = this.#ledger.current;
    if (!tx) return;
    if (!tx.enforce && key === true) {
      this.#stale = true;
      return;
    }
    if (tx.enforce && this.#stale) {
      this.#stale = false;
      for (const [name, doc] of super.entries()) {
        const entry = this.#entries.get(name);
        if (entry?.fields && typeof doc === 'object' && doc !== null && !unchanged(doc, entry)) this.#account(name, entryOf(name, doc), entry.size);
      }
    }
    this.#ledger.touch(this as StoredCollection<unknown>, key);
  }

  /** Sets (or, `undefined`, removes) what the collection knows of `key`, whose size was `before`. */
  #account(key: string, entry: Entry | undefined, before: number): void {
    if (entry) this.#entries.set(key, entry);
    else this.#entries.delete(key);
    const delta = (entry?.size ?? 0) - before;
    this.#bytes += delta;
    this.#ledger.add(delta);
  }

  /** Records in the current transaction how to undo a write of `key` (`previous`: what it held). */
  #record(key: string, previous: Entry | undefined): void {
    const tx = this.#ledger.current;
    if (!tx) return;
    tx.journal.push({ collection: this as StoredCollection<unknown>, key, had: previous !== undefined, value: previous ? super.get(key) : undefined, entry: previous });
  }

  /**
   * @internal Measures again the documents of `keys` (`true`: all) whose top-level fields changed
   * since they were last measured, recording how to undo each change in `tx`.
   */
  reconcile(keys: Set<string> | true, tx: StorageTransaction): void {
    const check = (key: string, doc: unknown, entry: Entry | undefined) => {
      if (!entry?.fields || typeof doc !== 'object' || doc === null || unchanged(doc, entry)) return;
      const next = entryOf(key, doc);
      tx.journal.push({ collection: this as StoredCollection<unknown>, key, had: true, value: doc, entry });
      this.#account(key, next, entry.size);
      if (this.#ledger.tooLarge(next.size, entry.size, tx)) tx.refusal ??= { reason: 'document', collection: this.name, limit: this.#ledger.limit, used: tx.startUsed, needed: next.size - entry.size };
    };
    if (keys === true) for (const [key, doc] of super.entries()) check(key, doc, this.#entries.get(key));
    else for (const key of keys) check(key, super.get(key), this.#entries.get(key));
  }

  /** @internal Undoes one write recorded in a transaction. */
  undo(undo: Undo): void {
    const current = this.#entries.get(undo.key)?.size ?? 0;
    if (undo.had) {
      restoreFields(undo.value, undo.entry!.fields);
      super.set(undo.key, undo.value as V);
    } else {
      super.delete(undo.key);
    }
    this.#account(undo.key, undo.entry, current);
  }
}
