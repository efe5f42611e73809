import { createClient, type ClientOptions } from '@supportkb/sdk';
import { latency, networkError, respondWith, serverError, type ResponseOf } from '@supportkb/mocks';
import { setupNodeMock } from '@supportkb/mocks/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsInbox, type InboxState } from '../src/leads-inbox.ts';

// The stateful mock inside this process: MSW answers the SDK's fetch calls, no server, no port.
const { server, service } = setupNodeMock({ clock: { frozen: true } });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers(); // drop the per-test overrides
  service.reset(); // back to the seeded data
});
afterAll(() => server.close());

const { projectId, members } = service.seed;
/** The app's client, as an agent. Any base URL: the handlers answer at every origin. */
const client = (options: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: 'https://api.supportkb.test/v2', projectId, auth: { basic: { email: members.agent.email, password: members.agent.password } }, ...options });

/** Records every state the view model goes through. */
function record(inbox: { subscribe(listener: (state: InboxState) => void): () => void }) {
  const states: InboxState[] = [];
  inbox.subscribe((state) => states.push(state));
  return states;
}

describe('leads inbox', () => {
  it('shows the seeded leads, loading first', async () => {
    const inbox = createLeadsInbox(client());
    const states = record(inbox);
    const done = inbox.load();
    expect(inbox.state.status).toBe('loading');
    await done;
    expect(states.map((s) => s.status)).toEqual(['loading', 'ready']);
    expect(inbox.state.leads.map((lead) => lead.name)).toEqual(['Giulia Bianchi', 'Marco Esposito', service.seed.guest.firstname]);
    expect(inbox.state).toMatchObject({ total: 3, error: null, empty: null });
  });

  it('is stateful: a lead created through the API appears on reload', async () => {
    const sk = client();
    const inbox = createLeadsInbox(sk);
    await sk.leads.create({ fullname: 'Ada Lovelace', email: 'ada@example.org' });
    await inbox.load();
    expect(inbox.state.leads.at(-1)).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(inbox.state.total).toBe(4);
  });

  it('renders exactly what a per-test override answers (typed from the contract)', async () => {
    const onlyOne: ResponseOf<'listLeads'> = {
      perPage: 20,
      count: 1,
      leads: [
        {
          _id: '65f1a2b3c4d5e6f7080913ff',
          lead_id: 'crm-42',
          fullname: 'Override Person',
          email: 'override@example.org',
          tags: ['vip'],
          status: 100,
          id_project: projectId,
          createdBy: members.agent.userId,
          createdAt: '2026-11-20T09:15:00.000Z',
          updatedAt: '2026-11-20T09:15:00.000Z',
          __v: 0,
        },
      ],
    };
    server.use(respondWith('listLeads', onlyOne));
    const inbox = createLeadsInbox(client());
    await inbox.load();
    expect(inbox.state.leads).toEqual([{ id: '65f1a2b3c4d5e6f7080913ff', name: 'Override Person', email: 'override@example.org', phone: null, tags: ['vip'] }]);

    server.use(respondWith('listLeads', { perPage: 20, count: 0, leads: [] }));
    await inbox.load();
    expect(inbox.state).toMatchObject({ status: 'ready', leads: [], empty: 'No leads yet.' });
  });

  it('keeps showing "loading" while the service is slow', async () => {
    server.use(latency('listLeads', 300));
    const inbox = createLeadsInbox(client());
    const done = inbox.load();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(inbox.state.status).toBe('loading');
    await done;
    expect(inbox.state.status).toBe('ready');
  });

  it('shows the user an error message on a 503, and recovers on "Try again"', async () => {
    server.use(serverError('listLeads', 503));
    const inbox = createLeadsInbox(client({ maxRetries: 0 }));
    await inbox.load();
    expect(inbox.state).toMatchObject({ status: 'error', leads: [], error: 'The service is having trouble (503). Try again in a moment.' });

    server.resetHandlers(); // the service is back
    await inbox.retry();
    expect(inbox.state).toMatchObject({ status: 'ready', error: null, total: 3 });
  });

  it('shows the user an error message when the network fails', async () => {
    server.use(networkError('listLeads'));
    const inbox = createLeadsInbox(client({ maxRetries: 0 }));
    await inbox.load();
    expect(inbox.state).toMatchObject({ status: 'error', error: "Can't reach the service. Check your connection and try again." });
  });

  it('does not bother the user with a single 503: the SDK retries it', async () => {
    server.use(serverError('listLeads', 503, { once: true }));
    const inbox = createLeadsInbox(client()); // default: 2 retries for GETs, with backoff
    await inbox.load();
    expect(inbox.state).toMatchObject({ status: 'ready', total: 3 });
  });

  it('explains a permission error from the real role rules (a guest may not list leads)', async () => {
    const sk = createClient({ baseUrl: 'https://api.supportkb.test/v2', projectId });
    await sk.auth.signInAnonymously({ id_project: projectId, firstname: 'Visitor' });
    const inbox = createLeadsInbox(sk);
    await inbox.load();
    expect(inbox.state).toMatchObject({ status: 'error', error: "You don't have permission to see leads." });
  });
});
