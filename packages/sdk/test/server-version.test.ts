import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { createClient, OperationNotInReleaseError, releaseWindow, SupportKbError, ValidationError } from '../src/index';
import { operations } from '../src/generated/operations.gen';
import { releaseChecks } from '../src/generated/releases.gen';
import { releaseIssues } from '../src/release-check';
import { zodValidation } from '../src/zod';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/**
 * `createClient({ serverVersion })`: the release of the server the client talks to. Validation holds 200
 * bodies to what that release sends (the contract's `x-release-required`, `x-since`), and an operation the
 * release lacks fails before sending; without it, a body of any release of the window passes.
 */
const { server, seen } = useMockServer();

/** A teammate as the contract's example of `getTeammate` has it (release 2.19.16). */
const example: { value: Record<string, unknown> } = parse(readFileSync(new URL('../../../openapi/components/examples/GetTeammateResponse.yaml', import.meta.url), 'utf8'));
const TEAMMATE = example.value;
/** The same teammate as the 2.17 line sends it: no `roleType`, no `permissions` (both came in 2.18.1). */
const { roleType: _roleType, permissions: _permissions, ...TEAMMATE_2_17 } = TEAMMATE;
const ID = String(TEAMMATE._id);

const client = (serverVersion?: string) => createClient({ baseUrl: BASE, projectId: PROJECT, validate: zodValidation(), ...(serverVersion ? { serverVersion } : {}) });

