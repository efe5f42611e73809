/**
 * The documents the mock creates, one factory per kind, shared by the seed and the handlers. Each
 * factory gives the defaults the service's model gives a new document (an id, timestamps,
 * default fields: for the models of ../models/, read from the model itself, so that a seeded
 * document and one a handler saves get the same defaults), overridden by the `fields` given; a field given as `undefined` is not given
 * (the default stays, or the field is absent). An id is drawn from the generator only when none
 * is given, so seeding with fixed ids leaves the sequence untouched.
 */
import type { Content, ContentScrapeOptions, Group, KnowledgeBase, Lead, Segment, Tag, User } from '@supportkb/sdk';
import { zKnowledgeBasePreviewSettings } from '@supportkb/sdk/zod';
import { safeParse } from 'zod/v4/core';
import { roleType } from '../auth/roles';
import { GROUP_MODEL } from '../models/group';
import { LEAD_MODEL } from '../models/lead';
import { SEGMENT_MODEL } from '../models/segment';
import { TAG_MODEL } from '../models/tag';
import { USER_MODEL } from '../models/user';
import { defaults as modelDefaults } from '../mongoose/model';
import type { Clock } from './clock';
import type { IdGenerator } from './ids';
import type { Project, StoredConversation, StoredLabels, StoredMessage, StoredTeammate } from './store';

