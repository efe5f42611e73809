// The storage cap (issue #19, item 3): what the mock keeps is bounded by `behaviour.storageLimit`
// (bytes of stored JSON, default 64 MiB); a request that would exceed it is answered 507 and
// stores nothing; reads keep working; `reset()` frees it. Services outside the harness: the 507 is
// the mock's own answer, which the contract (the real server's) does not declare.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service/create';
import type { MockService } from '../../src/service/options';
import { DEFAULT_STORAGE_LIMIT } from '../../src/state/storage';
import { PID } from '../support/harness';
import { call, json } from '../support/requests';

const MiB = 1024 * 1024;
const UNKNOWN_PROJECT = '6a6a6a6a6a6a6a6a6a6a6a6a';

const service = (storageLimit?: number): MockService =>
  createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' }, warnings: false, ...(storageLimit === undefined ? {} : { behaviour: { storageLimit } }) });

/** The bytes the seed stores (accounted, never refused). */
const seedBytes = service().store.storage.used;

/** The 507 body, with the figures of a refusal. */
function expectRefusal(res: { status: number; body: any }, limit: number) {
  expect(res.status).toBe(507);
  expect(res.body).toMatchObject({ err: "Insufficient storage: the mock's storage cap is reached", limit });
  expect(res.body.msg).toContain(`at most ${limit} bytes of stored JSON`);
  expect(res.body.msg).toContain('behaviour.storageLimit');
  expect(res.body.msg).toContain('service.reset()');
  expect(res.body.used).toBeLessThanOrEqual(limit);
  expect(res.body.used + res.body.needed).toBeGreaterThan(limit);
}

