/**
 * The mock's state: plain `Map`s of documents typed with the contract's resource types (no
 * database). Documents are stored in the shape the service sends them; what the service keeps
 * private (passwords, indexing schedules) lives in side maps, and references between documents
 * (a teammate's user, a conversation's lead) are stored as ids and populated when answering.
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

/** A department: conversations reference it; no operation manages it. */
export type Department = {
  _id: string;
  name: string;
  default: boolean;
  routing: string;
  id_project: string;
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

/** A stored message (without the `request` it is answered with). */
export type StoredMessage = Omit<Message, 'request'> & { createdAt: string; updatedAt: string };

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
  /** Conversations (requests) by `request_id`. */
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

/** Creates an empty store. */
export function createStore(): Store {
  return {
    projects: new Map(),
    users: new Map(),
    teammates: new Map(),
    pendingInvitations: new Map(),
    knowledgeBases: new Map(),
    contents: new Map(),
    groups: new Map(),
    segments: new Map(),
    tags: new Map(),
    labels: new Map(),
    leads: new Map(),
    subscriptions: new Map(),
    conversations: new Map(),
    messages: new Map(),
    departments: new Map(),
    secrets: { passwords: new Map(), indexing: new Map() },
  };
}

/** Empties every collection of `store` in place. */
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
