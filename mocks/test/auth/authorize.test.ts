import { operations } from '@supportkb/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TOKEN_OPERATIONS } from '../../src/auth/authorize';
import { roleRank } from '../../src/auth/roles';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';
import { addProject, call, json } from '../support/requests';

const { api, as, service } = useMock();

describe('roles (the minimum role of each operation): 403 bodies per role', () => {
  const samples: Partial<Record<keyof typeof operations, { path: string; method?: string; body?: unknown }>> = {
    listContents: { path: `/${PID}/kb?namespace=${PID}` },
    listKnowledgeBases: { path: `/${PID}/kb/namespace/all` },
    listTeammates: { path: `/${PID}/project_users` },
    inviteTeammate: { path: `/${PID}/project_users/invite`, body: { email: 'someone.new@acme-support.test', role: 'agent' } },
    listGroups: { path: `/${PID}/groups` },
    listSegments: { path: `/${PID}/segments` },
    listTags: { path: `/${PID}/tags` },
    upsertLabels: { path: `/${PID}/labels`, body: { lang: 'ES', data: { WELCOME_MSG: '¿Ayuda?' } } },
    listLeads: { path: `/${PID}/leads` },
    countRequests: { path: `/${PID}/analytics/requests/count` },
    createMessage: { path: `/${PID}/requests/support-group-roles/messages`, body: { text: 'hello' } },
    createSubscription: { path: `/${PID}/subscriptions`, body: { event: 'lead.create', target: 'http://127.0.0.1:9/hook' } },
  };
  for (const [operationId, sample] of Object.entries(samples)) {
    const { minRole } = operations[operationId as keyof typeof operations];
    it(`${operationId} needs ${minRole}`, async () => {
      for (const role of ['guest', 'agent', 'admin', 'owner'] as const) {
        const res = await api(sample!.path, { method: sample!.method, body: sample!.body, auth: await as(role) });
        if (roleRank(role) < roleRank(minRole)) {
          expect(res, `${operationId} as ${role}`).toMatchObject({ status: 403, body: { success: false, msg: 'you dont have the required role.' } });
        } else {
          expect(res.status, `${operationId} as ${role}`).toBe(200);
        }
        service.reset();
      }
    });
  }
});

describe('membership', () => {
  it('refuses a disabled member with `you dont belong to the project.`', async () => {
    const agentAuth = await as('agent');
    expect((await api(`/${PID}/project_users/${SEED.members.agent.teammateId}`, { method: 'DELETE', auth: await as('admin') })).body.status).toBe('disabled');
    expect(await api(`/${PID}/tags`, { auth: agentAuth })).toMatchObject({ status: 403, body: { success: false, msg: 'you dont belong to the project.' } });
  });

  it('refuses a trashed member with `you dont belong to the project.`', async () => {
    const agentAuth = await as('agent');
    expect((await api(`/${PID}/project_users/${SEED.members.agent.teammateId}?soft=true`, { method: 'DELETE', auth: await as('admin') })).body.trashed).toBe(true);
    expect(await api(`/${PID}/tags`, { auth: agentAuth })).toMatchObject({ status: 403, body: { msg: 'you dont belong to the project.' } });
  });

  it('refuses a registered user who is no member with `you dont belong to the project.`', async () => {
    expect(await api(`/${PID}/tags`, { auth: `Basic ${btoa(`${SEED.invitee.email}:${SEED.invitee.password}`)}` })).toMatchObject({ status: 403, body: { msg: 'you dont belong to the project.' } });
  });
});

