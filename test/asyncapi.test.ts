import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser, fromFile } from '@asyncapi/parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

// The realtime contract (openapi/asyncapi.yaml): the official AsyncAPI parser validates it, and every
// frame captured on the real server (scripts/realtime/capture.mjs, fixture below) matches one of the
// messages its channel declares.
const DOCUMENT = join(root, 'openapi', 'asyncapi.yaml');
const CAPTURE = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'realtime', 'frames-2.19.16.json'), 'utf8')) as {
  handshakes: Record<string, unknown>;
  frames: { channel: string; frame: { action: string; payload?: { method?: string } } }[];
};

type ParsedDocument = NonNullable<Awaited<ReturnType<ReturnType<typeof fromFile>['parse']>>['document']>;
let document: ParsedDocument;
let diagnostics: { severity: number; code: string | number; message: string }[];

beforeAll(async () => {
  const result = await fromFile(new Parser(), DOCUMENT).parse();
  diagnostics = result.diagnostics.map((d) => ({ severity: d.severity, code: d.code, message: d.message }));
  if (!result.document) throw new Error(`openapi/asyncapi.yaml does not parse: ${JSON.stringify(diagnostics)}`);
  document = result.document;
});

/** One ajv validator per message of a channel, keyed by the message's id in the channel. */
function validatorsOf(channelId: string) {
  const channel = document.channels().get(channelId);
  if (!channel) throw new Error(`no channel ${channelId}`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return channel
    .messages()
    .all()
    .map((message) => ({ id: message.id(), validate: ajv.compile(message.payload()!.json()) }));
}

describe('openapi/asyncapi.yaml', () => {
  it('is a valid AsyncAPI 3.0 document for the official parser: no error, no warning', () => {
    expect(document.version()).toBe('3.0.0');
    // severity 0 = error, 1 = warning; 2-3 are hints (the parser suggests the newest 3.x)
    expect(diagnostics.filter((d) => d.severity <= 1)).toEqual([]);
  });

  it("reuses the contract's schemas by $ref: no resource of the contract is written again here", async () => {
    const source = readFileSync(DOCUMENT, 'utf8');
    for (const name of ['Conversation', 'Message', 'Teammate', 'ObjectId']) expect(source).toContain(`./components/schemas/${name}.yaml`);
    const { parse } = await import('yaml');
    const own = Object.keys(parse(source).components.schemas);
    const contract = readdirSync(join(root, 'openapi', 'components', 'schemas')).map((f) => f.replace(/\.yaml$/, ''));
    expect(own.filter((name) => contract.includes(name))).toEqual([]);
  });

  it('declares every topic of the server with a receive operation, and every client action with a send operation', () => {
    const addresses = document
      .channels()
      .all()
      .map((c) => c.address());
    expect(addresses).toEqual([
      '/',
      '/{project_id}/requests',
      '/{project_id}/requests/{request_id}',
      '/{project_id}/requests/{request_id}/messages',
      '/{project_id}/project_users/{project_user_id}',
      '/{project_id}/project_users/users/{user_id}',
      '/{project_id}/events/{project_user_id}',
      '/{project_id}/bots/{bot_id}',
    ]);
    const sent = document
      .operations()
      .filterBySend()
      .flatMap((o) =>
        o
          .messages()
          .all()
          .map((m) => m.name()),
      );
    expect(new Set(sent)).toEqual(new Set(['subscribe', 'unsubscribe', 'publish', 'broadcast', 'heartbeat', 'me']));
    for (const channel of document.channels().all().slice(1)) {
      expect(channel.operations().filterByReceive().length, channel.id()).toBe(1);
    }
  });

  it('describes every frame the real server sent (2.19.16): each matches a message of its channel', () => {
    expect(CAPTURE.frames.length).toBeGreaterThanOrEqual(14);
    const byChannel = new Map<string, ReturnType<typeof validatorsOf>>();
    const matched: string[] = [];
    for (const { channel, frame } of CAPTURE.frames) {
      if (!byChannel.has(channel)) byChannel.set(channel, validatorsOf(channel));
      const hits = byChannel
        .get(channel)!
        .filter((v) => v.validate(frame))
        .map((v) => v.id);
      expect(hits, `${channel}: ${JSON.stringify(frame).slice(0, 200)}`).not.toEqual([]);
      matched.push(`${channel}:${hits.join('|')}`);
    }
    // the frames of the capture, in order: answers, snapshots, live changes, and two injected frames
    // server frames are data, never `injected`; the capture holds answers, snapshots, live changes
    expect(matched).toContain('socket:heartbeat');
    expect(matched).toContain('socket:me|meAnswer');
    expect(matched).toContain('openConversations:snapshot');
    expect(matched).toContain('openConversations:created');
    expect(matched.filter((m) => m === 'openConversations:updated')).toHaveLength(2); // close, reopen
    expect(matched).toContain('conversationMessages:snapshot');
    expect(matched.filter((m) => m === 'conversationMessages:created')).toHaveLength(2); // "Chat closed", "Chat reopened"
    expect(matched.filter((m) => m === 'conversation:updated')).toHaveLength(2);
    expect(matched.filter((m) => m.includes('injected'))).toEqual(['openConversations:injected', 'openConversations:injected']);
  });

  it('tells injected frames apart: a frame without `method` matches only `injected`', () => {
    const validators = validatorsOf('openConversations');
    const injected = CAPTURE.frames.filter((f) => f.channel === 'openConversations' && f.frame.payload?.method === undefined);
    expect(injected).toHaveLength(2);
    for (const { frame } of injected) expect(validators.filter((v) => v.validate(frame)).map((v) => v.id)).toEqual(['injected']);
  });

  it('states the handshake the real server answers: 401 without or with a bad token, none for a visitor', () => {
    expect(CAPTURE.handshakes).toMatchObject({ noToken: '401 Unauthorized', badToken: '401 Unauthorized', ownerToken: 101 });
    expect(String(CAPTURE.handshakes.anonymousToken)).toMatch(/^no answer/);
    const scheme = document.components().securitySchemes().get('token')!;
    expect(scheme.in()).toBe('query');
    expect(scheme.description()).toMatch(/401 Unauthorized/);
    expect(scheme.description()).toMatch(/no answer at all/);
  });
});
