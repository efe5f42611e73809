// @ts-nocheck -- BASELINE: 4 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The supportkb quickstart: sign in, then one call in every resource group, create and list, walk
// pages, and receive a verified `message.create` webhook, all with the typed SDK.
// Run it with `npm run demo` (which starts the stateful mock), or against any deployment:
//   SUPPORTKB_BASE_URL=https://api.tiledesk.com/v2 SUPPORTKB_EMAIL=... SUPPORTKB_PASSWORD=... SUPPORTKB_PROJECT_ID=... node examples/quickstart/index.mjs
// (the webhook step needs a target the service can reach: it runs only when `receiveWebhooks` is set).
import { createServer } from 'node:http';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supportkb/sdk';
import { verifyWebhook } from '@supportkb/sdk/webhooks';

/**
 * A local HTTP receiver for webhook deliveries: resolves `next()` with the raw body and headers of the next POST.
 * @returns {Promise<{ url: string, next: (timeoutMs?: number) => Promise<{ body: string, headers: import('node:http').IncomingHttpHeaders }>, close: () => Promise<void> }>}
 */
async function startReceiver() {
  const waiting = [];
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    res.writeHead(200).end();
    waiting.shift()?.({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    next: (timeoutMs = 5_000) =>
      new Promise((resolveDelivery, reject) => {
        const timer = setTimeout(() => reject(new Error(`no webhook delivery within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((delivery) => {
          clearTimeout(timer);
          resolveDelivery(delivery);
        });
      }),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * Runs the tour and returns its transcript lines (also printed through `log`).
 * @param {{ baseUrl: string, email: string, password: string, projectId: string, receiveWebhooks?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<string[]>}
 */
export async function quickstart({ baseUrl, email, password, projectId, receiveWebhooks = false, log = console.log }) {
  const lines = [];
  const say = (operation, text) => {
    const line = `  ✓ ${operation.padEnd(26)} ${text}`;
    lines.push(line);
    log(line);
  };

  // One client for the project; failures throw typed SupportKbError subclasses.
  const sk = createClient({ baseUrl, projectId });

  // 1. Sign in (an admin: knowledge bases, analytics and subscriptions need that role).
  const session = await sk.auth.signIn({ email, password });
  say('auth.signIn', `signed in as ${session.user.email} (token kept by the client, not shown)`);

  // 2. One call in every group, creating and listing along the way.
  const kbs = await sk.kb.list();
  const defaultKb = kbs.find((kb) => kb.default) ?? kbs[0];
  say('kb.list', `${kbs.length} knowledge base(s); default "${defaultKb?.name}"`);

  const namespace = defaultKb?.id ?? projectId;
  const added = await sk.kb.contents.create({ name: 'Shipping times', type: 'text', source: 'shipping-times', content: 'Orders ship within 2 business days.', namespace });
  say('kb.contents.create', `"${added.value?.name}" added (status ${added.value?.status}: not yet in the indexing queue)`);
  const contents = await sk.kb.contents.list({ namespace });
  say('kb.contents.list', `${contents.count} content(s) in "${defaultKb?.name}", newest "${contents.kbs[0]?.name}"`);

  const team = await sk.team.list();
  say('team.list', `${team.length} teammate(s): ${team.map((t) => t.role).join(', ')}`);

  const groups = await sk.groups.list();
  say('groups.list', `${groups.length} group(s): ${groups.map((g) => g.name).join(', ')}`);

  const segments = await sk.segments.list();
  say('segments.list', `${segments.count} segment(s), ${segments.perPage} per page`);

  const tag = await sk.tags.create({ tag: 'refund', color: '#43a047' });
  say('tags.create', `tag "${tag.tag}" ${tag.color} (${tag._id})`);
  const pages = [];
  for await (const page of sk.tags.list({ direction: 1 }).pages()) pages.push(`page ${page.page}: ${page.items.map((t) => t.tag).join(', ')}`);
  say('tags.list (pages)', pages.join(' | '));

  const labels = await sk.labels.get({ lang: 'IT' });
  say('labels.get', `labels for ${labels.lang}: ${Object.keys(labels.data ?? {}).length} key(s)`);

  const lead = await sk.leads.create({ fullname: 'Ada Lovelace', email: 'ada@example.org' });
  const names = [];
  for await (const each of sk.leads.list({ direction: 1 })) names.push(each.fullname);
  say('leads.create + list', `added ${lead.fullname}; all leads, every page: ${names.join(', ')}`);

  const conversations = await sk.analytics.countRequests();
  say('analytics.countRequests', `${conversations[0]?.totalCount ?? 0} conversation(s) in the last 30 days`);

  // 3. Subscribe a local receiver, send a message, receive and verify the delivery.
  const receiver = receiveWebhooks ? await startReceiver() : undefined;
  try {
    const target = receiver?.url ?? 'https://hooks.acme-support.test/tiledesk';
    const subscription = await sk.subscriptions.create({ event: 'message.create', target });
    say('subscriptions.create', `${subscription.event} → ${subscription.target} (secret received, not shown)`);

    const delivered = receiver?.next();
    const message = await sk.messages.create({ request_id: 'support-group-0b5c9a0e-5d7e-4f3a-9c1b-2d3e4f5a6b7c', text: 'Hello! How can I help you today?' });
    say('messages.create', `message ${message._id} in ${message.recipient}: "${message.text}"`);

    if (receiver && delivered) {
      const { body, headers } = await delivered;
      const event = await verifyWebhook(body, headers, { secret: subscription.secret });
      if (event.event !== 'message.create') throw new Error(`unexpected event ${event.event}`);
      say('webhook message.create', `delivery verified (x-hook-secret, HS256 token for hook ${event.hook._id}): "${event.payload.text}"`);
    }
  } finally {
    await receiver?.close();
  }
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
