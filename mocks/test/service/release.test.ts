import { describe, expect, it } from 'vitest';
import { releaseWindow } from '@supportkb/sdk';
import { apiOperations } from '@supportkb/sdk/manifest';
import { createMockService, type MockService } from '../../src/index';
import { releaseShape, serverVersionOf } from '../../src/service/release';
import { call } from '../support/requests';

/** `GET path` of the seeded project on `service`, as its seeded owner: the 200 body. */
async function get(service: MockService, path: string): Promise<unknown> {
  const { status, body } = await call(service, `/${service.seed.projectId}${path}`, { headers: { authorization: await service.authorization('owner') } });
  expect(status).toBe(200);
  return body;
}

const keysOf = (value: unknown): string[] => (value && typeof value === 'object' ? Object.keys(value) : []);

describe('serverVersion: the mock answers as one release of the window', () => {
  it('is the last release by default, and any release of the window when given', () => {
    expect(serverVersionOf(undefined)).toBe(releaseWindow.to);
    expect(createMockService().serverVersion).toBe(releaseWindow.to);
    expect(createMockService({ serverVersion: '2.17.9' }).serverVersion).toBe('2.17.9');
    expect(serverVersionOf(releaseWindow.from)).toBe(releaseWindow.from);
  });

  it('refuses a value that is no release of the window, with a RangeError saying which', () => {
    expect(() => createMockService({ serverVersion: '2.9.9' })).toThrow(
      new RangeError('serverVersion 2.9.9 is outside the releases the contract describes (2.10.0 to 2.19.16), so the mock cannot answer as it'),
    );
    expect(() => createMockService({ serverVersion: '2.20.0' })).toThrow(/outside the releases the contract describes/);
    for (const bad of ['2.18', 'v2.18.1', '2.18.1-beta', '', ' 2.18.1']) expect(() => serverVersionOf(bad), bad).toThrow(/serverVersion must be a release X\.Y\.Z of the server, got /);
  });

  it("leaves out of 200 answers the fields the release does not send (a teammate's roleType and permissions before 2.18.1, trashed before 2.11.9)", async () => {
    const latest = await get(createMockService(), '/project_users');
    const r2179 = await get(createMockService({ serverVersion: '2.17.9' }), '/project_users');
    const r2110 = await get(createMockService({ serverVersion: '2.10.0' }), '/project_users');
    expect(Array.isArray(latest) && Array.isArray(r2179) && Array.isArray(r2110)).toBe(true);
    if (!Array.isArray(latest) || !Array.isArray(r2179) || !Array.isArray(r2110)) return;
    expect(keysOf(latest[0])).toEqual(expect.arrayContaining(['roleType', 'permissions', 'trashed']));
    expect(keysOf(r2179[0])).not.toContain('roleType');
    expect(keysOf(r2179[0])).not.toContain('permissions');
    expect(keysOf(r2179[0])).toContain('trashed');
    expect(keysOf(r2110[0])).not.toContain('trashed');
    // Every other field is the same.
    expect(keysOf(r2179[0]).sort()).toEqual(
      keysOf(latest[0])
        .filter((key) => key !== 'roleType' && key !== 'permissions')
        .sort(),
    );
  });

  it('shapes the answer, never the stored documents', async () => {
    const service = createMockService({ serverVersion: '2.17.9' });
    await get(service, '/project_users');
    const stored = [...service.store.teammates.values()][0];
    expect(keysOf(stored)).toEqual(expect.arrayContaining(['roleType', 'permissions']));
  });

  it('follows arrays and nested objects, and copies only what it changes', () => {
    const shape = releaseShape('2.13.49');
    const body = { count: 1, kbs: [{ _id: 'a', tags: ['x'], last_error: null, situated_context: true, name: 'n' }] };
    const result = { status: 200, body } as const;
    const shaped = shape.shape(apiOperations.listContents, result);
    expect(shaped.body).toEqual({ count: 1, kbs: [{ _id: 'a', name: 'n' }] });
    expect(body.kbs[0]).toHaveProperty('tags'); // the original is untouched
    expect(releaseShape('2.19.16').shape(apiOperations.listContents, result)).toBe(result);
  });

  it('has an operation only from its x-since to its x-until', () => {
    const shape = releaseShape('2.12.3');
    expect(shape.has({})).toBe(true);
    expect(shape.has({ since: '2.12.3' })).toBe(true);
    expect(shape.has({ since: '2.12.4' })).toBe(false);
    expect(shape.has({ until: '2.12.2' })).toBe(false);
    expect(shape.has({ since: '2.10.0', until: '2.12.3' })).toBe(true);
  });
});
