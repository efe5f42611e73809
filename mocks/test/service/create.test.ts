import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';
import { call } from '../support/requests';

const { api, as, service } = useMock();

describe('createMockService', () => {
  it('answers a sign-in and a list (smoke)', async () => {
    const signIn = await api('/auth/signin', { body: { email: 'agent@acme-support.test', password: 'Str0ng-example-passw0rd' } });
    expect(signIn.status).toBe(200);
    const tags = await api(`/${PID}/tags`, { auth: signIn.body.token });
    expect(tags.status).toBe(200);
    expect(tags.body.map((t: any) => t.tag)).toEqual(['billing', 'vip']);
  });

  it('accepts a trailing slash', async () => {
    expect((await api(`/${PID}/tags/`, { auth: await as('agent') })).status).toBe(200);
  });

  it('registers every operation, each with its MSW path', () => {
    expect(service.operations.length).toBeGreaterThan(60);
    expect(service.operations.find((op) => op.operationId === 'getTag')).toMatchObject({ path: '/{project_id}/tags/{id}', mswPath: '/:project_id/tags/:id', authenticated: true });
  });

  it('goes back to the seeded dataset on reset()', async () => {
    await api(`/${PID}/tags`, { auth: await as('agent'), body: { tag: 'gone after reset' } });
    service.reset();
    expect([...service.store.tags.values()].map((t) => t.tag)).toEqual(['vip', 'billing']);
  });

  it('starts with only the project with `seed: false`; seeded credentials then fail with a clear error', async () => {
    const empty = createMockService({ seed: false, webhooks: { delivery: 'none' } });
    expect([...empty.store.projects.keys()]).toEqual([PID]);
    expect(empty.store.tags.size).toBe(0);
    await expect(empty.authorization('admin')).rejects.toThrow('The seeded admin is not in the store (seed: false?)');
    expect((await call(empty, `/${PID}/labels/EN`)).status).toBe(200);
  });

  it('signs custom tokens only for a known project', async () => {
    await expect(service.customToken({ _id: 'x' }, '65f1a2b3c4d5e6f7080900ff')).rejects.toThrow('Unknown project 65f1a2b3c4d5e6f7080900ff');
    expect(await service.customToken({ _id: 'x' }, SEED.projectId)).toMatch(/^ey/);
  });
});
