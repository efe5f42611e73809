// Captures the webhook deliveries of the real server (the release the harness installs, 2.19.16, with
// RESTHOOK_ENABLED) into test/fixtures/webhooks/deliveries-2.19.16.json, which test/webhook-events.test.ts
// checks the contract's webhook payloads against: `lead.create` (and that updating or deleting a lead
// delivers nothing), `group.*`, `department.*`, `project_user.invite|update|update.agent|delete`,
// `operator.select` with the answers a target may give (none, `operators` alone, the payload with its
// `operators` changed or emptied) and the conversation each produced, `request.create|update|close`, `faqbot.*` and `faq.*`, `event.emit`,
// `project.update|downgrade|delete`, and that `user.signup` and `project.create` reach no project's subscription. Run: `npx node scripts/webhooks/capture.mjs`
// (starts and stops the real server with scripts/real-server; needs Debian's redis-server). Loopback only.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRealServer } from '../real-server/index.mjs';

const OUT = fileURLToPath(new URL('../../test/fixtures/webhooks/deliveries-2.19.16.json', import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const server = await startRealServer({ log: (line) => console.error(line), serverEnv: { RESTHOOK_ENABLED: 'true' } });
const deliveries = [];
const steps = [];
/** How the receiver answers `operator.select`: a function of the delivered body. */
/** @type {(body: any) => unknown} */
let selectAnswer = () => ({});
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    const parsed = JSON.parse(body);
    const event = parsed.hook?.event;
    const answer = event === 'operator.select' ? selectAnswer(parsed) : {};
    deliveries.push({
      step: steps.at(-1)?.step,
      event,
      headers: { 'content-type': req.headers['content-type'], 'user-agent': req.headers['user-agent'], origin: req.headers.origin },
      body: parsed,
      answer,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', () => r(undefined)));
const address = receiver.address();
const target = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
try {
  const { baseUrl, token, projectId } = server;
  const call = async (step, method, path, body, auth = token) => {
    const res = await fetch(baseUrl + path, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    steps.push({ step, method, path, body, status: res.status, answer: json });
    await sleep(1500);
    return json;
  };
  const events = [
    'lead.create',
    'lead.update',
    'lead.delete',
    'group.create',
    'group.update',
    'group.delete',
    'department.create',
    'department.update',
    'department.delete',
    'project_user.invite',
    'project_user.update',
    'project_user.update.agent',
    'project_user.delete',
    'operator.select',
  ];
  for (const event of events) await call(`subscribe ${event}`, 'POST', `/${projectId}/subscriptions`, { event, target });

  const lead = await call('createLead', 'POST', `/${projectId}/leads`, { fullname: 'Ada Lovelace', email: 'ada@example.org', attributes: { plan: 'pro' } });
  await call('updateLead', 'PUT', `/${projectId}/leads/${lead._id}`, { fullname: 'Ada King' });
  await call('deleteLead', 'DELETE', `/${projectId}/leads/${lead._id}`);

  const group = await call('createGroup', 'POST', `/${projectId}/groups`, { name: 'Billing', members: [server.userId] });
  await call('updateGroup', 'PUT', `/${projectId}/groups/${group._id}`, { name: 'Billing team' });
  await call('deleteGroup', 'DELETE', `/${projectId}/groups/${group._id}`);
  const group2 = await call('createGroup 2', 'POST', `/${projectId}/groups`, { name: 'Refunds', members: [] });
  await call('deleteGroup force', 'DELETE', `/${projectId}/groups/${group2._id}?force=true`);

  const department = await call('createDepartment', 'POST', `/${projectId}/departments`, { name: 'Sales', routing: 'assigned' });
  await call('updateDepartment', 'PUT', `/${projectId}/departments/${department._id}`, { name: 'Sales EU' });
  await call('patchDepartment', 'PATCH', `/${projectId}/departments/${department._id}`, { description: 'Europe' });
  await call('deleteDepartment', 'DELETE', `/${projectId}/departments/${department._id}`);

  // A user who signs up, invited into the project (an existing user: project_user.invite).
  const email = `agent-${Date.now()}@example.org`;
  await call('signUp', 'POST', '/auth/signup', { email, password: 'Secret-123456', firstname: 'Grace', lastname: 'Hopper' }, '');
  const invited = await call('inviteTeammate', 'POST', `/${projectId}/project_users/invite`, { email, role: 'agent' });
  await call('inviteTeammate pending', 'POST', `/${projectId}/project_users/invite`, { email: `nobody-${Date.now()}@example.org`, role: 'agent' });
  await call('updateTeammate', 'PUT', `/${projectId}/project_users/${invited._id}`, { role: 'supervisor' });
  const agent = await call('signIn agent', 'POST', '/auth/signin', { email, password: 'Secret-123456' }, '');
  await call('updateCurrentTeammate', 'PUT', `/${projectId}/project_users`, { user_available: true }, agent.token);

  await call('deleteTeammate', 'DELETE', `/${projectId}/project_users/${invited._id}`);
  await call('deleteTeammate soft', 'DELETE', `/${projectId}/project_users/${invited._id}?soft=true`);

  // operator.select is called only for a project whose plan is a free trial (or trial mode off) or an
  // active paid subscription (services/departmentService.js getOperators): a fresh project's default
  // plan is one; the harness's seeded project (type payment, no subEnd) is not. So a new project.
  const fresh = await call('createProject', 'POST', '/projects', { name: 'Routing by webhook' });
  const p2 = fresh._id;
  for (const event of ['operator.select', 'project_user.update', 'request.create', 'request.update', 'request.close'])
    await call(`subscribe ${event} (fresh project)`, 'POST', `/${p2}/subscriptions`, { event, target });
  const invited2 = await call('inviteTeammate (fresh project)', 'POST', `/${p2}/project_users/invite`, { email, role: 'agent' });
  const visitor = await call('signInAnonymously', 'POST', '/auth/signinAnonymously', { id_project: p2 }, '');
  const conversation = async (step) => {
    const requestId = `support-group-${p2}-${step.replace(/\W/g, '')}-${Date.now()}`;
    await call(`createMessage ${step}`, 'POST', `/${p2}/requests/${requestId}/messages`, { text: 'Hello' }, visitor.token);
    await call(`getConversation ${step}`, 'GET', `/${p2}/requests/${requestId}`);
  };
  selectAnswer = () => ({});
  await conversation('select answered {}');
  selectAnswer = () => ({ operators: [{ id_user: invited2.id_user }] });
  await conversation('select answered operators only');
  selectAnswer = (body) => ({ ...body.payload, operators: [{ id_user: invited2.id_user }] });
  await conversation('select answered the payload with operators 1');
  await conversation('select answered the payload with operators 2');
  selectAnswer = (body) => ({ ...body.payload, operators: [] });
  await conversation('select answered no operators');
  // request.update and request.close: a conversation closed and reopened.
  const closing = steps.findLast((step) => step.step === 'getConversation select answered the payload with operators 2').answer.request_id;
  await call('closeConversation', 'PUT', `/${p2}/requests/${closing}/close`, {});
  await call('reopenConversation', 'PUT', `/${p2}/requests/${closing}/reopen`, {});
  // faqbot.*, faq.*, event.emit, user.signup and project.* (no contract operation triggers them: the
  // server's routes are called directly). faqbot.* and faq.* on the seeded project.
  for (const event of ['faqbot.create', 'faqbot.update', 'faqbot.delete', 'faq.create', 'faq.update', 'faq.delete', 'event.emit', 'user.signup'])
    await call(`subscribe ${event}`, 'POST', `/${projectId}/subscriptions`, { event, target });
  const bot = await call('createBot', 'POST', `/${projectId}/faq_kb`, { name: 'Helpdesk bot', type: 'internal', description: 'Answers the FAQ' });
  await call('updateBot', 'PUT', `/${projectId}/faq_kb/${bot._id}`, { name: 'Helpdesk bot v2', description: 'Answers the FAQ, politely' });
  const faq = await call('createFaq', 'POST', `/${projectId}/faq`, { id_faq_kb: bot._id, question: 'How do I reset my password?', answer: 'Use the link on the sign-in page.' });
  await call('updateFaq', 'PUT', `/${projectId}/faq/${faq._id}`, { id_faq_kb: bot._id, answer: 'Use the "Forgot password" link on the sign-in page.' });
  await call('deleteFaq', 'DELETE', `/${projectId}/faq/${faq._id}`);
  await call('deleteBot', 'DELETE', `/${projectId}/faq_kb/${bot._id}`);
  await call('emitEvent', 'POST', `/${projectId}/events`, { name: 'checkout', attributes: { cart: 3, currency: 'EUR' } });
  // user.signup carries no project: only a server-wide (global) subscription receives it.
  await call('signUp (user.signup)', 'POST', '/auth/signup', { email: `signup-${Date.now()}@example.org`, password: 'Secret-123456', firstname: 'Alan', lastname: 'Turing' }, '');
  // project.*: a project created for them (project.create carries the new project, which has no
  // subscription yet), updated, patched, downgraded and deleted (a soft delete: status 0).
  const p3 = (await call('createProject (project events)', 'POST', '/projects', { name: 'Project events' }))._id;
  for (const event of ['project.create', 'project.update', 'project.downgrade', 'project.delete']) await call(`subscribe ${event} (project events)`, 'POST', `/${p3}/subscriptions`, { event, target });
  await call('updateProject', 'PUT', `/projects/${p3}`, { name: 'Project events renamed' });
  await call('patchProject', 'PATCH', `/projects/${p3}`, { widget: { themeColor: '#2a6ac1' } });
  await call('downgradeProject', 'PUT', `/projects/${p3}/downgradeplan`, { profile: { name: 'free', type: 'free' } });
  await call('deleteProject', 'DELETE', `/projects/${p3}`);
  await sleep(2000);
  mkdirSync(dirname(OUT), { recursive: true });
  // The deployment's ids and secrets are the run's own; tokens and secrets are cut.
  const text = JSON.stringify(
    { version: '2.19.16', steps, deliveries },
    (key, value) => (key === 'token' || key === 'secret' || key === 'password' || key === 'x-hook-secret' ? '<redacted>' : value),
    1,
  );
  writeFileSync(OUT, text + '\n');
  console.error(`captured ${deliveries.length} deliveries: ${[...new Set(deliveries.map((d) => d.event))].join(', ')}`);
} finally {
  receiver.close();
  await server.stop();
}