describe('the storage cap', () => {
  it('is 64 MiB by default, the seed (about 115 KB) counted', () => {
    const s = service();
    expect(s.store.storage.limit).toBe(DEFAULT_STORAGE_LIMIT);
    expect(DEFAULT_STORAGE_LIMIT).toBe(64 * MiB);
    expect(seedBytes).toBeGreaterThan(100_000);
    expect(seedBytes).toBeLessThan(150_000);
  });

  it('refuses a storageLimit that is no positive integer when the service is created', () => {
    for (const storageLimit of [0, -1, 1.5, Number.NaN, '1' as unknown as number]) {
      expect(() => service(storageLimit), String(storageLimit)).toThrow(RangeError);
    }
  });

  it('stops 200 anonymous sign-ins to an unknown project with 400 KB attributes at the cap: 200 until it, then 507, the store bounded', async () => {
    // routes/auth.js:170-238 checks only that id_project is not empty: an unknown project gets a
    // guest teammate and a token (200). The attributes go into the token, not the store.
    const limit = seedBytes + 16 * 1024;
    const s = service(limit);
    const body = JSON.stringify({ id_project: UNKNOWN_PROJECT, attributes: { notes: 'a'.repeat(400 * 1024) } });
    const statuses: number[] = [];
    let refusal: { status: number; body: any } | undefined;
    for (let i = 0; i < 200; i++) {
      const res = await call(s, '/auth/signinAnonymously', json(undefined, body));
      statuses.push(res.status);
      if (res.status === 507) refusal ??= res;
      expect(s.store.storage.used).toBeLessThanOrEqual(limit);
    }
    const accepted = statuses.filter((status) => status === 200).length;
    expect(statuses[0]).toBe(200);
    // Once the cap is reached every later sign-in is refused, and nothing more is stored.
    expect(statuses).toEqual([...Array(accepted).fill(200), ...Array(200 - accepted).fill(507)]);
    expect(accepted).toBeGreaterThan(20);
    expect([...s.store.teammates.values()].filter((t) => t.id_project === UNKNOWN_PROJECT)).toHaveLength(accepted);
    // A guest teammate is under 1 KB: the 400 KB of attributes are not stored.
    expect((s.store.storage.used - seedBytes) / accepted).toBeLessThan(1024);
    expectRefusal(refusal!, limit);
    // reset() frees it.
    s.reset();
    expect(s.store.storage.used).toBe(seedBytes);
    expect((await call(s, '/auth/signinAnonymously', json(undefined, body))).status).toBe(200);
  });

  it('with a 1 MiB cap, refuses the write that would exceed it, storing nothing, and keeps answering reads; reset frees it', async () => {
    const s = service(MiB);
    const agent = s.basic('agent');
    const lead = (name: string) => json(agent, { fullname: name, attributes: { notes: 'a'.repeat(400_000) } });
    expect((await call(s, `/${PID}/leads`, lead('Lead 1'))).status).toBe(200);
    expect((await call(s, `/${PID}/leads`, lead('Lead 2'))).status).toBe(200);
    const used = s.store.storage.used;
    const before = s.snapshot();
    const refused = await call(s, `/${PID}/leads`, lead('Lead 3'));
    expectRefusal(refused, MiB);
    expect(refused.body.used).toBe(used);
    expect(s.snapshot()).toEqual(before);
    expect(s.store.storage.used).toBe(used);

    // Reads keep working.
    const list = await call(s, `/${PID}/leads`, { headers: { Authorization: agent } });
    expect(list.status).toBe(200);
    expect(list.body.leads.map((l: { fullname: string }) => l.fullname)).toEqual(expect.arrayContaining(['Lead 1', 'Lead 2']));
    expect((await call(s, `/${PID}/leads/${s.seed.leads.giulia}`, { headers: { Authorization: agent } })).status).toBe(200);
    // A write that does not grow the store passes; one that grows a document in place over the cap
    // is refused and the document is left as it was.
    expect((await call(s, `/${PID}/leads/${s.seed.leads.giulia}`, json(agent, { fullname: 'Giulia B.' }, 'PUT'))).status).toBe(200);
    const giulia = structuredClone(s.store.leads.get(s.seed.leads.giulia));
    expectRefusal(await call(s, `/${PID}/leads/${s.seed.leads.giulia}`, json(agent, { attributes: { notes: 'b'.repeat(200_000) } }, 'PUT')), MiB);
    expect(s.store.leads.get(s.seed.leads.giulia)).toEqual(giulia);
    expect((await call(s, `/${PID}/leads/${s.seed.leads.giulia}`, json(agent, {}, 'DELETE'))).status).toBe(200);

    // A request refused halfway (the conversation's lead and the conversation stored, then the
    // message refused) keeps none of its writes.
    const snapshot = s.snapshot();
    const usedNow = s.store.storage.used;
    const message = await call(s, `/${PID}/requests/support-group-cap/messages`, json(await s.authorization('guest'), { text: 'q'.repeat(70_000) }));
    expectRefusal(message, MiB);
    expect(s.snapshot()).toEqual(snapshot);
    expect(s.store.storage.used).toBe(usedNow);

    // reset() frees what requests stored.
    s.reset();
    expect(s.store.storage.used).toBe(seedBytes);
    expect((await call(s, `/${PID}/leads`, lead('Lead 3'))).status).toBe(200);
  });

  it('answers 507 to a sign-in whose writes come after an `await` (signInWithCustomToken), whatever the route does with the error', async () => {
    const s = service(seedBytes + 100);
    for (const claims of [{ _id: 'crm-customer-1' }, { _id: 'crm-agent-1', role: 'agent', email: 'crm.agent@acme-support.test' }]) {
      const token = await s.customToken(claims);
      expectRefusal(await call(s, '/auth/signinWithCustomToken', { method: 'POST', headers: { Authorization: `JWT ${token}` } }), seedBytes + 100);
    }
    expect(s.store.storage.used).toBe(seedBytes);
  });

  it('accounts changes a route makes in place to a stored document (a content sent again), refusing one over the cap', async () => {
    const s = service(seedBytes + 100_000);
    const admin = { Authorization: s.basic('admin'), 'Content-Type': 'application/json' };
    const content = (text: string) => ({ method: 'POST', headers: admin, body: JSON.stringify({ name: 'Opening hours', type: 'text', source: 'opening-hours', content: text, namespace: PID }) });
    const created = await call(s, `/${PID}/kb`, content('Mon-Fri 9-18'));
    expect(created.status).toBe(200);
    const id = created.body.value._id;
    const grown = await call(s, `/${PID}/kb`, content('c'.repeat(60_000)));
    expect(grown.status).toBe(200);
    expect(grown.body.lastErrorObject).toMatchObject({ updatedExisting: true });
    expect(s.store.storage.used).toBeGreaterThan(seedBytes + 60_000);
    const kept = structuredClone(s.store.contents.get(id));
    expectRefusal(await call(s, `/${PID}/kb`, content('d'.repeat(120_000))), seedBytes + 100_000);
    expect(s.store.contents.get(id)).toEqual(kept);
    // Sent again smaller, it shrinks the account.
    expect((await call(s, `/${PID}/kb`, content('short'))).status).toBe(200);
    expect(s.store.storage.used).toBeLessThan(seedBytes + 2_000);
  });
});
