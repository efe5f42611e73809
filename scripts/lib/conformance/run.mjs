// @ts-nocheck -- BASELINE: 9 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The conformance scenario: every operation of the contract called against a running deployment,
// in an order that makes each call meaningful (create → read → update → delete), each answer checked
// by the contract (./contract.mjs). Resources it creates carry the run's prefix and are deleted at
// the end; what the contract offers no way to delete is listed as left behind.
//
// `runConformance` runs named steps in order: the plan (`planOf`: what `--read-only` leaves out),
// the sign-in (`signIn`), the reads (`readAll`), then, unless read-only, the writes of each
// resource group, the probes of risky behaviours, and the report (`report`). Every call goes through
// `callOperation`, which runs one operation: sends it, checks the answer and records both.
import { createServer } from 'node:http';
import { SignJWT } from 'jose';
import { consistentReleases, describeReleases, releaseEvidence } from './releases.mjs';
import { probeRisks } from './risks.mjs';
import { isSignIn } from '../contract-reader.mjs';

const NO_ID = '000000000000000000000000';

/**
 * Reads of a resource only the run's own writes create (`getTag` is not one: the run also calls it
 * on an id that does not exist, read-only or not).
 */
const READS_OF_CREATED = ['getContent', 'getGroup', 'getSegment', 'getLead', 'getSubscription', 'getConversation', 'listMessages'];

/**
 * One operation's outcome, with the calls made for it.
 * @typedef {{ operationId: string, method: string, path: string, outcome: 'pass' | 'fail' | 'skip', calls: { method: string, url: string, status: number, problems: string[] }[], skips: string[] }} OperationReport
 */
/**
 * A run's report: `warnings` are risky behaviours observed that pass the contract (they never fail
 * the run); `run` is the run's prefix, `conformance-<base36 time>`.
 * @typedef {{ passed: number, failed: number, skipped: number, unreachable: boolean, operations: OperationReport[], leftBehind: string[], warnings: string[], run: string, releases: { fits: string[], evidence: import('./releases.mjs').ReleaseEvidence[] } }} ConformanceReport
 */

/**
 * Runs the scenario and prints the report.
 * @param {object} options
 * @param {import('./contract.mjs').IndexedContract} options.contract
 * @param {string} options.baseUrl API root without a trailing slash.
 * @param {string} options.projectId
 * @param {string} [options.email] with `password`: an admin or owner of the project.
 * @param {string} [options.password]
 * @param {string} [options.token] a JWT of an admin or owner (alternative to email/password).
 * @param {string} [options.projectSecret] the project's JWT secret (signs a custom token).
 * @param {boolean} options.readOnly only reads and sign-ins.
 * @param {boolean} options.resetLabels run deleteAllLabels even when the project has labels, restoring them afterwards.
 * @param {string} [options.sitemapUrl]
 * @param {number} options.timeout per-request timeout in ms.
 * @param {(line: string) => void} options.print
 * @returns {Promise<ConformanceReport>}
 */
export async function runConformance(options) {
  const ctx = startRun(options);
  const plan = planOf(options.contract);
  const session = await signIn(ctx);
  if (!session) return report(ctx);
  const reads = await readAll(ctx, session);
  if (options.readOnly) {
    ctx.skip(plan.writes, '--read-only');
    ctx.warnings.push(...(await risks(ctx, session, reads)));
    return report(ctx);
  }
  await writeKnowledgeBases(ctx, session, reads);
  // Messages and subscriptions come before the team step, which removes the guest.
  await writeMessagesAndSubscriptions(ctx, session);
  await writeTeam(ctx, session, reads);
  await writeGroupsSegmentsTagsLeads(ctx, session);
  await writeLabels(ctx, session, reads);
  ctx.warnings.push(...(await risks(ctx, session, reads)));
  return report(ctx);
}

/**
 * The plan: the operations `--read-only` leaves out, from the contract. The writes are the operations
 * whose method is not GET, except the sign-ins (the contract's `x-sign-in`),
 * which a read-only run needs as well; with them go the reads of what only those writes create.
 * @param {import('./contract.mjs').IndexedContract} contract
 * @returns {{ writes: string[] }}
 */
export function planOf(contract) {
  const writes = contract.operations.filter(({ method, operation }) => method !== 'GET' && !isSignIn(operation)).map((o) => o.operationId);
  return { writes: [...writes, ...READS_OF_CREATED.filter((id) => contract.operations.some((o) => o.operationId === id))] };
}

