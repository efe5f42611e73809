import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

/**
 * Departments' two reads (routes/department.js:222-306), which check no credentials: the visible
 * departments (status 1), by name with `sort`; one by id (any project) or `default`.
 */
const { api, as, service } = useMock();

const department = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name,
  default: false,
  routing: 'pooled',
  id_project: PID,
  createdBy: SEED.members.owner.userId,
  createdAt: '2026-11-05T08:00:00.000Z',
  updatedAt: '2026-11-05T08:00:00.000Z',
  __v: 0,
  ...extra,
});

describe('listDepartments', () => {
  it('lists the default department, named as the server names it, with the virtuals id and hasBot, without credentials', async () => {
    const listed = await api(`/${PID}/departments`, { auth: null });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        routing: 'assigned',
        default: true,
        status: 1,
        _id: SEED.departmentId,
        name: 'Default Department',
        id_project: PID,
        createdBy: SEED.members.owner.userId,
        groups: [],
        tags: [],
        createdAt: '2026-11-01T08:00:00.000Z',
        updatedAt: '2026-11-01T08:00:00.000Z',
        __v: 0,
        hasBot: false,
        id: SEED.departmentId,
      },
    ]);
  });

  it('ignores credentials, even invalid ones', async () => {
    expect((await api(`/${PID}/departments`, { auth: 'JWT not-a-token' })).status).toBe(200);
    expect((await api(`/${PID}/departments`, { auth: await as('guest') })).status).toBe(200);
  });

  it('lists only the visible departments (status 1), in insertion order, or by name with any `sort`', async () => {
    service.store.departments.set('65f1a2b3c4d5e6f708091702', department('65f1a2b3c4d5e6f708091702', 'Billing', { id_bot: 'bot-1' }));
    service.store.departments.set('65f1a2b3c4d5e6f708091703', department('65f1a2b3c4d5e6f708091703', 'Archive', { status: 0 }));
    service.store.departments.set('65f1a2b3c4d5e6f708091704', department('65f1a2b3c4d5e6f708091704', 'Accounts'));
    const names = async (query = '') => (await api(`/${PID}/departments${query}`, { auth: null })).body.map((d: { name: string }) => d.name);
    expect(await names()).toEqual(['Default Department', 'Billing', 'Accounts']);
    expect(await names('?sort=1')).toEqual(['Accounts', 'Billing', 'Default Department']);
    const billing = (await api(`/${PID}/departments`, { auth: null })).body[1];
    expect(billing).toMatchObject({ hasBot: true, status: 1, groups: [], tags: [] });
  });
});

describe('getDepartment', () => {
  it('gets one by id, a hidden one included, and `default` names the default department', async () => {
    service.store.departments.set('65f1a2b3c4d5e6f708091703', department('65f1a2b3c4d5e6f708091703', 'Archive', { status: 0 }));
    expect(await api(`/${PID}/departments/65f1a2b3c4d5e6f708091703`, { auth: null })).toMatchObject({ status: 200, body: { name: 'Archive', status: 0, id: '65f1a2b3c4d5e6f708091703' } });
    expect(await api(`/${PID}/departments/default`, { auth: null })).toMatchObject({ status: 200, body: { _id: SEED.departmentId, default: true } });
  });

  it('answers 404 for an unknown id, 500 for a malformed one, and null for `default` when the project has none', async () => {
    expect(await api(`/${PID}/departments/000000000000000000000000`, { auth: null })).toMatchObject({ status: 404, body: { success: false, msg: 'Object not found.' } });
    expect(await api(`/${PID}/departments/not-an-id`, { auth: null })).toMatchObject({ status: 500, body: { success: false, msg: 'Error getting object.' } });
    service.store.departments.delete(SEED.departmentId);
    const none = await api(`/${PID}/departments/default`, { auth: null });
    expect(none.status).toBe(200);
    expect(none.text).toBe('null');
  });
});
