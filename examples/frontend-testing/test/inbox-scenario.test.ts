import { existsSync } from 'node:fs';
import { createClient, type ClientOptions } from '@supportkb/sdk';
import { defineScenario, loadScenario, setupNodeMock } from '@supportkb/mocks/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsInbox, type InboxState } from '../src/leads-inbox.ts';

// The inbox's starting state is a scenario file (test/scenarios/inbox.json): a project of its own,
// one agent, three leads (one without a phone) and three unassigned conversations, on a frozen clock.
const INBOX = new URL('./scenarios/inbox.json', import.meta.url);
const inbox = loadScenario(INBOX); // validated against the contract; a bad file throws a ScenarioError naming the path
const projectId = inbox.seed!.project!._id!;
const agent = { email: 'ada@inbox.test', password: 'Str0ng-example-passw0rd' };
const client = (options: Partial<ClientOptions> = {}) => createClient({ baseUrl: 'https://api.supportkb.test/v2', projectId, auth: { basic: agent }, ...options });

describe('the inbox scenario (setupNodeMock({ scenario: file }))', () => {
  const { server, service, scenario } = setupNodeMock({ scenario: INBOX });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it("starts from the file's state: three unassigned conversations and a lead without a phone", async () => {
    const conversations = [...service.store.conversations.values()];
    expect(conversations.map((c) => [c.request_id, c.status])).toEqual([
      ['support-group-inbox-1', 100],
      ['support-group-inbox-2', 100],
      ['support-group-inbox-3', 100],
    ]);
    const view = createLeadsInbox(client());
    await view.load();
    expect(view.state).toMatchObject({ status: 'ready', total: 3, error: null, empty: null });
    expect(view.state.leads).toEqual([
      { id: '6a0000000000000000000031', name: 'Nadia No-Phone', email: 'nadia@customers.example', phone: null, tags: [] },
      { id: '6a0000000000000000000032', name: 'Piero Rossi', email: 'piero@customers.example', phone: '+39 02 1234567', tags: ['vip'] },
      { id: '6a0000000000000000000033', name: 'Sara Bianchi', email: null, phone: '+39 06 7654321', tags: [] },
    ]);
  });

  it("names the package's JSON Schema in $schema, for editors", () => {
    expect(inbox.$schema).toMatch(/node_modules\/@supportkb\/mocks\/scenario\.schema\.json$/);
    expect(existsSync(new URL(inbox.$schema!, INBOX))).toBe(true);
  });

  it('is stateful on top of the file, and scenario.reset() goes back to it', async () => {
    const sk = client();
    await sk.leads.create({ fullname: 'Walk-in Customer' });
    const view = createLeadsInbox(sk);
    await view.load();
    expect(view.state.leads.at(-1)).toMatchObject({ name: 'Walk-in Customer', phone: null }); // a created lead has phone null, as on the service
    scenario!.reset();
    await view.load();
    expect(view.state.total).toBe(3);
  });
});

describe('a fault scenario: the third listLeads is rate-limited (429, no Retry-After), the fourth loses the connection', () => {
  const faults = defineScenario({
    ...inbox,
    responses: {
      listLeads: [
        { stateful: true, times: 2 },
        { status: 429, times: 1 }, // {message: "Rate limit exceeded"}, as the service sends it
        { fault: 'reset', times: 1 },
      ],
    },
  });
  const { server, scenario } = setupNodeMock({ scenario: faults });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('shows the user each failure and recovers on "Try again" (no SDK retries)', async () => {
    const view = createLeadsInbox(client({ maxRetries: 0 }));
    const states: InboxState['status'][] = [];
    view.subscribe((state) => states.push(state.status));
    await view.load();
    await view.load(); // two loads answered by the stateful mock
    expect(view.state).toMatchObject({ status: 'ready', total: 3 });

    await view.load();
    expect(view.state).toMatchObject({ status: 'error', leads: [], error: 'Too many requests. Wait a moment, then try again.' });
    await view.retry();
    expect(view.state).toMatchObject({ status: 'error', error: "Can't reach the service. Check your connection and try again." });
    await view.retry(); // past the faults: the stateful mock again
    expect(view.state).toMatchObject({ status: 'ready', error: null, total: 3 });
    expect(states).toEqual(['loading', 'ready', 'loading', 'ready', 'loading', 'error', 'loading', 'error', 'loading', 'ready']);
  });

  it("never shows them with the SDK's default retries: the 429 and the reset are retried", async () => {
    scenario!.reset(); // the faults' counters start again
    const view = createLeadsInbox(client({ initialRetryDelay: 5 })); // 2 retries for GETs (delays shortened for the test)
    const states: InboxState['status'][] = [];
    view.subscribe((state) => states.push(state.status));
    for (let i = 0; i < 3; i++) await view.load();
    expect(states).toEqual(['loading', 'ready', 'loading', 'ready', 'loading', 'ready']);
    expect(view.state).toMatchObject({ status: 'ready', total: 3, error: null });
  });
});