/** The state of one run: each operation's calls and skips, what is left behind, warnings, and the run's prefix. */
function startRun(options) {
  const ctx = {
    options,
    /** The prefix of every name the run creates. */
    run: `conformance-${Date.now().toString(36)}`,
    results: new Map(options.contract.operations.map((op) => [op.operationId, { calls: [], skips: [] }])),
    leftBehind: [],
    warnings: [],
    /** @type {import('./releases.mjs').ReleaseEvidence[]} what the 200 bodies say of the release */
    releaseEvidence: [],
    /** Nothing ever answered: the deployment is not there. */
    unreachable: false,
    answered: 0,
    send: (operationId, request) => callOperation(ctx, operationId, request),
    skip: (operationIds, reason) => {
      for (const id of [operationIds].flat()) ctx.results.get(id)?.skips.push(reason);
    },
  };
  return ctx;
}

/**
 * The `Accept` a client of the operation sends: its 200's media types, then JSON (a server that
 * negotiates, as Prism does, answers 406 to a CSV operation asked for JSON alone), `application/json` by default.
 * @param {any} operation the OpenAPI operation (dereferenced).
 */
function acceptOf(operation) {
  const types = Object.keys(operation.responses?.['200']?.content ?? {});
  return types.length && !types.includes('application/json') ? [...types, 'application/json'].join(', ') : 'application/json';
}

/** Runs one operation: sends one call of it, checks the answer and records it; never throws for HTTP or network failures. */
async function callOperation(ctx, operationId, { params = {}, query, body, auth, headers: extra } = {}) {
  const { contract, baseUrl, projectId, timeout } = ctx.options;
  const { method, path, operation } = contract.operation(operationId);
  const filled = path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(name === 'project_id' && !(name in params) ? projectId : String(params[name])));
  const url = new URL(baseUrl + filled);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  const record = { method, path, url: `${url.pathname}${url.search}`, status: 0, problems: contract.checkRequest(operationId, body) };
  ctx.results.get(operationId).calls.push(record);
  const headers = { accept: acceptOf(operation), ...(auth ? { authorization: auth } : {}), ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeout) });
  } catch (error) {
    const cause = error?.name === 'TimeoutError' ? `no answer within ${timeout} ms` : `no answer: ${error?.cause?.code ?? error?.message ?? error}`;
    record.problems.push(cause);
    // Nothing ever answered: the deployment is not there (wrong URL, not started); stop at once.
    if (ctx.answered === 0) ctx.unreachable = true;
    return { status: 0, body: undefined, ok: false };
  }
  ctx.answered++;
  record.status = response.status;
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  let parsed = text;
  if (text !== '' && /json/i.test(contentType ?? '')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      record.problems.push(`${response.status}: the body is not valid JSON`);
      return { status: response.status, body: undefined, ok: false };
    }
  }
  record.problems.push(...contract.checkResponse(operationId, { status: response.status, contentType, headers: response.headers, text, body: parsed }));
  // What the 200 body says of the server's release (its fields that only some releases send).
  if (response.status === 200 && parsed !== text)
    ctx.releaseEvidence.push(...releaseEvidence(operationId, contract.operation(operationId).operation.responses?.['200']?.content?.['application/json']?.schema, parsed));
  return { status: response.status, body: parsed, ok: response.status === 200, headers: response.headers };
}

/**
 * The sign-in: the admin's token (signing in with `--email`/`--password`, or `--token`), an
 * anonymous guest and, with `--project-secret`, an external user.
 * @returns the session, or `undefined` when the run cannot go on (nothing answered, or no token).
 */
