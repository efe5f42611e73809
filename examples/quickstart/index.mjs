// The supportkb quickstart: sign in, then one call in every resource group, with the typed SDK.
// Run it with `npm run demo` (which starts a mock), or against any deployment:
//   SUPPORTKB_BASE_URL=https://api.tiledesk.com/v2 SUPPORTKB_EMAIL=... SUPPORTKB_PASSWORD=... SUPPORTKB_PROJECT_ID=... node examples/quickstart/index.mjs
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSupportKbClient,
  signIn,
  listContents,
  listKnowledgeBases,
  listTeammates,
  listGroups,
  listSegments,
  createTag,
  listTags,
  getLabels,
  listLeads,
  countRequests,
  createMessage,
  createSubscription,
} from '@supportkb/sdk';

/**
 * Unwraps an SDK result: the typed `data` of a 200, or an Error naming the operation, status and the service's message.
 * @template T
 * @param {string} operation
 * @param {Promise<{ data?: T, error?: unknown, response?: Response }>} call
 * @returns {Promise<T>}
 */
async function ok(operation, call) {
  const { data, error, response } = await call;
  if (error !== undefined || !response?.ok) {
    const detail = typeof error === 'string' ? error : JSON.stringify(error);
    throw new Error(`${operation} failed with HTTP ${response?.status}: ${detail}`);
  }
  return /** @type {T} */ (data);
}

/**
 * Runs the tour and returns its transcript lines (also printed through `log`).
 * @param {{ baseUrl: string, email: string, password: string, projectId: string, log?: (line: string) => void }} options
 */
export async function quickstart({ baseUrl, email, password, projectId, log = console.log }) {
  const lines = [];
  const say = (operation, text) => {
    const line = `  ✓ ${operation.padEnd(20)} ${text}`;
    lines.push(line);
    log(line);
  };
  const project_id = projectId;

  // 1. Sign in as an agent; the returned token (with its `JWT ` prefix) authenticates every later call.
  const anonymous = createSupportKbClient({ baseUrl });
  const session = await ok('signIn', signIn({ client: anonymous, body: { email, password } }));
  say('signIn', `signed in as ${session.user.email} (token received, ${session.token.length} chars, not shown)`);
  const client = createSupportKbClient({ baseUrl, auth: { token: session.token } });

  // 2. One call in every group.
  const kbs = await ok('listKnowledgeBases', listKnowledgeBases({ client, path: { project_id } }));
  const defaultKb = kbs.find((kb) => kb.default) ?? kbs[0];
  say('listKnowledgeBases', `${kbs.length} knowledge base(s); default "${defaultKb?.name}"`);

  const contents = await ok('listContents', listContents({ client, path: { project_id }, query: { namespace: defaultKb?.id ?? project_id } }));
  say('listContents', `${contents.count} content(s), first: ${contents.kbs[0] ? `"${contents.kbs[0].name}" (status ${contents.kbs[0].status})` : 'none'}`);

  const team = await ok('listTeammates', listTeammates({ client, path: { project_id } }));
  say('listTeammates', `${team.length} teammate(s): ${team.map((t) => t.role).join(', ')}`);

  const groups = await ok('listGroups', listGroups({ client, path: { project_id } }));
  say('listGroups', `${groups.length} group(s): ${groups.map((g) => g.name).join(', ')}`);

  const segments = await ok('listSegments', listSegments({ client, path: { project_id } }));
  say('listSegments', `${segments.count} segment(s), ${segments.perPage} per page`);

  const tag = await ok('createTag', createTag({ client, path: { project_id }, body: { tag: 'refund', color: '#43a047' } }));
  say('createTag', `tag "${tag.tag}" ${tag.color} (${tag._id})`);
  const tags = await ok('listTags', listTags({ client, path: { project_id }, query: { page: 0 } }));
  say('listTags', `${tags.length} tag(s) on page 0: ${tags.map((t) => t.tag).join(', ')}`);

  const labels = await ok('getLabels', getLabels({ client, path: { project_id, lang: 'IT' } }));
  say('getLabels', `labels for ${labels.lang}: ${Object.keys(labels.data ?? {}).length} key(s)`);

  const leads = await ok('listLeads', listLeads({ client, path: { project_id } }));
  say('listLeads', `${leads.count} lead(s), first: ${leads.leads[0]?.fullname ?? 'none'}`);

  const conversations = await ok('countRequests', countRequests({ client, path: { project_id } }));
  say('countRequests', `${conversations[0]?.totalCount ?? 0} conversation(s) in the last 30 days`);

  const request_id = 'support-group-7d3e5f9a-2b4c-4d6e-8f0a-1b2c3d4e5f6a';
  const message = await ok('createMessage', createMessage({ client, path: { project_id, request_id }, body: { text: 'Hello! How can I help you today?' } }));
  say('createMessage', `message ${message._id} in ${message.recipient}: "${message.text}"`);

  const subscription = await ok(
    'createSubscription',
    createSubscription({ client, path: { project_id }, body: { event: 'message.create', target: 'https://hooks.acme-support.test/tiledesk' } }),
  );
  say('createSubscription', `${subscription.event} → ${subscription.target} (secret received, not shown)`);
  return lines;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const env = process.env;
  for (const name of ['SUPPORTKB_BASE_URL', 'SUPPORTKB_EMAIL', 'SUPPORTKB_PASSWORD', 'SUPPORTKB_PROJECT_ID']) {
    if (!env[name]) {
      console.error(`Set ${name} (or run \`npm run demo\`, which starts a mock).`);
      process.exit(2);
    }
  }
  await quickstart({ baseUrl: env.SUPPORTKB_BASE_URL, email: env.SUPPORTKB_EMAIL, password: env.SUPPORTKB_PASSWORD, projectId: env.SUPPORTKB_PROJECT_ID });
}
