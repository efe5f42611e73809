// The two deployments of the parity run, on loopback: the real server (scripts/real-server/) and the
// stateful mock's standalone server, its store holding what a freshly created project on the real
// server holds (the project, its owner, its default department), not the mock's demo dataset.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startRealServer } from '../../real-server/index.mjs';

/** Owner of the mock's project (credentials of the parity run only). */
const MOCK_OWNER = { email: 'owner@parity.test', password: 'Parity-owner-pass-1', userId: '6b0000000000000000000b01', teammateId: '6b0000000000000000000c01' };

/**
 * Starts the mock's target alone: the standalone mock, its store holding what a freshly created project on the
 * real server holds.
 * @param {{ mockOptions?: Record<string, unknown>, mocksDist?: string }} [options]
 * @returns {Promise<{ target: import('./run.mjs').Target, service: any, stop(): Promise<void> }>}
 */
export async function startParityMock({ mockOptions = {}, mocksDist } = {}) {
  // `mocksDist`: a folder with a build of the mocks (tsup's output) to use instead of the package's.
  const { startHttpMock } = await import(mocksDist ? pathToFileURL(join(resolve(mocksDist), 'server.js')).href : '@supportkb/mocks/server');
  const { SEED } = await import(mocksDist ? pathToFileURL(join(resolve(mocksDist), 'index.js')).href : '@supportkb/mocks');
  // The real server of the harness has no indexer (its AI service is a stub that never calls back), so its
  // contents stay at status -1: the mock's indexing never advances either, however slow the machine is
  // (at its default pace, a content listed more than 2 s after its creation had moved on to 100).
  const behaviour = { indexing: { stepMs: 2 ** 31 - 1 }, ...(typeof mockOptions.behaviour === 'object' ? mockOptions.behaviour : {}) };
  const mock = await startHttpMock({ port: 0, serviceOptions: { seed: false, webhooks: { delivery: 'none' }, ...mockOptions, behaviour } });
  const { store, clock } = mock.service;
  const now = clock.iso();
  store.users.set(MOCK_OWNER.userId, {
    _id: MOCK_OWNER.userId,
    email: MOCK_OWNER.email,
    firstname: 'Olivia',
    lastname: 'Owner',
    emailverified: false,
    status: 100,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  });
  store.secrets.passwords.set(MOCK_OWNER.userId, MOCK_OWNER.password);
  store.teammates.set(MOCK_OWNER.teammateId, {
    _id: MOCK_OWNER.teammateId,
    id: MOCK_OWNER.teammateId,
    id_project: SEED.projectId,
    id_user: MOCK_OWNER.userId,
    role: 'owner',
    roleType: 1,
    user_available: true,
    number_assigned_requests: 0,
    status: 'active',
    tags: [],
    permissions: [],
    trashed: false,
    // What the real owner has: the model's load-time `last_login_at`, and no `presence` (a teammate
    // has none until it connects; the harness seeds once the server's migrations ran).
    last_login_at: now,
    createdBy: MOCK_OWNER.userId,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  });
  store.departments.set('6b0000000000000000000d01', {
    _id: '6b0000000000000000000d01',
    id_project: SEED.projectId,
    name: 'Default',
    default: true,
    routing: 'assigned',
    status: 1,
    createdBy: MOCK_OWNER.userId,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  });
  return {
    target: { baseUrl: mock.url, projectId: SEED.projectId, email: MOCK_OWNER.email, password: MOCK_OWNER.password, projectSecret: SEED.projectSecret },
    service: mock.service,
    stop: () => mock.stop(),
  };
}

/**
 * Starts both targets.
 * @param {{ log?: (line: string) => void, mockOptions?: Record<string, unknown>, real?: import('../../real-server/index.mjs').RealServer, mocksDist?: string }} [options]
 * @returns {Promise<{ real: import('./run.mjs').Target, mock: import('./run.mjs').Target, mockService: unknown, stop(): Promise<void> }>}
 */
export async function startParityTargets({ log = () => {}, mockOptions = {}, real: realServer, mocksDist } = {}) {
  const [server, mock] = await Promise.all([realServer ? Promise.resolve(realServer) : startRealServer({ log }), startParityMock({ mockOptions, mocksDist })]);
  return {
    real: { baseUrl: server.baseUrl, projectId: server.projectId, email: server.email, password: server.password, projectSecret: server.projectSecret },
    mock: mock.target,
    mockService: mock.service,
    async stop() {
      await Promise.all([mock.stop(), realServer ? undefined : server.stop()]);
    },
  };
}
