import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { dereferencedContract, root } from './contract-helpers';

/**
 * The contract's webhooks against the deliveries of the real server 2.19.16 (RESTHOOK_ENABLED),
 * captured by scripts/webhooks/capture.mjs into test/fixtures/webhooks/deliveries-2.19.16.json: every
 * delivered body is its webhook's request body schema, every webhook the contract declares beyond
 * `message.create` (whose captures live in the parity and live-inbox runs) was delivered, and the
 * events the contract says are never delivered were not.
 */
interface Capture {
  steps: { step: string; status: number; answer: unknown }[];
  deliveries: { step?: string; event: string; headers: Record<string, string>; body: { payload: unknown; hook: { event: string } } }[];
}
const capture: Capture = JSON.parse(readFileSync(join(root, 'test/fixtures/webhooks/deliveries-2.19.16.json'), 'utf8'));
const contract = dereferencedContract();
const webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> }; responses: Record<string, { content?: Record<string, { schema: object }> }> } }> =
  contract.webhooks;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

describe("the contract's webhooks against the real server's deliveries", () => {
  it('every webhook of the contract but message.create was delivered by the real server', () => {
    const delivered = new Set(capture.deliveries.map((d) => d.event));
    for (const event of Object.keys(webhooks).filter((e) => e !== 'message.create')) expect(delivered, event).toContain(event);
  });

  it("every delivered body is its webhook's request body schema", () => {
    const checked: string[] = [];
    for (const { event, body, headers } of capture.deliveries) {
      const webhook = webhooks[event];
      if (!webhook) continue; // request.create: described by the live-inbox scenario's comparison
      const validate = ajv.compile(webhook.post.requestBody.content['application/json']!.schema);
      expect(validate(body) ? [] : validate.errors, `${event} (${body.hook.event})`).toEqual([]);
      expect(headers).toEqual({ 'content-type': 'application/json', 'user-agent': 'tiledesk-webhooks', origin: 'http://localhost:3000' });
      checked.push(event);
    }
    expect(checked.length).toBeGreaterThanOrEqual(30);
  });

  it("sends the chatbot's secret in faqbot.create and faqbot.delete (not faqbot.update), and no project key in project.*", () => {
    const payloads = (event: string) =>
      capture.deliveries
        .filter((d) => d.event === event)
        .map((d) => d.body.payload)
        .filter((payload): payload is Record<string, unknown> => typeof payload === 'object' && payload !== null);
    for (const event of ['faqbot.create', 'faqbot.delete']) {
      expect(payloads(event).length, event).toBeGreaterThan(0);
      for (const payload of payloads(event)) expect(payload, event).toHaveProperty('secret');
    }
    for (const payload of payloads('faqbot.update')) expect(payload).not.toHaveProperty('secret');
    for (const event of ['project.update', 'project.downgrade', 'project.delete'])
      for (const payload of payloads(event)) {
        expect(
          Object.keys(payload).filter((key) => /secret|key/i.test(key)),
          event,
        ).toEqual([]);
        expect(payload.id_project, event).toBe(payload._id);
      }
    expect(payloads('project.delete').map((p) => p.status)).toEqual([0]);
  });

  it('the answer the contract asks of an operator.select target is the schema of its 200, and the server assigned by it', () => {
    const schema = webhooks['operator.select']!.post.responses['200']!.content!['application/json']!.schema;
    const validate = ajv.compile(schema);
    const answered = capture.deliveries.filter((d) => d.event === 'operator.select' && d.step?.includes('the payload with operators'));
    expect(answered.length).toBeGreaterThan(0);
    for (const { payload } of answered.map((d) => d.body)) expect(validate(payload) ? [] : validate.errors).toEqual([]);
    const byStep = (step: string) => capture.steps.find((s) => s.step === step);
    const invited = byStep('inviteTeammate (fresh project)')!.answer;
    const agent: unknown = typeof invited === 'object' && invited !== null ? Reflect.get(invited, 'id_user') : undefined;
    expect(typeof agent).toBe('string');
    expect(byStep('getConversation select answered the payload with operators 1')!.answer).toMatchObject({ participants: [agent] });
    expect(byStep('getConversation select answered the payload with operators 2')!.answer).toMatchObject({ participants: [agent] });
    expect(byStep('createMessage select answered operators only')).toMatchObject({ status: 500, answer: { msg: 'Error creating request' } });
    expect(byStep('getConversation select answered no operators')!.answer).toMatchObject({ participants: [], status: 100 });
  });

  it('delivers nothing where the contract says so: lead.update and lead.delete, a plain teammate delete, a pending invitation, the seeded project (no operator.select), user.signup and project.create to the subscriptions of a project', () => {
    const events = (step: string) => capture.deliveries.filter((d) => d.step === step).map((d) => d.event);
    expect(capture.deliveries.map((d) => d.event)).not.toContain('lead.update');
    expect(capture.deliveries.map((d) => d.event)).not.toContain('lead.delete');
    expect(events('deleteTeammate')).toEqual([]);
    expect(events('inviteTeammate pending')).toEqual([]);
    expect(events('deleteTeammate soft')).toEqual(['project_user.delete']);
    expect(events('deleteGroup')).toEqual(['group.update']);
    expect(events('deleteGroup force')).toEqual(['group.delete']);
    // user.signup carries no project and project.create a project no one subscribed to yet: only a
    // server-wide subscription (not creatable over REST) would receive them.
    expect(events('signUp (user.signup)')).toEqual([]);
    expect(capture.deliveries.map((d) => d.event)).not.toContain('user.signup');
    expect(capture.deliveries.map((d) => d.event)).not.toContain('project.create');
    expect(events('updateBot')).toEqual(['faqbot.update']);
    expect(events('deleteBot')).toEqual(['faqbot.delete']);
    // The first operator.select comes from the project created for it: the seeded one is never asked.
    const first = capture.deliveries.findIndex((d) => d.event === 'operator.select');
    const fresh = capture.steps.findIndex((s) => s.step === 'createProject');
    expect(capture.steps.findIndex((s) => s.step === capture.deliveries[first]!.step)).toBeGreaterThan(fresh);
  });
});
