// The supportkb quickstart: sign in, then one call in every resource group, with the typed SDK.
// Run it with `npm run demo` (which starts a mock), or against any deployment:
//   SUPPORTKB_BASE_URL=https://api.tiledesk.com/v2 SUPPORTKB_EMAIL=... SUPPORTKB_PASSWORD=... SUPPORTKB_PROJECT_ID=... node examples/quickstart/index.mjs
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supportkb/sdk';

/**
 * Runs the tour and returns its transcript lines (also printed through `log`).
 * @param {{ baseUrl: string, email: string, password: string, projectId: string, log?: (line: string) => void }} options
 * @returns {Promise<string[]>}
 */
export async function quickstart({ baseUrl, email, password, projectId, log = console.log }) {
  const lines = [];
  const say = (operation, text) => {
    const line = `  ✓ ${operation.padEnd(26)} ${text}`;
    lines.push(line);
    log(line);
  };

  // One client for the project; errors throw typed SupportKbError subclasses.
  const sk = createClient({ baseUrl, projectId });

  // 1. Sign in as an agent: the client keeps the returned `JWT ` token for every later call.
  const session = await sk.auth.signIn({ email, password });
  say('auth.signIn', `signed in as ${session.user.email} (token kept by the client, not shown)`);

  // 2. One call in every group.
  const kbs = await sk.kb.list();
  const defaultKb = kbs.find((kb) => kb.default) ?? kbs[0];
  say('kb.list', `${kbs.length} knowledge base(s); default "${defaultKb?.name}"`);

  const contents = await sk.kb.contents.list({ namespace: defaultKb?.id ?? projectId });
  say('kb.contents.list', `${contents.count} content(s), first: ${contents.kbs[0] ? `"${contents.kbs[0].name}" (status ${contents.kbs[0].status})` : 'none'}`);

  const team = await sk.team.list();
  say('team.list', `${team.length} teammate(s): ${team.map((t) => t.role).join(', ')}`);

  const groups = await sk.groups.list();
  say('groups.list', `${groups.length} group(s): ${groups.map((g) => g.name).join(', ')}`);

  const segments = await sk.segments.list();
  say('segments.list', `${segments.count} segment(s), ${segments.perPage} per page`);

  const tag = await sk.tags.create({ tag: 'refund', color: '#43a047' });
  say('tags.create', `tag "${tag.tag}" ${tag.color} (${tag._id})`);
  const tags = await sk.tags.list({ page: 0 });
  say('tags.list', `${tags.length} tag(s) on page 0: ${tags.map((t) => t.tag).join(', ')}`);

  const labels = await sk.labels.get({ lang: 'IT' });
  say('labels.get', `labels for ${labels.lang}: ${Object.keys(labels.data ?? {}).length} key(s)`);

  const leads = await sk.leads.list();
  say('leads.list', `${leads.count} lead(s), first: ${leads.leads[0]?.fullname ?? 'none'}`);

  const conversations = await sk.analytics.countRequests();
  say('analytics.countRequests', `${conversations[0]?.totalCount ?? 0} conversation(s) in the last 30 days`);

  const message = await sk.messages.create({ request_id: 'support-group-7d3e5f9a-2b4c-4d6e-8f0a-1b2c3d4e5f6a', text: 'Hello! How can I help you today?' });
  say('messages.create', `message ${message._id} in ${message.recipient}: "${message.text}"`);

  const subscription = await sk.subscriptions.create({ event: 'message.create', target: 'https://hooks.acme-support.test/tiledesk' });
  say('subscriptions.create', `${subscription.event} → ${subscription.target} (secret received, not shown)`);
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