describe("a project's custom token works on that project's paths only", () => {
  const direct = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  const B = '65f1a2b3c4d5e6f7080b0b0b';
  beforeAll(() => addProject(direct, B, 'project-b-secret'));

  it("refuses on project A a token signed with B's secret, even one naming A's guest (403), and stores nothing", async () => {
    const impostor = await direct.customToken({ _id: SEED.guest.uuid }, B);
    const before = direct.store.messages.size;
    expect(await call(direct, `/${PID}/requests/support-group-b/messages`, json(`JWT ${impostor}`, { text: 'from B' }))).toMatchObject({
      status: 403,
      body: { success: false, msg: 'you dont belong to the project.' },
    });
    expect(direct.store.messages.size).toBe(before);
  });

  it('refuses on project A a token of B that claims the owner role (403)', async () => {
    const strong = await direct.customToken({ _id: SEED.guest.uuid, role: 'owner' }, B);
    expect((await call(direct, `/${PID}/tags`, { headers: { Authorization: `JWT ${strong}` } })).status).toBe(403);
  });

  it("accepts A's own custom token for the same id on A", async () => {
    const own = await direct.customToken({ _id: SEED.guest.uuid });
    expect((await call(direct, `/${PID}/requests/support-group-a/messages`, json(`JWT ${own}`, { text: 'from A' }))).status).toBe(200);
  });
});

describe("a webhook subscription's token is scoped as the service scopes it", () => {
  it('may call what the contract marks x-accepts-subscription-token: the 35 operations the mock used to list by hand, and the conversations', () => {
    // The list the mock kept in code before the contract carried the fact (routes whose guard is
    // `hasRoleOrTypes(role, [..., 'subscription'])` on the real server).
    const previous = [
      'listContents',
      'createContent',
      'getContent',
      'deleteContent',
      'createContentsFromUrls',
      'parseSitemap',
      'listKnowledgeBases',
      'createKnowledgeBase',
      'updateKnowledgeBase',
      'deleteKnowledgeBase',
      'listTeammates',
      'getTeammate',
      'getTeammateByUserId',
      'updateTeammate',
      'listGroups',
      'createGroup',
      'getGroup',
      'updateGroup',
      'deleteGroup',
      'listSegments',
      'createSegment',
      'getSegment',
      'updateSegment',
      'deleteSegment',
      'listTags',
      'createTag',
      'getTag',
      'updateTag',
      'deleteTag',
      'listLeads',
      'createLead',
      'getLead',
      'updateLead',
      'deleteLead',
      'createMessage',
    ];
    // Added with the conversations: app.js mounts /:projectid/requests behind
    // hasRoleOrTypes('agent', ['bot', 'subscription']).
    const conversations = [
      'listConversations',
      'getConversation',
      'updateConversation',
      'addConversationParticipant',
      'setConversationParticipants',
      'removeConversationParticipant',
      'assignConversation',
      'transferConversationToAgent',
      'closeConversation',
      'reopenConversation',
      'listMessages',
    ];
    // The leads' CSV export: the same mount as the other lead routes (app.js:572).
    const leads = ['exportLeadsCsv'];
    expect([...SUBSCRIPTION_TOKEN_OPERATIONS].sort()).toEqual([...previous, ...conversations, ...leads].sort());
  });

  const direct = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  let token = '';
  beforeAll(async () => {
    const admin = direct.basic('admin');
    await call(direct, `/${PID}/subscriptions`, json(admin, { event: 'lead.create', target: 'https://hooks.acme-support.test/leads' }));
    const delivered = new Promise<string>((resolve) => direct.onWebhook((delivery) => resolve(delivery.body.token)));
    await call(direct, `/${PID}/leads`, json(admin, { fullname: 'Hook' }));
    token = `JWT ${await delivered}`;
  });

  it('passes the operations whose route accepts subscriptions (knowledge bases, tags, leads, teammates read/update, messages)', async () => {
    for (const path of [
      `/${PID}/kb/namespace/all`,
      `/${PID}/tags`,
      `/${PID}/leads`,
      `/${PID}/groups`,
      `/${PID}/segments`,
      `/${PID}/project_users`,
      `/${PID}/project_users/${SEED.members.agent.teammateId}`,
    ]) {
      expect((await call(direct, path, { headers: { Authorization: token } })).status, path).toBe(200);
    }
    expect((await call(direct, `/${PID}/requests/${SEED.conversation.requestId}/messages`, json(token, { text: 'from the hook' }))).status).toBe(200);
  });

  it('never gets an answer when its message would open a conversation: the route reads the missing teammate (routes/message.js:162)', async () => {
    expect((await call(direct, `/${PID}/requests/support-group-hook/messages`, json(token, { text: 'from the hook' }))).status).toBe(0);
  });

  it('is refused (403, `you dont belong to the project.`) everywhere else: subscriptions, invites, hard deletes, analytics, label writes', async () => {
    const before = JSON.stringify(direct.snapshot());
    const refused: [string, RequestInit][] = [
      [`/${PID}/subscriptions`, json(token, { event: 'message.create', target: 'https://evil.example/x' })],
      [`/${PID}/project_users/${SEED.members.agent.teammateId}?hard=true`, { method: 'DELETE', headers: { Authorization: token } }],
      [`/${PID}/project_users/invite`, json(token, { email: 'mallory@example.org', role: 'owner' })],
      [`/${PID}/project_users`, json(token, { user_available: false }, 'PUT')],
      [`/${PID}/analytics/requests/count`, { headers: { Authorization: token } }],
      [`/${PID}/labels`, json(token, { lang: 'FR', data: { A: 'b' } })],
      [`/${PID}/labels/default/clone`, json(token, { lang: 'IT' })],
    ];
    for (const [path, init] of refused) {
      expect(await call(direct, path, init), path).toMatchObject({ status: 403, body: { success: false, msg: 'you dont belong to the project.' } });
    }
    expect(JSON.stringify(direct.snapshot())).toBe(before);
  });

  it("is refused on another project's paths", async () => {
    const B = '65f1a2b3c4d5e6f7080b0b0c';
    addProject(direct, B, 'project-b-secret');
    expect(await call(direct, `/${B}/tags`, { headers: { Authorization: token } })).toMatchObject({ status: 403, body: { msg: 'you dont belong to the project.' } });
  });
});

