import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_SIZE, StorageFullError, StorageLedger, StoredCollection, storageLimitOf } from '../../src/state/storage';
import { clearStore, createStore } from '../../src/state/store';

type Doc = { _id: string; [key: string]: unknown };

/** What the cap counts for an entry: its key and its JSON text. */
const bytes = (key: string, value: unknown) => key.length + JSON.stringify(value).length;

function collection(limit = 10_000) {
  const ledger = new StorageLedger();
  ledger.limit = limit;
  return { ledger, docs: new StoredCollection<Doc>('docs', ledger) };
}

describe('StoredCollection', () => {
  it('accounts each entry as its key and JSON text, adjusted on replace, delete and clear', () => {
    const { ledger, docs } = collection();
    const a = { _id: 'a', name: 'first' };
    docs.set('a', a);
    expect(ledger.used).toBe(bytes('a', a));
    const b = { _id: 'b', tags: ['x', 'y'] };
    docs.set('b', b);
    expect(ledger.used).toBe(bytes('a', a) + bytes('b', b));
    const a2 = { _id: 'a', name: 'a longer name' };
    docs.set('a', a2);
    expect(ledger.used).toBe(bytes('a', a2) + bytes('b', b));
    expect(docs.bytes).toBe(ledger.used);
    expect(docs.delete('a')).toBe(true);
    expect(docs.delete('a')).toBe(false);
    expect(ledger.used).toBe(bytes('b', b));
    docs.clear();
    expect(ledger.used).toBe(0);
    // Still a Map.
    expect(docs).toBeInstanceOf(Map);
    docs.set('c', { _id: 'c' });
    expect([...docs.keys()]).toEqual(['c']);
  });

  it('refuses a write over the limit with StorageFullError, storing nothing; a write that does not grow passes', () => {
    const { ledger, docs } = collection(100);
    docs.set('a', { _id: 'a', text: 'x'.repeat(50) });
    const used = ledger.used;
    expect(() => docs.set('b', { _id: 'b', text: 'x'.repeat(50) })).toThrow(StorageFullError);
    expect(docs.has('b')).toBe(false);
    expect(ledger.used).toBe(used);
    try {
      docs.set('b', { _id: 'b', text: 'x'.repeat(50) });
    } catch (error) {
      expect((error as StorageFullError).refusal).toMatchObject({ reason: 'limit', collection: 'docs', limit: 100, used });
    }
    docs.set('a', { _id: 'a', text: 'shorter' });
    expect(ledger.used).toBeLessThan(used);
    // The seed's writes are accounted, never refused.
    ledger.exempt(() => docs.set('big', { _id: 'big', text: 'x'.repeat(500) }));
    expect(ledger.used).toBeGreaterThan(500);
  });

  it('refuses a document over 16 MiB (MongoDB`s document limit) whatever the limit', () => {
    const { docs } = collection(64 * 1024 * 1024);
    expect(() => docs.set('huge', { _id: 'huge', text: 'x'.repeat(MAX_DOCUMENT_SIZE) })).toThrow(/16777216 bytes of JSON/);
    expect(docs.size).toBe(0);
  });
});

describe('a request`s storage transaction', () => {
  it('measures again the documents the route changed in place (read with get or by iterating)', () => {
    const { ledger, docs } = collection();
    docs.set('a', { _id: 'a', n: 1 });
    docs.set('b', { _id: 'b', n: 2 });
    const tx = ledger.begin(true);
    Object.assign(docs.get('a')!, { note: 'x'.repeat(100) });
    const b = [...docs.values()].find((d) => d._id === 'b')!;
    b.n = 'two'.repeat(10);
    expect(ledger.commit(tx)).toBeUndefined();
    expect(ledger.used).toBe(bytes('a', docs.get('a')) + bytes('b', b));
  });

  it('rolls back a refused request: its inserts, replacements, deletes and changes in place', () => {
    const { ledger, docs } = collection(1000);
    docs.set('a', { _id: 'a', n: 1 });
    docs.set('b', { _id: 'b', n: 2 });
    docs.set('c', { _id: 'c', n: 3 });
    const used = ledger.used;
    const a = docs.get('a')!;
    const tx = ledger.begin(true);
    docs.set('d', { _id: 'd', n: 4 });
    docs.set('b', { _id: 'b', n: 'replaced' });
    docs.delete('c');
    Object.assign(docs.get('a')!, { n: 10, note: 'x'.repeat(2000) });
    const refusal = ledger.commit(tx);
    expect(refusal).toMatchObject({ reason: 'limit', limit: 1000, used });
    expect(ledger.used).toBe(used);
    expect([...docs.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect(docs.get('a')).toBe(a);
    expect(a).toEqual({ _id: 'a', n: 1 });
    expect(docs.get('b')).toEqual({ _id: 'b', n: 2 });
    expect(docs.get('c')).toEqual({ _id: 'c', n: 3 });
  });

  it('rolls back a request whose write was refused even if the route caught the error', () => {
    const { ledger, docs } = collection(200);
    const tx = ledger.begin(true);
    docs.set('a', { _id: 'a' });
    try {
      docs.set('b', { _id: 'b', text: 'x'.repeat(500) });
    } catch {
      // a route that catches every error
    }
    expect(ledger.commit(tx)).toMatchObject({ reason: 'limit' });
    expect(docs.size).toBe(0);
    expect(ledger.used).toBe(0);
  });

  it('refuses nothing in a read, accounting what it stores', () => {
    const { ledger, docs } = collection(50);
    const tx = ledger.begin(false);
    docs.set('a', { _id: 'a', text: 'x'.repeat(100) });
    expect(ledger.commit(tx)).toBeUndefined();
    expect(ledger.used).toBeGreaterThan(100);
  });
});

describe('the store', () => {
  it('accounts every collection and secret in one ledger, back to 0 when cleared', () => {
    const store = createStore();
    store.tags.set('t', { _id: 't', tag: 'vip' } as never);
    store.secrets.passwords.set('u', 'secret');
    expect(store.storage.used).toBe(bytes('t', { _id: 't', tag: 'vip' }) + bytes('u', 'secret'));
    clearStore(store);
    expect(store.storage.used).toBe(0);
  });

  it('validates the limit', () => {
    expect(storageLimitOf(undefined)).toBe(64 * 1024 * 1024);
    expect(storageLimitOf(1024)).toBe(1024);
    expect(() => storageLimitOf(0)).toThrow('behaviour.storageLimit must be a positive integer number of bytes, got 0');
  });
});

describe('reads', () => {
  it('account what a list changed in place at the next write request that reads the collection, never undoing it', () => {
    const { ledger, docs } = collection(200);
    docs.set('a', { _id: 'a', status: -1 });
    const read = ledger.begin(false);
    for (const doc of docs.values()) Object.assign(doc, { status: 300, last_error: 'x'.repeat(40) });
    expect(ledger.commit(read)).toBeUndefined();
    const write = ledger.begin(true);
    docs.get('a');
    expect(ledger.used).toBe(bytes('a', docs.get('a')));
    expect(() => docs.set('b', { _id: 'b', text: 'x'.repeat(200) })).toThrow(StorageFullError);
    expect(ledger.commit(write)).toMatchObject({ reason: 'limit' });
    expect(docs.get('a')).toEqual({ _id: 'a', status: 300, last_error: 'x'.repeat(40) });
    expect(ledger.used).toBe(bytes('a', docs.get('a')));
  });
});