describe('createClient({ serverVersion })', () => {
  it('takes a release X.Y.Z, and refuses anything else', () => {
    expect(releaseWindow).toEqual({ from: '2.10.0', to: '2.19.16' });
    expect(() => createClient({ baseUrl: BASE, serverVersion: '2.18' })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: BASE, serverVersion: 'v2.18.3' })).toThrow('serverVersion must be a release X.Y.Z, not v2.18.3');
    expect(() => zodValidation({ serverVersion: 'latest' })).toThrow(TypeError);
    for (const version of ['2.9.40', '2.10.0', '2.17.9', '2.19.16', '2.20.0']) expect(() => createClient({ baseUrl: BASE, serverVersion: version })).not.toThrow();
  });

  it('refuses, before sending, every call to a release older than the window', async () => {
    const error = await createClient({ baseUrl: BASE, projectId: PROJECT, serverVersion: '2.9.40' })
      .tags.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationNotInReleaseError);
    expect(error).toMatchObject({
      operationId: 'listTags',
      serverVersion: '2.9.40',
      since: '2.10.0',
      message: 'listTags is not in release 2.9.40 of the server: the contract describes it from release 2.10.0',
    });
    expect(seen).toHaveLength(0);
  });

  it('without it, accepts a teammate of any release of the window', async () => {
    server.use(on('get', `/${PROJECT}/project_users/:id`, () => HttpResponse.json(TEAMMATE_2_17)));
    await expect(client().team.get({ project_user_id: ID })).resolves.toMatchObject({ _id: ID });
  });

  it('on 2.17.9, accepts a teammate without roleType and permissions; on 2.18.3, names them missing', async () => {
    server.use(on('get', `/${PROJECT}/project_users/:id`, () => HttpResponse.json(TEAMMATE_2_17)));
    await expect(client('2.17.9').team.get({ project_user_id: ID })).resolves.toMatchObject({ _id: ID });
    const error = await client('2.18.3')
      .team.get({ project_user_id: ID })
      .catch((e: unknown) => e);
    if (!(error instanceof ValidationError)) throw error;
    expect(error.direction).toBe('response');
    expect(error.issues).toEqual([
      { path: ['roleType'], code: 'missing_in_release', message: 'missing: release 2.18.3 sends it (every release from 2.18.1)' },
      { path: ['permissions'], code: 'missing_in_release', message: 'missing: release 2.18.3 sends it (every release from 2.18.1)' },
    ]);
    // The whole teammate passes on its own release.
    server.use(on('get', `/${PROJECT}/project_users/:id`, () => HttpResponse.json(TEAMMATE)));
    await expect(client('2.19.16').team.get({ project_user_id: ID })).resolves.toMatchObject({ roleType: TEAMMATE.roleType });
  });

  it('checks every item of a list, with its index in the path', async () => {
    server.use(on('get', `/${PROJECT}/project_users`, () => HttpResponse.json([TEAMMATE, TEAMMATE_2_17])));
    const error = await client('2.19.16')
      .team.list()
      .catch((e: unknown) => e);
    if (!(error instanceof ValidationError)) throw error;
    expect(error.issues.map((issue) => issue.path)).toEqual([
      [1, 'roleType'],
      [1, 'permissions'],
    ]);
    await expect(client('2.17.9').team.list()).resolves.toHaveLength(2);
  });

  it('checks only the objects that are the schema: a confirmation among the answers of deleteGroup passes', () => {
    expect(releaseChecks.deleteGroup).toBeDefined();
    expect(releaseIssues('deleteGroup', { success: true, message: 'Group successfully deleted' }, '2.19.16')).toEqual([]);
    expect(releaseIssues('deleteGroup', null, '2.19.16')).toEqual([]);
    const group = { _id: ID, name: 'Tier 1', members: [], trashed: true, id_project: PROJECT, createdBy: ID, createdAt: 'x', updatedAt: 'x', __v: 0 };
    expect(releaseIssues('deleteGroup', group, '2.11.5')).toEqual([]);
    expect(releaseIssues('deleteGroup', group, '2.11.6').map((issue) => issue.path)).toEqual([['enabled']]);
    expect(releaseIssues('deleteGroup', { ...group, enabled: false }, '2.11.6')).toEqual([]);
  });

  it('refuses, before sending, an operation that came after the release, naming the release that added it', async () => {
    // No operation of today's contract came after 2.10.0 (scripts/releases/data/releases.json): the check is
    // shown on a manifest entry marked as the contract would mark it (`x-since`).
    expect(Object.values(operations).filter((info) => info.since || info.until)).toEqual([]);
    vi.resetModules();
    vi.doMock('../src/generated/operations.gen', async (importOriginal) => {
      const original: typeof import('../src/generated/operations.gen') = await importOriginal();
      return { ...original, operations: { ...original.operations, listTags: { ...original.operations.listTags, since: '2.18.1' } } };
    });
    try {
      const fresh = await import('../src/index');
      const before = seen.length;
      const error = await fresh
        .createClient({ baseUrl: BASE, projectId: PROJECT, serverVersion: '2.17.9' })
        .tags.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OperationNotInReleaseError);
      expect(error).toBeInstanceOf(SupportKbError);
      expect(error).toMatchObject({
        operationId: 'listTags',
        serverVersion: '2.17.9',
        since: '2.18.1',
        message: 'listTags is not in release 2.17.9 of the server: the contract describes it from release 2.18.1',
      });
      expect(seen.length, 'nothing was sent').toBe(before);
      server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
      await expect(fresh.createClient({ baseUrl: BASE, projectId: PROJECT, serverVersion: '2.18.1' }).tags.list()).resolves.toEqual([]);
      await expect(fresh.createClient({ baseUrl: BASE, projectId: PROJECT }).tags.list()).resolves.toEqual([]);
    } finally {
      vi.doUnmock('../src/generated/operations.gen');
      vi.resetModules();
    }
  });

  it('without it, warns once per operation and field of a field no release sends, through the client logger, and the call succeeds', async () => {
    const user: unknown = TEAMMATE.id_user;
    const odd = { ...TEAMMATE, shoeSize: 44, id_user: { ...(typeof user === 'object' ? user : {}), nickname: 'x' } };
    server.use(on('get', `/${PROJECT}/project_users`, () => HttpResponse.json([odd, odd])));
    server.use(on('get', `/${PROJECT}/project_users/:id`, () => HttpResponse.json(odd)));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, validate: zodValidation(), logLevel: 'warn', logger });
    await expect(sk.team.list()).resolves.toHaveLength(2);
    await sk.team.list();
    await sk.team.get({ project_user_id: ID });
    const warned = logger.warn.mock.calls.map(([message, details]) => [String(message).replace(/^\[supportkb\] /, ''), details]);
    expect(warned).toEqual([
      [
        'listTeammates: the 200 body has a field the contract does not describe, which no release from 2.10.0 to 2.19.16 sends: [].id_user.nickname',
        { operationId: 'listTeammates', field: '[].id_user.nickname' },
      ],
      ['listTeammates: the 200 body has a field the contract does not describe, which no release from 2.10.0 to 2.19.16 sends: [].shoeSize', { operationId: 'listTeammates', field: '[].shoeSize' }],
      [
        'getTeammate: the 200 body has a field the contract does not describe, which no release from 2.10.0 to 2.19.16 sends: id_user.nickname',
        { operationId: 'getTeammate', field: 'id_user.nickname' },
      ],
      ['getTeammate: the 200 body has a field the contract does not describe, which no release from 2.10.0 to 2.19.16 sends: shoeSize', { operationId: 'getTeammate', field: 'shoeSize' }],
    ]);
  });

  it('without it, logs nothing of a body of an older release, nor when logging is off or the release is known', async () => {
    server.use(on('get', `/${PROJECT}/project_users/:id`, () => HttpResponse.json({ ...TEAMMATE_2_17, shoeSize: 44 })));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await createClient({ baseUrl: BASE, projectId: PROJECT, validate: zodValidation(), logger }).team.get({ project_user_id: ID });
    await createClient({ baseUrl: BASE, projectId: PROJECT, validate: zodValidation(), logLevel: 'warn', logger, serverVersion: '2.17.9' }).team.get({ project_user_id: ID });
    expect(logger.warn).not.toHaveBeenCalled();
    server.use(on('get', `/${PROJECT}/project_users/:id`, () => HttpResponse.json(TEAMMATE_2_17)));
    await createClient({ baseUrl: BASE, projectId: PROJECT, validate: zodValidation(), logLevel: 'debug', logger }).team.get({ project_user_id: ID });
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