describe('custom roles and the administrator e-mail (middleware/has-role.js)', () => {
  it('lets a teammate whose role is none of the built-in ones (or none) through every role check', async () => {
    const admin = await as('admin');
    const agentAuth = await as('agent');
    for (const role of ['support-lead', '']) {
      expect((await api(`/${PID}/project_users/${SEED.members.agent.teammateId}`, { method: 'PUT', auth: admin, body: { role } })).status).toBe(200);
      // minimum role admin, and owner-only knowledge-base listings
      expect((await api(`/${PID}/project_users/0000000000000000000000cc`, { method: 'DELETE', auth: agentAuth })).status, role).toBe(404);
      expect((await api(`/${PID}/analytics/requests/count`, { auth: agentAuth })).status, role).toBe(200);
    }
  });

  it("uses the caller's first active teammate: a disabled one before it does not hide it (services/projectUserService.js:88)", async () => {
    const admin = await as('admin');
    await api(`/${PID}/project_users/${SEED.members.agent.teammateId}`, { method: 'DELETE', auth: admin });
    expect((await api(`/${PID}/project_users/invite`, { auth: admin, body: { email: SEED.members.agent.email, role: 'admin' } })).status).toBe(200);
    expect((await api(`/${PID}/project_users/0000000000000000000000cc`, { method: 'DELETE', auth: await as('agent') })).status).toBe(404);
  });

  it('lets the boot administrator (admin@tiledesk.com) through without being a member', async () => {
    const bootAdmin = `Basic ${btoa(`${SEED.bootAdmin.email}:${SEED.bootAdmin.password}`)}`;
    // A route that accepts caller types: the e-mail skips the check (isTypeAsFunction).
    expect((await api(`/${PID}/tags`, { auth: bootAdmin })).status).toBe(200);
    // A plain role check: a non-member whose e-mail is ADMIN_EMAIL passes too.
    expect((await api(`/${PID}/analytics/requests/count`, { auth: bootAdmin })).status).toBe(200);
    // …and the route then has no teammate of the caller: updateCurrentTeammate throws.
    expect(await api(`/${PID}/project_users`, { method: 'PUT', auth: bootAdmin, body: { user_available: false } })).toMatchObject({ status: 500, body: { err: 'error' } });
  });
});