/** What the factories read: the clock (timestamps) and the id generator. */
export interface FactoryEnv {
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** `createdAt`, `updatedAt` (now) and `__v` 0: the fields every stored document has. */
export function stamps(clock: Clock): { createdAt: string; updatedAt: string; __v: number } {
  const now = clock.iso();
  return { createdAt: now, updatedAt: now, __v: 0 };
}

/** Marks a document as changed now. */
export function touch(clock: Clock, doc: { updatedAt?: string }): void {
  doc.updatedAt = clock.iso();
}

/** Fields of a new document: any of the type's fields, `undefined` meaning "not given". */
type Fields<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * `defaults` with every field of `fields` that is not `undefined` set over it. The factories'
 * signatures require the fields their defaults lack, so the result is a whole `T`.
 */
function build<T>(defaults: Partial<T> | Readonly<Record<string, unknown>>, fields: Fields<T>): T {
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as T;
}

/** A project (the project middleware only checks it exists; its `jwtSecret` signs custom tokens). */
export function newProject(env: FactoryEnv, fields: Fields<Project> & Pick<Project, 'name' | 'jwtSecret'>): Project {
  return build<Project>({ _id: fields._id ?? env.ids.objectId(), status: 100, ...stamps(env.clock) }, fields);
}

/** A user account, its e-mail verified (its password lives in the store's secrets). */
export function newUser(env: FactoryEnv, fields: Fields<User> = {}): User {
  return build<User>({ _id: fields._id ?? env.ids.objectId(), emailverified: true, ...modelDefaults(USER_MODEL), ...stamps(env.clock) }, fields);
}

/**
 * A teammate (project_user) of the seed: active, available, `roleType` from `role` (default
 * `agent`), no permissions, logged in now, and no `presence` unless given (the server sets it only
 * once the user connects over the websocket). Handlers save teammates with the model of
 * `resources/team.ts` instead.
 */
export function newTeammate(env: FactoryEnv, fields: Fields<StoredTeammate> = {}): StoredTeammate {
  const _id = fields._id ?? env.ids.objectId();
  const role = fields.role ?? 'agent';
  const now = env.clock.iso();
  return build<StoredTeammate>(
    {
      _id,
      id: _id,
      role,
      roleType: roleType(role),
      user_available: true,
      number_assigned_requests: 0,
      status: 'active',
      tags: [],
      permissions: [],
      last_login_at: now,
      ...stamps(env.clock),
      trashed: false,
    },
    fields,
  );
}

/** The preview settings of a new knowledge base: the defaults the contract declares for `KnowledgeBasePreviewSettings`. */
export function defaultPreviewSettings(): KnowledgeBase['preview_settings'] {
  const parsed = safeParse(zKnowledgeBasePreviewSettings, {});
  if (!parsed.success) throw new Error('The contract gives KnowledgeBasePreviewSettings no defaults');
  return parsed.data;
}

/**
 * The vector store the mock assigns every knowledge base: the service's default configuration
 * (`config/kb/engine.js`), whose `apikey` is `VECTOR_STORE_APIKEY` or `''` — a mock has no key.
 */
const MOCK_ENGINE = { name: 'pinecone', type: 'serverless', apikey: '', vector_size: 1536, index_name: 'llm-sample-index' } as const;
/**
 * The embedding model the mock assigns every knowledge base (`config/kb/embedding.js`); the model's
 * setter stores `api_key` as `''` whatever is configured (`models/kb_setting.js`).
 */
const MOCK_EMBEDDING = { provider: 'openai', name: 'text-embedding-ada-002', api_key: '', dimension: 1536 } as const;
/** Scrape options of a url content with `scrape_type` 2 (the service's default extraction). */
export const DEFAULT_SCRAPE_OPTIONS: Readonly<ContentScrapeOptions> = { tags_to_extract: ['body'], unwanted_tags: [], unwanted_classnames: [] };

/** A knowledge base of a project, with the default preview settings, the engine and the embedding. */
export function newKnowledgeBase(env: FactoryEnv, fields: Fields<KnowledgeBase> & Pick<KnowledgeBase, 'name' | 'id_project' | 'default'>): KnowledgeBase {
  const now = env.clock.iso();
  return build<KnowledgeBase>(
    {
      id: fields.id ?? env.ids.objectId(),
      preview_settings: defaultPreviewSettings(),
      hybrid: false,
      engine: { ...MOCK_ENGINE },
      embedding: { ...MOCK_EMBEDDING },
      createdAt: now,
      updatedAt: now,
    },
    fields,
  );
}

/** A knowledge-base content, status -1 (queued for indexing) unless given. */
export function newContent(env: FactoryEnv, fields: Fields<Content> & Pick<Content, 'name' | 'id_project' | 'namespace'>): Content {
  return build<Content>({ _id: fields._id ?? env.ids.objectId(), status: -1, ...stamps(env.clock) }, fields);
}

/** A group, with the model's defaults: no members, enabled. */
export function newGroup(env: FactoryEnv, fields: Fields<Group> = {}): Group {
  return build<Group>({ _id: fields._id ?? env.ids.objectId(), ...modelDefaults(GROUP_MODEL), ...stamps(env.clock) }, fields);
}

/** A segment, with the model's defaults: matches all of no filters, active (status 100). */
export function newSegment(env: FactoryEnv, fields: Fields<Segment> = {}): Segment {
  return build<Segment>({ _id: fields._id ?? env.ids.objectId(), ...modelDefaults(SEGMENT_MODEL), ...stamps(env.clock) }, fields);
}

/** A tag, with the model's defaults (none). */
export function newTag(env: FactoryEnv, fields: Fields<Tag> & Pick<Tag, 'tag'>): Tag {
  return build<Tag>({ _id: fields._id ?? env.ids.objectId(), ...modelDefaults(TAG_MODEL), ...stamps(env.clock) }, fields);
}

/** A lead, with the model's defaults: no tags, active (status 100). */
export function newLead(env: FactoryEnv, fields: Fields<Lead> = {}): Lead {
  return build<Lead>({ _id: fields._id ?? env.ids.objectId(), ...modelDefaults(LEAD_MODEL), ...stamps(env.clock) }, fields);
}

/** A project's label document, with no language yet unless given; keys in the server's order (`_id`, `id_project`, `createdBy`, `data`, timestamps, `__v`). */
export function newLabels(env: FactoryEnv, fields: Fields<StoredLabels> & Pick<StoredLabels, 'id_project' | 'createdBy'>): StoredLabels {
  return build<StoredLabels>({ _id: fields._id ?? env.ids.objectId(), id_project: fields.id_project, createdBy: fields.createdBy, data: [], ...stamps(env.clock) }, fields);
}

/**
 * A conversation (request) of the seed, with the defaults of `models/request.js`: unassigned
 * (status 100), no participants (`participantsAgents`/`participantsBots` derived from the
 * `participants` given), no bot, no followers, tags or notes, on the `chat21` channel both ways.
 * `createMessage` creates conversations itself (`resources/messages.ts`).
 */
export function newConversation(env: FactoryEnv, fields: Fields<StoredConversation> & Pick<StoredConversation, 'request_id' | 'id_project'>): StoredConversation {
  const _id = fields._id ?? env.ids.objectId();
  const participants = fields.participants ?? [];
  const first = participants[0];
  return build<StoredConversation>(
    {
      _id,
      id: _id,
      status: 100,
      participants: [],
      participantsAgents: first !== undefined && !first.startsWith('bot_') ? [first] : [],
      participantsBots: first !== undefined && first.startsWith('bot_') ? [first.slice(4)] : [],
      followers: [],
      tags: [],
      notes: [],
      hasBot: false,
      preflight: false,
      channel: { name: 'chat21' },
      channelOutbound: { name: 'chat21' },
      smartAssignment: true,
      priority: 'medium',
      ...stamps(env.clock),
    } as Partial<StoredConversation>,
    fields,
  );
}

/** A message of a conversation: text, sent (status 0), to a group channel on `chat21`. */
export function newMessage(env: FactoryEnv, fields: Fields<StoredMessage> & Pick<StoredMessage, 'sender' | 'recipient' | 'id_project'>): StoredMessage {
  return build<StoredMessage>(
    {
      _id: fields._id ?? env.ids.objectId(),
      type: 'text',
      status: 0,
      channel_type: 'group',
      channel: { name: 'chat21' },
      ...stamps(env.clock),
    },
    fields,
  );
}
