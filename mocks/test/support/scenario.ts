/**
 * A scripted scenario that calls every operation of the contract once or more against a running
 * mock, with valid requests, in an order that makes each call meaningful (create → read → update
 * → delete). Used over the wire (Prism's validation proxy in front of the standalone server) and
 * in process.
 */
import { SEED } from '../../src/state/seed';

export interface Call {
  operationId: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  auth?: string;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** Sends one call; the scenario does not care about the transport. */
export type Send = (call: Call) => Promise<Answer>;

const P = SEED.projectId;

/**
 * Runs the scenario.
 * @param send transport.
 * @param customToken a custom JWT signed with the project secret (for `signInWithCustomToken`).
 * @returns every call made with its status, in order.
 */
export async function runScenario(send: Send, customToken: string): Promise<{ operationId: string; status: number; body: any }[]> {
  const log: { operationId: string; status: number; body: any }[] = [];
  const call = async (c: Call, expected = 200): Promise<any> => {
    const answer = await send(c);
    log.push({ operationId: c.operationId, status: answer.status, body: answer.body });
    if (answer.status !== expected) {
      throw new Error(`${c.operationId} ${c.method} ${c.path}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
    }
    return answer.body;
  };

  // Authentication.
  const admin = (await call({ operationId: 'signIn', method: 'POST', path: '/auth/signin', body: { email: SEED.members.admin.email, password: SEED.members.admin.password } })).token as string;
  const agent = (await call({ operationId: 'signIn', method: 'POST', path: '/auth/signin', body: { email: SEED.members.agent.email, password: SEED.members.agent.password } })).token as string;
  const guest = (
    await call({
      operationId: 'signInAnonymously',
      method: 'POST',
      path: '/auth/signinAnonymously',
      body: { id_project: P, firstname: 'Ada', attributes: { sourcePage: 'https://www.acme-support.test/help' } },
    })
  ).token as string;
  await call({ operationId: 'signInWithCustomToken', method: 'POST', path: '/auth/signinWithCustomToken', auth: `JWT ${customToken}` });

  // Knowledge bases and contents.
  await call({ operationId: 'listKnowledgeBases', method: 'GET', path: `/${P}/kb/namespace/all`, auth: admin, query: { count: 'true' } });
  const kb = await call({ operationId: 'createKnowledgeBase', method: 'POST', path: `/${P}/kb/namespace`, auth: admin, body: { name: 'Scenario manuals' } });
  await call({
    operationId: 'updateKnowledgeBase',
    method: 'PUT',
    path: `/${P}/kb/namespace/${kb.id}`,
    auth: admin,
    body: { name: 'Scenario manuals v2', preview_settings: { model: 'gpt-4o', max_tokens: 512, temperature: 0.3, top_k: 6, alpha: 0.5, context: null } },
  });
  await call({ operationId: 'listContents', method: 'GET', path: `/${P}/kb`, auth: admin, query: { namespace: P, limit: '2', page: '0', sortField: 'updatedAt', direction: '-1' } });
  const created = await call({
    operationId: 'createContent',
    method: 'POST',
    path: `/${P}/kb`,
    auth: admin,
    body: { name: 'Opening hours', type: 'text', source: 'Opening hours', content: 'Mon-Fri 9-18', namespace: kb.id },
  });
  await call({ operationId: 'getContent', method: 'GET', path: `/${P}/kb/${created.value._id}`, auth: admin });
  await call({
    operationId: 'createContentsFromUrls',
    method: 'POST',
    path: `/${P}/kb/multi`,
    auth: admin,
    query: { namespace: kb.id },
    body: { list: ['https://www.acme-support.test/help/returns'], tags: ['help-center'] },
  });
  await call({ operationId: 'parseSitemap', method: 'POST', path: `/${P}/kb/sitemap`, auth: admin, body: { sitemap: 'https://www.acme-support.test/sitemap.xml' } });
  await call({ operationId: 'deleteContent', method: 'DELETE', path: `/${P}/kb/${created.value._id}`, auth: admin });
  await call({ operationId: 'deleteKnowledgeBase', method: 'DELETE', path: `/${P}/kb/namespace/${kb.id}`, auth: admin });

  // Team.
  await call({ operationId: 'listTeammates', method: 'GET', path: `/${P}/project_users`, auth: agent });
  await call({ operationId: 'getTeammate', method: 'GET', path: `/${P}/project_users/${SEED.members.agent.teammateId}`, auth: agent });
  await call({ operationId: 'getTeammateByUserId', method: 'GET', path: `/${P}/project_users/users/${SEED.members.agent.userId}`, auth: agent });
  const invited = await call({
    operationId: 'inviteTeammate',
    method: 'POST',
    path: `/${P}/project_users/invite`,
    auth: admin,
    body: { email: SEED.invitee.email, role: 'agent', user_available: true },
  });
  await call({
    operationId: 'updateCurrentTeammate',
    method: 'PUT',
    path: `/${P}/project_users`,
    auth: agent,
    body: { user_available: false, profileStatus: 'away', 'settings.email.notification.conversation.pooled': false },
  });
  await call({
    operationId: 'updateTeammate',
    method: 'PUT',
    path: `/${P}/project_users/${SEED.members.agent.teammateId}`,
    auth: admin,
    body: { max_assigned_chat: 6, tags: [{ tag: 'italian', color: '#43a047' }] },
  });
  await call({ operationId: 'deleteTeammate', method: 'DELETE', path: `/${P}/project_users/${invited._id}`, auth: admin, query: { soft: 'true' } });

  // Groups.
  await call({ operationId: 'listGroups', method: 'GET', path: `/${P}/groups`, auth: agent });
  const group = await call({ operationId: 'createGroup', method: 'POST', path: `/${P}/groups`, auth: agent, body: { name: 'Night shift', members: [SEED.members.agent.userId] } });
  await call({ operationId: 'getGroup', method: 'GET', path: `/${P}/groups/${group._id}`, auth: agent });
  await call({ operationId: 'updateGroup', method: 'PUT', path: `/${P}/groups/${group._id}`, auth: agent, body: { name: 'Night shift (EU)' } });
  await call({ operationId: 'deleteGroup', method: 'DELETE', path: `/${P}/groups/${group._id}`, auth: agent });

  // Segments.
  await call({ operationId: 'listSegments', method: 'GET', path: `/${P}/segments`, auth: agent, query: { sort: 'name', direction: '1' } });
  const segment = await call({
    operationId: 'createSegment',
    method: 'POST',
    path: `/${P}/segments`,
    auth: agent,
    body: { name: 'Milano', filters: [{ field: 'city', operator: '=', value: 'Milano' }] },
  });
  await call({ operationId: 'getSegment', method: 'GET', path: `/${P}/segments/${segment._id}`, auth: agent });
  await call({ operationId: 'updateSegment', method: 'PUT', path: `/${P}/segments/${segment._id}`, auth: agent, body: { match: 'any' } });
  await call({ operationId: 'deleteSegment', method: 'DELETE', path: `/${P}/segments/${segment._id}`, auth: agent });

  // Tags.
  await call({ operationId: 'listTags', method: 'GET', path: `/${P}/tags`, auth: agent, query: { page: '0' } });
  const tag = await call({ operationId: 'createTag', method: 'POST', path: `/${P}/tags`, auth: agent, body: { tag: 'refund', color: '#43a047' } });
  await call({ operationId: 'getTag', method: 'GET', path: `/${P}/tags/${tag._id}`, auth: agent });
  await call({ operationId: 'updateTag', method: 'PUT', path: `/${P}/tags/${tag._id}`, auth: agent, body: { tag: 'refunds', color: '#2e7d32' } });
  await call({ operationId: 'deleteTag', method: 'DELETE', path: `/${P}/tags/${tag._id}`, auth: agent });

  // Labels.
  await call({ operationId: 'listLabels', method: 'GET', path: `/${P}/labels` });
  await call({ operationId: 'getLabels', method: 'GET', path: `/${P}/labels/IT` });
  await call({ operationId: 'listDefaultLabels', method: 'GET', path: `/${P}/labels/default` });
  await call({ operationId: 'getDefaultLabels', method: 'GET', path: `/${P}/labels/default/FR` });
  await call({ operationId: 'upsertLabels', method: 'POST', path: `/${P}/labels`, auth: admin, body: { lang: 'DE', data: { WELCOME_MSG: 'Wie können wir helfen?' } } });
  await call({ operationId: 'cloneDefaultLabels', method: 'POST', path: `/${P}/labels/default/clone`, auth: admin, body: { lang: 'FR' } });
  await call({ operationId: 'setDefaultLabels', method: 'PATCH', path: `/${P}/labels/FR/default`, auth: admin });
  await call({ operationId: 'deleteLabels', method: 'DELETE', path: `/${P}/labels/DE`, auth: admin });
  await call({ operationId: 'deleteAllLabels', method: 'DELETE', path: `/${P}/labels`, auth: admin });

  // Leads.
  await call({ operationId: 'listLeads', method: 'GET', path: `/${P}/leads`, auth: agent, query: { limit: '10', sort: 'createdAt' } });
  const lead = await call({ operationId: 'createLead', method: 'POST', path: `/${P}/leads`, auth: agent, body: { fullname: 'Anna Neri', email: 'anna.neri@example.org' } });
  await call({ operationId: 'getLead', method: 'GET', path: `/${P}/leads/${lead._id}`, auth: agent });
  await call({ operationId: 'updateLead', method: 'PUT', path: `/${P}/leads/${lead._id}`, auth: agent, body: { city: 'Torino', tags: ['vip'] } });
  await call({ operationId: 'exportLeadsCsv', method: 'GET', path: `/${P}/leads/csv`, auth: agent, query: { email: 'anna.neri@example.org' } });
  await call({ operationId: 'deleteLead', method: 'DELETE', path: `/${P}/leads/${lead._id}`, auth: agent });

  // Departments (no credentials: the chat widget reads them anonymously).
  await call({ operationId: 'listDepartments', method: 'GET', path: `/${P}/departments`, query: { sort: 'true' } });
  await call({ operationId: 'getDepartment', method: 'GET', path: `/${P}/departments/default` });
  await call({ operationId: 'getDepartment', method: 'GET', path: `/${P}/departments/${SEED.departmentId}` });

  // Subscriptions (admin).
  const subscription = await call({
    operationId: 'createSubscription',
    method: 'POST',
    path: `/${P}/subscriptions`,
    auth: admin,
    body: { event: 'lead.create', target: 'https://hooks.acme-support.test/leads' },
  });
  await call({ operationId: 'listSubscriptions', method: 'GET', path: `/${P}/subscriptions`, auth: admin });
  await call({ operationId: 'getSubscription', method: 'GET', path: `/${P}/subscriptions/${subscription._id}`, auth: admin });
  await call({
    operationId: 'updateSubscription',
    method: 'PUT',
    path: `/${P}/subscriptions/${subscription._id}`,
    auth: admin,
    body: { event: 'lead.update', target: 'https://hooks.acme-support.test/leads' },
  });
  await call({ operationId: 'deleteSubscription', method: 'DELETE', path: `/${P}/subscriptions/${subscription._id}`, auth: admin });

  // Conversations and their messages: the guest's first message opens one, the admin reads, closes and reopens it.
  const conversationId = 'support-group-5b0c3a2e-1d4f-4e6a-8b9c-0d1e2f3a4b5c';
  await call({
    operationId: 'createMessage',
    method: 'POST',
    path: `/${P}/requests/${conversationId}/messages`,
    auth: guest,
    body: { text: 'Where is my parcel?', sourcePage: 'https://www.acme-support.test/help' },
  });
  await call({ operationId: 'listConversations', method: 'GET', path: `/${P}/requests`, auth: admin, query: { status: '100,200', limit: '10' } });
  await call({ operationId: 'getConversation', method: 'GET', path: `/${P}/requests/${conversationId}`, auth: admin });
  // Updated, then handed over to the agent and back to nobody.
  const conversationPath = `/${P}/requests/${conversationId}`;
  const agentUser = SEED.members.agent.userId;
  await call({ operationId: 'updateConversation', method: 'PATCH', path: conversationPath, auth: admin, body: { subject: 'Parcel', priority: 'high' } });
  await call({ operationId: 'addConversationParticipant', method: 'POST', path: `${conversationPath}/participants`, auth: admin, body: { member: agentUser } });
  await call({ operationId: 'setConversationParticipants', method: 'PUT', path: `${conversationPath}/participants`, auth: admin, body: [agentUser] });
  await call({ operationId: 'removeConversationParticipant', method: 'DELETE', path: `${conversationPath}/participants/${agentUser}`, auth: admin });
  // Routed: assigned (to the default department's available teammate), handed to a teammate again.
  await call({ operationId: 'assignConversation', method: 'PUT', path: `${conversationPath}/assign`, auth: admin, body: {} });
  await call({ operationId: 'transferConversationToAgent', method: 'PUT', path: `${conversationPath}/agent`, auth: admin });
  await call({ operationId: 'closeConversation', method: 'PUT', path: `/${P}/requests/${conversationId}/close`, auth: admin });
  await call({ operationId: 'reopenConversation', method: 'PUT', path: `/${P}/requests/${conversationId}/reopen`, auth: admin });
  await call({ operationId: 'listMessages', method: 'GET', path: `/${P}/requests/${conversationId}/messages`, auth: admin });

  // Analytics (admin).
  const analytics: [string, string, Record<string, string>?][] = [
    ['getRequestWaitingTime', 'requests/waiting', { last: '2592000' }],
    ['getRequestWaitingTimeLastDay', 'requests/waiting/day/last'],
    ['countRequests', 'requests/count'],
    ['aggregateRequestsByStatus', 'requests/aggregate/status'],
    ['aggregateRequestsByDay', 'requests/aggregate/day', { lastdays: '30' }],
    ['aggregateRequestsByMonth', 'requests/aggregate/month'],
    ['aggregateRequestsByWeek', 'requests/aggregate/week'],
    ['aggregateRequestsByHour', 'requests/aggregate/hours', { timezone: '+01:00' }],
    ['getRequestDuration', 'requests/duration'],
    ['getRequestSatisfaction', 'requests/satisfaction'],
    ['countRequestsWithBot', 'requests/hasBot/count'],
    ['countMessages', 'messages/count'],
    ['aggregateMessagesByDay', 'messages/aggregate/day', { lastdays: '30' }],
  ];
  for (const [operationId, suffix, query] of analytics) await call({ operationId, method: 'GET', path: `/${P}/analytics/${suffix}`, auth: admin, query });

  return log;
}
