import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The webhook events of issue 29 item 5 (beyond the live-inbox scenario's conversations), run the same
 * way on any deployment (the real server with RESTHOOK_ENABLED, or the mock's standalone server) over
 * plain HTTP, so that what is compared is what each deployment delivers:
 *
 * 1. the owner signs in; a visitor opens a first conversation (so that the routing's round robin has a
 *    last assigned conversation on both);
 * 2. a loopback receiver subscribes to `lead.create`, `group.*`, `department.*`,
 *    `project_user.invite|update|update.agent|delete`, `operator.select` and `request.*`;
 * 3. a lead is created; a group is created, updated, deleted (disabled) and removed (`force=true`);
 *    with `departments`, a department is created, updated and deleted (routes the contract does not
 *    describe, so the mock has none);
 * 4. a registered user is invited, made supervisor;
 * 5. the visitor opens a second conversation: the receiver answers `operator.select` with the
 *    delivered routing, its `operators` set to the invited user;
 * 6. the owner closes that conversation and reopens it (`request.*`, with `request.create` from step 5);
 * 7. the invited teammate is deleted with `soft=true`.
 */

/** A deployment to run the scenario on. */
export interface WebhookScenarioTarget {
  baseUrl: string;
  /** A project whose plan lets the routing ask `operator.select` (a new project's, on the real server). */
  projectId: string;
  email: string;
  password: string;
  /** The e-mail of a registered user who is no member of the project. */
  inviteEmail: string;
  /** Also create, update and delete a department (real servers only). */
  departments?: boolean;
}

/** What a run of the scenario saw. */
export interface WebhookScenarioRun {
  /** Per REST step: status and the answer's top-level keys. */
  rest: Record<string, string>;
  /** Per event, the payloads' shapes in order: each top-level key with its JSON type. */
  webhooks: Record<string, string[]>;
  /** The conversation `operator.select`'s answer chose: its participants and the invited user's id. */
  routed: { participants: unknown; invitedUserId: string };
  /** Every delivery, for a reader of a difference. */
  raw: { event: string; body: unknown }[];
}

const QUIET_MS = 400;
const STEP_MAX_MS = 15_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** A JSON value's type: `array`, `null`, or `typeof`. */
const typeOf = (value: unknown): string => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
/** A payload as compared: its top-level keys, sorted, each with its JSON type. */
const shapeOf = (value: unknown): string =>
  isRecord(value) && !Array.isArray(value)
    ? Object.keys(value)
        .sort()
        .map((key) => `${key}:${typeOf(value[key])}`)
        .join(',')
    : typeOf(value);
/** The top-level keys of an answer, or its JSON type. */
const keysOf = (value: unknown): string => (isRecord(value) && !Array.isArray(value) ? Object.keys(value).sort().join(',') : typeOf(value));

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Runs the scenario on `target` and returns what it saw. */
export async function runWebhookScenario(target: WebhookScenarioTarget): Promise<WebhookScenarioRun> {
  const { baseUrl, projectId } = target;
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const rest: Record<string, string> = {};
  const deliveries: { event: string; body: unknown }[] = [];
  let invitedUserId = '';
  let lastActivity = Date.now();

  const receiver: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const body = json(text);
      const hook = isRecord(body) ? body.hook : undefined;
      const event = isRecord(hook) ? String(hook.event) : '';
      deliveries.push({ event, body });
      lastActivity = Date.now();
      // operator.select: the delivered routing, given to the invited user.
      const payload = isRecord(body) ? body.payload : undefined;
      const answer = event === 'operator.select' && isRecord(payload) ? { ...payload, operators: [{ id_user: invitedUserId }] } : {};
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = receiver.address();
  const hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;

  async function call(step: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = json(await response.text());
    rest[step] = `${response.status} ${keysOf(parsed)}`;
    return isRecord(parsed) && !Array.isArray(parsed) ? parsed : {};
  }
  /** Waits until nothing arrived for {@link QUIET_MS} (at most {@link STEP_MAX_MS}): a guard, not a timing claim. */
  async function quiet() {
    const end = Date.now() + STEP_MAX_MS;
    lastActivity = Date.now();
    while (Date.now() - lastActivity < QUIET_MS && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  let participants: unknown;
  try {
    // 1. the owner, and a first conversation
    const owner = String((await call('signIn', 'POST', '/auth/signin', undefined, { email: target.email, password: target.password })).token);
    const visitor = String((await call('signInAnonymously', 'POST', '/auth/signinAnonymously', undefined, { id_project: projectId, firstname: 'Ada' })).token);
    await call('createMessage first', 'POST', `/${projectId}/requests/support-group-${projectId}-${run}-1/messages`, visitor, { text: 'Hello' });
    await quiet();

    // 2. subscriptions
    const events = ['lead.create', 'group.create', 'group.update', 'group.delete', 'department.create', 'department.update', 'department.delete'];
    events.push('project_user.invite', 'project_user.update', 'project_user.update.agent', 'project_user.delete', 'operator.select', 'request.create', 'request.update', 'request.close');
    for (const event of events) await call(`createSubscription ${event}`, 'POST', `/${projectId}/subscriptions`, owner, { event, target: hookUrl });

    // 3. a lead, a group, a department
    await call('createLead', 'POST', `/${projectId}/leads`, owner, { fullname: 'Grace Hopper', email: `grace-${run}@example.org`, attributes: { plan: 'pro' } });
    const group = await call('createGroup', 'POST', `/${projectId}/groups`, owner, { name: `Billing ${run}`, members: [] });
    await call('updateGroup', 'PUT', `/${projectId}/groups/${String(group._id)}`, owner, { name: `Billing team ${run}` });
    await call('deleteGroup', 'DELETE', `/${projectId}/groups/${String(group._id)}`, owner);
    await call('deleteGroup force', 'DELETE', `/${projectId}/groups/${String(group._id)}?force=true`, owner);
    if (target.departments) {
      const department = await call('createDepartment', 'POST', `/${projectId}/departments`, owner, { name: `Sales ${run}`, routing: 'assigned' });
      await call('updateDepartment', 'PUT', `/${projectId}/departments/${String(department._id)}`, owner, { name: `Sales EU ${run}` });
      await call('deleteDepartment', 'DELETE', `/${projectId}/departments/${String(department._id)}`, owner);
    }
    await quiet();

    // 4. an invited teammate
    const invited = await call('inviteTeammate', 'POST', `/${projectId}/project_users/invite`, owner, { email: target.inviteEmail, role: 'agent' });
    invitedUserId = String(invited.id_user);
    await call('updateTeammate', 'PUT', `/${projectId}/project_users/${String(invited._id)}`, owner, { role: 'supervisor' });
    await quiet();

    // 5. operator.select chooses the invited teammate
    const second = `support-group-${projectId}-${run}-2`;
    await call('createMessage routed', 'POST', `/${projectId}/requests/${second}/messages`, visitor, { text: 'Anyone there?' });
    await quiet();
    participants = (await call('getConversation routed', 'GET', `/${projectId}/requests/${second}`, owner)).participants;
    await call('closeConversation', 'PUT', `/${projectId}/requests/${second}/close`, owner);
    await quiet();
    await call('reopenConversation', 'PUT', `/${projectId}/requests/${second}/reopen`, owner);
    await quiet();

    // 7. the invited teammate deleted (soft)
    await call('deleteTeammate soft', 'DELETE', `/${projectId}/project_users/${String(invited._id)}?soft=true`, owner);
    await quiet();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }

  // Teammate deliveries about the dataset's own teammates (the recounts of whoever the first conversation went to) are left out.
  const aboutInvited = (body: unknown) => {
    const payload = isRecord(body) ? body.payload : undefined;
    const user = isRecord(payload) ? payload.id_user : undefined;
    return (isRecord(user) ? user._id : user) === invitedUserId;
  };
  const webhooks: Record<string, string[]> = {};
  for (const { event, body } of deliveries) {
    if (event.startsWith('project_user.') && !aboutInvited(body)) continue;
    (webhooks[event] ??= []).push(shapeOf(isRecord(body) ? body.payload : undefined));
  }
  return { rest, webhooks, routed: { participants, invitedUserId }, raw: deliveries };
}
