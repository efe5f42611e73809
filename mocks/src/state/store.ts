/**
 * The mock's state: `Map`s of documents typed with the contract's resource types (no database).
 * Documents are stored in the shape the service sends them; what the service keeps private
 * (passwords, indexing schedules) lives in side maps, and references between documents (a
 * teammate's user, a conversation's lead) are stored as ids and populated when answering. Every
 * map is a {@link StoredCollection}: it accounts its size against the storage cap
 * (`store.storage`, see ./storage.ts), through which every write passes.
 */
import type {
  Content,
  Conversation,
  Group,
  KnowledgeBase,
  KnowledgeBaseUpserted,
  LabelDocument,
  LabelEntry,
  Lead,
  Message,
  Segment,
  Subscription,
  Tag,
  Teammate,
  TeammatePendingInvitation,
  User,
} from '@supportkb/sdk';
import type { EpochMs } from './clock';
import { StorageLedger, StoredCollection } from './storage';

/** A project: no operation reads it, the project middleware checks it exists. */
export interface Project {
  _id: string;
  name: string;
  /** The secret that signs the project's custom tokens. */
  jwtSecret: string;
  status: number;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

/**
 * A stored department (`models/department.js`): conversations reference it; `listDepartments` and
 * `getDepartment` read it (with the virtuals `id` and `hasBot` added, ../resources/departments.ts).
 * The optional fields take the model's defaults when answered.
 */
export type Department = {
  _id: string;
  name: string;
  default: boolean;
  routing: string;
  id_project: string;
  status?: number;
  groups?: Record<string, unknown>[];
  tags?: Record<string, unknown>[];
  id_bot?: string | null;
  id_group?: string | null;
  description?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  __v: number;
};

/**
 * A stored teammate: `id_user` holds the user's id (reads populate it with the user), `status` as
 * the contract types it.
 */
export type StoredTeammate = Teammate & { id_user?: string };

/** A stored knowledge base: a project's (`KnowledgeBase`), or the bare record an upsert of an unknown id creates. */
export type StoredKnowledgeBase = KnowledgeBase | KnowledgeBaseUpserted;

/**
 * One language of a project's label document, as `models/label.js` stores it: `default`, `_id`,
 * `lang`, `data` in that order; `data` is absent when it was sent as an empty object (Mongoose's
 * `minimize` drops it), and any JSON value otherwise.
 */
export type StoredLabelEntry = Omit<LabelEntry, 'data' | '_id' | 'default'> & { default: boolean; _id: string; data?: LabelEntry['data'] };

/** A project's label document, one entry per language. */
export type StoredLabels = Omit<LabelDocument, 'data'> & { _id: string; data: StoredLabelEntry[] };

/** A stored conversation: `requester`, `lead` and `department` hold ids (messages embed them populated). */
export type StoredConversation = Conversation & { request_id: string; createdAt: string; updatedAt: string; requester?: string; lead?: string; department?: string };

/**
 * A stored message (without the `request` it is answered with): a saved document, so it has what the
 * model defaults or requires (`senderFullname`, `channel_type`, `channel`, `status`, `createdBy`), the
 * timestamps and `__v`, as `listMessages` answers it.
 */
export type StoredMessage = Omit<Message, 'request'> &
  Required<Pick<Message, 'senderFullname' | 'channel_type' | 'status' | 'createdBy' | '__v'>> & { channel: NonNullable<Message['channel']> | null; createdAt: string; updatedAt: string };

/** A pending invitation (an invite of an email no user has). */
export type PendingInvitation = TeammatePendingInvitation['pendingInvitation'];

/** The collections of the mock. Keys are ids unless stated. */
export interface Collections {
  /** Projects by `_id`. */
  projects: Map<string, Project>;
  /** Users (accounts) by `_id`, without password. */
  users: Map<string, User>;
  /** Teammates (project_users) by `_id`. */
  teammates: Map<string, StoredTeammate>;
  /** Pending invitations by `_id`. */
  pendingInvitations: Map<string, PendingInvitation>;
  /** Knowledge bases (namespaces) by `id`. */
  knowledgeBases: Map<string, StoredKnowledgeBase>;
  /** Knowledge-base contents by `_id`. */
  contents: Map<string, Content>;
  /** Groups by `_id`. */
  groups: Map<string, Group>;
  /** Segments by `_id`. */
  segments: Map<string, Segment>;
  /** Tags by `_id`. */
  tags: Map<string, Tag>;
  /** Label documents by project id. */
  labels: Map<string, StoredLabels>;
  /** Leads by `_id`. */
  leads: Map<string, Lead>;
  /** Webhook subscriptions by `_id` (with `secret`). */
  subscriptions: Map<string, Subscription>;
  /**
   * Conversations (requests) by project and `request_id` ({@link conversationKey}), as the
   * service's routes find them (`Request.findOne({request_id, id_project})`).
   */
  conversations: Map<string, StoredConversation>;
  /** Messages by `_id`. */
  messages: Map<string, StoredMessage>;
  /** Departments by `_id`. */
  departments: Map<string, Department>;
}

/** Indexing schedule of a content: when its job started and whether it ends in failure. */
export interface IndexingJob {
  startedAt: EpochMs;
  fails: boolean;
}

/** Private data the service keeps beside the documents. */
export interface Secrets {
  /** Passwords by user id. */
  passwords: Map<string, string>;
  /** Indexing schedule of contents by content id. */
  indexing: Map<string, IndexingJob>;
}

/** The whole state. */
export interface Store extends Collections {
  /** Private data. */
  secrets: Secrets;
  /**
   * The storage cap's account: `used` (bytes of stored JSON, every collection and secret) and
   * `limit` (`behaviour.storageLimit`, default 64 MiB). A write request that would take `used`
   * over `limit` is refused with 507 and stores nothing; `reset()` frees what requests stored.
   */
  readonly storage: StorageLedger;
}

/**
 * The key of a conversation in {@link Collections.conversations}: its project and `request_id`
 * (`<project id>/<request_id>`; a project id has 12 or 24 characters, the 24 hexadecimal, so two
 * different pairs never share a key).
 */
export function conversationKey(projectId: string, requestId: string): string {
  return `${projectId}/${requestId}`;
}

const COLLECTIONS = [
  'projects',
  'users',
  'teammates',
  'pendingInvitations',
  'knowledgeBases',
  'contents',
  'groups',
  'segments',
  'tags',
  'labels',
  'leads',
  'subscriptions',
  'conversations',
  'messages',
  'departments',
] as const satisfies readonly (keyof Collections)[];

/** Creates an empty store (its storage limit the default; the service sets `behaviour.storageLimit`). */
export function createStore(): Store {
  const storage = new StorageLedger();
  const collection = <V>(name: string) => new StoredCollection<V>(name, storage);
  return {
    projects: collection('projects'),
    users: collection('users'),
    teammates: collection('teammates'),
    pendingInvitations: collection('pendingInvitations'),
    knowledgeBases: collection('knowledgeBases'),
    contents: collection('contents'),
    groups: collection('groups'),
    segments: collection('segments'),
    tags: collection('tags'),
    labels: collection('labels'),
    leads: collection('leads'),
    subscriptions: collection('subscriptions'),
    conversations: collection('conversations'),
    messages: collection('messages'),
    departments: collection('departments'),
    secrets: { passwords: collection('passwords'), indexing: collection('indexing') },
    storage,
  };
}

/** Empties every collection of `store` in place (its storage account back to 0). */
export function clearStore(store: Store): void {
  for (const name of COLLECTIONS) store[name].clear();
  store.secrets.passwords.clear();
  store.secrets.indexing.clear();
}

/**
 * A deep, JSON-comparable copy of the whole state (collections and private data), e.g. to check
 * that a refused request changed nothing.
 * @returns `{ <collection>: { <key>: document }, secrets: { passwords, indexing } }`.
 */
export function snapshotStore(store: Store): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of COLLECTIONS) out[name] = Object.fromEntries(structuredClone([...store[name].entries()]));
  out.secrets = {
    passwords: Object.fromEntries(store.secrets.passwords),
    indexing: Object.fromEntries(structuredClone([...store.secrets.indexing.entries()])),
  };
  return out;
}