async function signIn(ctx) {
  const { send, skip, run, options } = ctx;
  const { projectId, print } = options;
  let token = options.token ? (/^jwt\s/i.test(options.token) ? options.token : `JWT ${options.token}`) : undefined;
  let me;
  let signInBody;
  if (options.email && options.password) {
    // A wrong password first: its answer (401 on a real service) must be a declared error shape.
    await send('signIn', { body: { email: options.email, password: `${options.password}-wrong-${run}` } });
    if (ctx.unreachable) return undefined;
    const signIn = await send('signIn', { body: { email: options.email, password: options.password } });
    if (signIn.ok) {
      signInBody = signIn.body;
      token = signIn.body.token;
      me = signIn.body.user?._id;
    }
  } else {
    skip('signIn', 'needs --email and --password');
  }
  if (!token) {
    print('conformance: could not sign in; nothing else can be checked.');
    return undefined;
  }
  me ??= userIdOf(token);
  const admin = token;
  const guestSignIn = await send('signInAnonymously', { body: { id_project: projectId, firstname: `${run}-guest`, attributes: { sourcePage: 'https://conformance.supportkb.invalid/' } } });
  if (ctx.unreachable) return undefined;
  const guest = guestSignIn.ok ? { token: guestSignIn.body.token, uuid: guestSignIn.body.user?._id } : undefined;
  let external;
  if (options.projectSecret) {
    external = `${run}-external`;
    const custom = await new SignJWT({ _id: external, firstname: 'Conformance', lastname: 'External', sub: 'userexternal' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(`https://tiledesk.com/projects/${projectId}`)
      .setIssuedAt()
      .sign(new TextEncoder().encode(options.projectSecret));
    const signed = await send('signInWithCustomToken', { auth: `JWT ${custom}` });
    if (!signed.ok) external = undefined;
  } else {
    skip('signInWithCustomToken', 'needs --project-secret (the project JWT secret signs the custom token)');
  }
  return { admin, me, signInBody, guest, external };
}

/** The reads, after the error shapes every deployment must send as declared; returns what the writes build on. */
async function readAll(ctx, { admin, me }) {
  const { send, skip, options } = ctx;
  const { contract } = options;
  // Error shapes every deployment must send as declared.
  await send('listTags', {});
  await send('getTag', { params: { id: NO_ID }, auth: admin });

  const kbs = await send('listKnowledgeBases', { auth: admin });
  const defaultKb = kbs.ok && Array.isArray(kbs.body) ? (kbs.body.find((kb) => kb.default) ?? kbs.body[0])?.id : undefined;
  const teammates = await send('listTeammates', { auth: admin });
  const mine = teammates.ok && Array.isArray(teammates.body) ? teammates.body.find((t) => (t.id_user?._id ?? t.id_user) === me) : undefined;
  if (mine) await send('getTeammate', { params: { project_user_id: mine._id ?? mine.id }, auth: admin });
  else skip('getTeammate', 'the signed-in user is not in listTeammates');
  if (me) await send('getTeammateByUserId', { params: { user_id: me }, auth: admin });
  await send('listGroups', { auth: admin });
  await send('listSegments', { auth: admin });
  await send('listTags', { auth: admin, query: { page: 0 } });
  await send('listLeads', { auth: admin });
  const labels = await send('listLabels', {});
  await send('getLabels', { params: { lang: 'EN' } });
  await send('listDefaultLabels', {});
  await send('getDefaultLabels', { params: { lang: 'FR' } });
  if (defaultKb) await send('listContents', { auth: admin, query: { namespace: defaultKb, limit: 5 } });
  await send('listContents', { auth: admin });
  for (const op of contract.operations.filter((o) => o.path.includes('/analytics/'))) await send(op.operationId, { auth: admin });
  if (contract.operations.some((o) => o.operationId === 'listSubscriptions')) await send('listSubscriptions', { auth: admin });
  if (contract.operations.some((o) => o.operationId === 'listDepartments')) {
    // Departments are read without credentials on the real server.
    const departments = await send('listDepartments', {});
    const first = departments.ok && Array.isArray(departments.body) ? departments.body[0]?._id : undefined;
    await send('getDepartment', { params: { department_id: first ?? 'default' } });
    await send('getDepartment', { params: { department_id: 'default' }, auth: admin });
  }
  return { defaultKb, teammates, mine, labels };
}

/** The risky behaviours a run can observe (./risks.mjs), as warnings. */
function risks(ctx, { admin, signInBody }, { teammates }) {
  const { baseUrl, projectId, email, readOnly, timeout } = ctx.options;
  return probeRisks({ baseUrl, projectId, admin, email, signIn: signInBody, teammates: teammates.ok && Array.isArray(teammates.body) ? teammates.body : [], run: ctx.run, readOnly, timeout });
}

/** Knowledge bases and contents: create, update, read, delete. */
async function writeKnowledgeBases(ctx, { admin }, { defaultKb }) {
  const { send, skip, run, leftBehind, options } = ctx;
  const { baseUrl } = options;
  const kb = await send('createKnowledgeBase', { auth: admin, body: { name: `${run}-kb` } });
  const namespace = kb.ok ? kb.body.id : defaultKb;
  if (kb.ok) {
    await send('updateKnowledgeBase', {
      params: { id: kb.body.id },
      auth: admin,
      body: { name: `${run}-kb-renamed`, preview_settings: { model: 'gpt-4o', max_tokens: 256, temperature: 0.7, top_k: 4, context: null } },
    });
  } else {
    skip(['updateKnowledgeBase', 'deleteKnowledgeBase'], `createKnowledgeBase answered ${kb.status}`);
  }
  const contentIds = [];
  if (namespace) {
    const created = await send('createContent', { auth: admin, body: { name: `${run}-text`, type: 'text', source: `${run}-text`, content: 'Opening hours: Mon-Fri 9-18', namespace } });
    const content = created.ok ? (created.body.value ?? created.body) : undefined;
    if (content?._id) {
      contentIds.push(content._id);
      await send('getContent', { params: { content_id: content._id }, auth: admin });
    } else {
      skip('getContent', `createContent answered ${created.status}`);
    }
    await send('listContents', { auth: admin, query: { namespace, search: run } });
    const multi = await send('createContentsFromUrls', { auth: admin, query: { namespace }, body: { list: [`https://conformance.supportkb.invalid/${run}/page`] } });
    if (multi.ok && Array.isArray(multi.body)) contentIds.push(...multi.body.map((c) => c._id).filter(Boolean));
  } else {
    skip(['createContent', 'getContent', 'createContentsFromUrls'], 'no knowledge base to write into');
  }
  await withSitemap(options, baseUrl, (sitemap) => send('parseSitemap', { auth: admin, body: { sitemap } }));
  if (!contentIds.length) skip('deleteContent', 'no content was created');
  for (const id of contentIds) {
    const deleted = await send('deleteContent', { params: { content_id: id }, auth: admin });
    if (!deleted.ok) leftBehind.push(`content ${id} (deleteContent answered ${deleted.status})`);
  }
  if (kb.ok) {
    await send('deleteKnowledgeBase', { params: { id: kb.body.id }, auth: admin, query: { contents_only: true } });
    const deleted = await send('deleteKnowledgeBase', { params: { id: kb.body.id }, auth: admin });
    if (!deleted.ok) leftBehind.push(`knowledge base ${kb.body.id} (deleteKnowledgeBase answered ${deleted.status})`);
  }
}

/** A message as the guest, and a subscription (removed again when it is the run's own). */
async function writeMessagesAndSubscriptions(ctx, { admin, guest }) {
  const { send, skip, run, leftBehind, options } = ctx;
  const { projectId } = options;
  const removeSubscription = (id) => removeSubscriptionOf(ctx, admin, id);
  if (guest) {
    const requestId = `support-group-${projectId}-${run.replace(/[^a-z0-9]/g, '')}`;
    const message = await send('createMessage', { params: { request_id: requestId }, auth: guest.token, body: { text: `Hello from ${run}` } });
    if (message.ok) leftBehind.push(`conversation ${requestId} and its messages, closed (the contract has no operation to delete them)`);
    if (ctx.options.contract.operations.some((o) => o.operationId === 'closeConversation')) {
      const params = { request_id: requestId };
      await send('listConversations', { auth: admin, query: { status: 'all', limit: 10 } });
      await send('getConversation', { params, auth: admin });
      await send('listMessages', { params, auth: guest.token });
      // The run's own conversation only: updated, handed over to the signed-in admin and back, closed,
      // reopened, closed again.
      await send('updateConversation', { params, auth: admin, body: { subject: `Conformance ${run}`, priority: 'high' } });
      const me = userIdOf(admin);
      if (me) {
        await send('addConversationParticipant', { params, auth: admin, body: { member: me } });
        await send('setConversationParticipants', { params, auth: admin, body: [me] });
        await send('removeConversationParticipant', { params: { ...params, participant_id: me }, auth: admin });
      } else skip(['addConversationParticipant', 'setConversationParticipants', 'removeConversationParticipant'], 'the admin token names no user');
      // Routed (unassigned now: the default department's routing picks a teammate), then handed to a teammate again.
      await send('assignConversation', { params, auth: admin, body: {} });
      await send('transferConversationToAgent', { params, auth: admin });
      await send('closeConversation', { params, auth: admin });
      await send('reopenConversation', { params, auth: admin });
      await send('closeConversation', { params, auth: admin });
    }
  } else
    skip(
      [
        'createMessage',
        'listConversations',
        'getConversation',
        'listMessages',
        'updateConversation',
        'addConversationParticipant',
        'setConversationParticipants',
        'removeConversationParticipant',
        'assignConversation',
        'transferConversationToAgent',
        'closeConversation',
        'reopenConversation',
      ],
      'signInAnonymously failed: no guest to write as',
    );
  const hookTarget = `https://conformance.supportkb.invalid/${run}/hooks`;
  const subscription = await send('createSubscription', { auth: admin, body: { event: 'lead.create', target: hookTarget } });
  // A project already subscribed to the event gets its own subscription back: change and remove only the run's.
  const own = subscription.ok && subscription.body?.target === hookTarget ? subscription.body._id : undefined;
  if (subscription.ok && subscription.body?._id) await send('getSubscription', { params: { subscription_id: subscription.body._id }, auth: admin });
  else skip('getSubscription', `createSubscription answered ${subscription.status}`);
  if (!ctx.options.contract.operations.some((o) => o.operationId === 'deleteSubscription')) {
    if (own) await removeSubscription(own);
    return;
  }
  // Only the run's own subscription is changed; when the deployment answered an existing one, the
  // update upserts a bare subscription on a fresh id of the run's, which the delete then removes.
  const changed = own ?? freshObjectId();
  await send('updateSubscription', { params: { subscription_id: changed }, auth: admin, body: { target: `${hookTarget}/v2` } });
  const removed = await send('deleteSubscription', { params: { subscription_id: changed }, auth: admin });
  if (!removed.ok || removed.body === null) leftBehind.push(`subscription ${changed} (deleteSubscription answered ${removed.status})`);
}

/** A random ObjectId (24 hexadecimal digits) no document has. */
function freshObjectId() {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The team: an invitation, the signed-in teammate's own update, and the teammates the run made (updated, then removed). */
async function writeTeam(ctx, { admin, guest, external }, { mine }) {
  const { send, skip, run, leftBehind } = ctx;
  const invitee = `${run}@conformance.supportkb.invalid`;
  const invite = await send('inviteTeammate', { auth: admin, body: { email: invitee, role: 'agent', firstname: 'Conformance', lastname: 'Invitee' } });
  if (invite.ok && invite.body?.pendingInvitation) leftBehind.push(`pending invitation of ${invitee} (the contract has no operation to withdraw it)`);
  if (mine) await send('updateCurrentTeammate', { auth: admin, body: { user_available: mine.user_available ?? true } });
  else skip('updateCurrentTeammate', 'the signed-in user is not in listTeammates');
  // The teammates this run made (the guest and the external user) are updated and removed.
  const ownTeammates = [];
  for (const uuid of [guest?.uuid, external].filter(Boolean)) {
    const found = await send('getTeammateByUserId', { params: { user_id: uuid }, auth: admin });
    const teammate = found.ok ? [found.body].flat()[0] : undefined;
    if (teammate?._id) ownTeammates.push(teammate._id);
  }
  if (ownTeammates.length) {
    await send('updateTeammate', { params: { project_user_id: ownTeammates[0] }, auth: admin, body: { user_available: false, attributes: { conformance: run } } });
    await send('deleteTeammate', { params: { project_user_id: ownTeammates[0] }, auth: admin });
    for (const id of ownTeammates) {
      const removed = await send('deleteTeammate', { params: { project_user_id: id }, auth: admin, query: { hard: true } });
      if (!removed.ok) leftBehind.push(`teammate ${id} (deleteTeammate answered ${removed.status})`);
    }
  } else {
    skip(['updateTeammate', 'deleteTeammate'], 'no teammate of this run to change (signInAnonymously failed)');
  }
}

/** Groups, segments, tags and leads: create, read, update, delete. */
async function writeGroupsSegmentsTagsLeads(ctx, { admin, me }) {
  const { send, skip, run, leftBehind } = ctx;
  const group = await send('createGroup', { auth: admin, body: { name: `${run}-group`, members: me ? [me] : [] } });
  if (group.ok) {
    await send('getGroup', { params: { id: group.body._id }, auth: admin });
    await send('updateGroup', { params: { id: group.body._id }, auth: admin, body: { name: `${run}-group-renamed` } });
    await send('deleteGroup', { params: { id: group.body._id }, auth: admin });
    const forced = await send('deleteGroup', { params: { id: group.body._id }, auth: admin, query: { force: true } });
    if (!forced.ok) leftBehind.push(`group ${group.body._id} (trashed; the forced delete answered ${forced.status})`);
  } else skip(['getGroup', 'updateGroup', 'deleteGroup'], `createGroup answered ${group.status}`);

  const segment = await send('createSegment', { auth: admin, body: { name: `${run}-segment`, match: 'all', filters: [{ field: 'city', operator: '=', value: 'Milano' }] } });
  if (segment.ok) {
    await send('getSegment', { params: { id: segment.body._id }, auth: admin });
    await send('updateSegment', { params: { id: segment.body._id }, auth: admin, body: { name: `${run}-segment-renamed`, match: 'any' } });
    await send('deleteSegment', { params: { id: segment.body._id }, auth: admin });
  } else skip(['getSegment', 'updateSegment', 'deleteSegment'], `createSegment answered ${segment.status}`);

  const tag = await send('createTag', { auth: admin, body: { tag: `${run}-tag`, color: '#43a047' } });
  if (tag.ok) {
    await send('getTag', { params: { id: tag.body._id }, auth: admin });
    await send('updateTag', { params: { id: tag.body._id }, auth: admin, body: { tag: `${run}-tag-renamed` } });
    await send('deleteTag', { params: { id: tag.body._id }, auth: admin });
  } else skip(['updateTag', 'deleteTag'], `createTag answered ${tag.status}`);

  const lead = await send('createLead', { auth: admin, body: { fullname: `${run} Lead`, email: `${run}@example.org` } });
  if (lead.ok) {
    await send('getLead', { params: { id: lead.body._id }, auth: admin });
    await send('updateLead', { params: { id: lead.body._id }, auth: admin, body: { city: 'Torino', tags: ['conformance'] } });
    // What the service's own JavaScript client sends for updateLead(id, { fullname }, null, null).
    await send('updateLead', { params: { id: lead.body._id }, auth: admin, body: { fullname: `${run} Lead renamed`, attributes: null, tags: null } });
    await send('listLeads', { auth: admin, query: { email: `${run}@example.org` } });
    await send('exportLeadsCsv', { auth: admin, query: { email: `${run}@example.org` } });
    await send('deleteLead', { params: { id: lead.body._id }, auth: admin });
  } else skip(['getLead', 'updateLead', 'exportLeadsCsv', 'deleteLead'], `createLead answered ${lead.status}`);
}

/** Labels (project-wide: snapshot, change, restore): upsertLabels, cloneDefaultLabels, setDefaultLabels, deleteLabels and deleteAllLabels, leaving the labels as they were. */
async function writeLabels(ctx, { admin }, { labels }) {
  const { send, skip, run, leftBehind, options } = ctx;
  if (!labels.ok) {
    skip(['upsertLabels', 'cloneDefaultLabels', 'setDefaultLabels', 'deleteLabels', 'deleteAllLabels'], `listLabels answered ${labels.status}`);
    return;
  }
  const before = Array.isArray(labels.body?.data) ? labels.body.data : [];
  const previousDefault = before.find((entry) => entry.default)?.lang;
  const [own, cloned] = ['XX', 'XY'];
  if (before.some((entry) => entry.lang === own || entry.lang === cloned)) {
    skip(['upsertLabels', 'cloneDefaultLabels', 'setDefaultLabels', 'deleteLabels', 'deleteAllLabels'], `the project already has labels for ${own} or ${cloned}, the languages this run writes`);
    return;
  }
  await send('upsertLabels', { auth: admin, body: { lang: own, data: { LABEL_PLACEHOLDER: `${run} placeholder` } } });
  await send('cloneDefaultLabels', { auth: admin, body: { lang: cloned } });
  await send('setDefaultLabels', { params: { lang: own }, auth: admin });
  if (previousDefault) await send('setDefaultLabels', { params: { lang: previousDefault }, auth: admin });
  await send('deleteLabels', { params: { lang: cloned }, auth: admin });
  if (previousDefault) await send('deleteLabels', { params: { lang: own }, auth: admin });
  else if (before.length) leftBehind.push(`labels of ${own}, now the default language (the project had no default to restore)`);
  if (!before.length) {
    await send('deleteAllLabels', { auth: admin });
  } else if (options.resetLabels) {
    await send('deleteAllLabels', { auth: admin });
    for (const entry of [...before].sort((a, b) => Number(a.default) - Number(b.default))) {
      const restored = await send('upsertLabels', { auth: admin, body: { lang: entry.lang, data: entry.data, ...(entry.default ? { default: true } : {}) } });
      if (!restored.ok) leftBehind.push(`labels of ${entry.lang} were not restored (upsertLabels answered ${restored.status})`);
    }
  } else {
    skip('deleteAllLabels', 'the project has labels (pass --reset-labels to delete and restore them)');
  }
}

/** Removes a subscription outside the run's checks (a contract without `deleteSubscription`: the service's `DELETE /{project_id}/subscriptions/{id}` is tried). */
async function removeSubscriptionOf(ctx, admin, id) {
  const { baseUrl, projectId, timeout } = ctx.options;
  try {
    const response = await fetch(`${baseUrl}/${projectId}/subscriptions/${id}`, { method: 'DELETE', headers: { authorization: admin }, signal: AbortSignal.timeout(timeout) });
    await response.body?.cancel();
    if (response.ok) return;
    ctx.leftBehind.push(`subscription ${id} (DELETE /{project_id}/subscriptions/{id}, outside the contract, answered ${response.status})`);
  } catch {
    ctx.leftBehind.push(`subscription ${id} (DELETE /{project_id}/subscriptions/{id} did not answer)`);
  }
}

/** The report: one line per operation (contract order), what is left behind, the warnings and the summary. */
function report(ctx) {
  const { contract, baseUrl, print } = ctx.options;
  const { results, unreachable, leftBehind, warnings, run } = ctx;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const operations = [];
  const width = Math.max(...contract.operations.map((o) => o.operationId.length));
  for (const { operationId, method, path } of contract.operations) {
    const { calls, skips } = results.get(operationId);
    const problems = calls.flatMap((c) => c.problems.map((p) => `${c.method} ${c.url} → ${c.status || 'no answer'}: ${p}`));
    const statuses = [...new Set(calls.map((c) => c.status || 'none'))].join(', ');
    let outcome;
    if (problems.length) {
      failed++;
      outcome = 'fail';
      print(`FAIL  ${operationId.padEnd(width)}  ${method} ${path} → ${statuses}`);
      for (const problem of problems) print(`        ${problem}`);
    } else if (calls.length) {
      passed++;
      outcome = 'pass';
      print(`pass  ${operationId.padEnd(width)}  ${method} ${path} → ${statuses}`);
    } else {
      skipped++;
      outcome = 'skip';
      print(`skip  ${operationId.padEnd(width)}  ${skips[0] ?? (unreachable ? 'the deployment did not answer' : 'not reached: an earlier step failed')}`);
    }
    operations.push({ operationId, method, path, outcome, calls: calls.map(({ method: m, url, status, problems: p }) => ({ method: m, url, status, problems: p })), skips });
  }
  if (unreachable) print(`conformance: ${baseUrl} did not answer: is the deployment running at that URL?`);
  for (const item of leftBehind) print(`left behind: ${item}`);
  for (const warning of warnings) print(`warning: ${warning}`);
  // The releases of the window the answers fit (the server reports no version of its own).
  const releases = consistentReleases(ctx.releaseEvidence);
  if (!unreachable) print(describeReleases(releases));
  print(`${passed} passed, ${failed} failed, ${skipped} skipped${warnings.length ? `, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : ''}`);
  return { passed, failed, skipped, unreachable, operations, leftBehind, warnings, run, releases: { fits: releases.releases, evidence: releases.evidence } };
}

/** The `_id` claim of a JWT (unverified: only to know who the caller is). */
function userIdOf(token) {
  try {
    const payload = JSON.parse(Buffer.from(token.replace(/^jwt\s+/i, '').split('.')[1], 'base64url').toString('utf8'));
    return typeof payload._id === 'string' ? payload._id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `use(sitemapUrl)`. For a deployment on loopback without `--sitemap-url`, a one-page sitemap is
 * served on loopback for the duration (the service fetches it); otherwise the given or a public URL.
 */
async function withSitemap(options, baseUrl, use) {
  if (options.sitemapUrl) return use(options.sitemapUrl);
  const host = new URL(baseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) return use('https://example.com/sitemap.xml');
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://127.0.0.1/conformance/page</loc></url></urlset>\n`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${server.address().port}/sitemap.xml`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
