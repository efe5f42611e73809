import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../packages/sdk/src/errors';
import type { OperationId } from '../packages/sdk/src/generated/operations.gen';
import { zodValidation } from '../packages/sdk/src/zod';
import { indexContract } from '../scripts/lib/conformance/contract.mjs';
import { dereferencedContract, root } from './contract-helpers';

/**
 * Does the contract keep its teeth? A mutation test on the real corpus of 200 bodies
 * (`test/fixtures/server-shapes/*.json`, without `requests.json` and `violations.json`): every body
 * is broken in realistic ways, and the contract (Ajv, the checks of `npm run conformance`) must
 * reject at least 95% of the broken bodies. The SDK's `zodValidation()` (from source, so no build
 * is needed) is measured and reported beside it.
 *
 * What counts as a breaking change is decided from the real server's code (`@tiledesk/tiledesk-server`
 * 2.19.16: its models' `required`, defaults, timestamps and virtuals, and what each route writes),
 * never from the contract, or the figure would be circular. `SERVER` below describes, per document
 * kind, each field the server gives a fixed type, with two flags read from that code:
 *
 * - `!` **always written** in that answer: a Mongo `_id`, `timestamps` (`createdAt`, `updatedAt`),
 *   `__v` of a saved document, a value the route always sets, a model default a hydrated document
 *   always carries, a virtual `toJSON` adds. Ghosts (documents an `upsert: true` update creates for
 *   an unknown id, which `get`/`update`/`delete` answers may carry) are a document kind of their own
 *   with fewer `!` fields: `getTag`, `updateLead`, ... only promise what a ghost has.
 * - `?` **may be null**: the server stores `null` from a client value it does not check, or Mongoose
 *   populates a deleted reference as `null`. Without `?` the server never writes `null` there.
 *
 * Fields of `Mixed`/`Object` paths (`attributes`, a label set's `data` values, segment filter
 * values) have no fixed type (`any`): they are never type-mutated or nulled. A field the server may
 * omit is never removed, nor is one that documents stored by older servers may lack where the route
 * reads them back as they are (a lead's `phone`, a knowledge base's `hybrid`, `engine`,
 * `embedding`). The mutations, all generated (no sampling, so the run is deterministic):
 *
 * | kind | what |
 * |---|---|
 * | missing id | an always-written `_id` / `id` removed |
 * | required field removed | any other always-written field removed |
 * | renamed field | an always-written field renamed to the other case convention (`createdAt` → `created_at`, `id_project` → `idProject`) or singular/plural (`tags` → `tag`) |
 * | list → object | a top-level array, or a wrapped list (`leads`, `segments`, `kbs`, a label document's `data`), replaced by `{}` or by its first item; any other array field by `{}` |
 * | object → list | the body, or a nested object field, wrapped in an array |
 * | wrong type | a typed field's value changed: string → number (a date → its epoch ms), number → string, boolean → string, object → string, array → string |
 * | null where never null | a field without `?` set to `null` |
 *
 * Mutations of nested documents go down to the first three items of a list. The mutants the
 * contract accepts are printed after the table; the known ones come from `decided` leniencies
 * (a label document's `data` may be one entry, the shape the documented interface gives it; a
 * vector-store `port` may be an integer).
 */

// ---------------------------------------------------------------------------------------------
// What the server writes, read from its models and routes.
// ---------------------------------------------------------------------------------------------

type Kind = 'oid' | 'str' | 'num' | 'int' | 'bool' | 'date' | 'obj' | 'arr' | 'any';
interface Field {
  kind: Kind;
  /** Written in every answer of this document kind. */
  always: boolean;
  /** The server may write `null` there. */
  nullable: boolean;
  /** The shape of an object value (or of an object value of an `any` field). */
  shape?: Shape;
  /** The shape of the items of a list of documents. */
  items?: Shape;
  /** Only some releases of the window have the field (`scripts/releases/data/releases.json`, read from the server's tags). */
  partial?: boolean;
}
type Shape = Readonly<Record<string, Field>>;
type Spec = string | Field;

/** `'oid!'`: an always-written ObjectId string; `'str?'`: a string or null, maybe absent. */
function field(spec: Spec): Field {
  if (typeof spec !== 'string') return spec;
  const match = /^(oid|str|num|int|bool|date|obj|arr|any)(!?)(\??)$/.exec(spec);
  if (!match) throw new Error(`bad field spec ${spec}`);
  return { kind: match[1] as Kind, always: match[2] === '!', nullable: match[3] === '?' };
}
const shape = (specs: Record<string, Spec>): Shape => Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, field(spec)]));
/** An object field with a known shape. */
const doc = (flags: string, of: Shape, kind: Kind = 'obj'): Field => ({ ...field(`${kind}${flags}`), shape: of });
/** A list of documents. */
const list = (flags: string, of: Shape): Field => ({ ...field(`arr${flags}`), items: of });
/** The same document kind where only `names` are always written (a ghost, or a looser answer). */
const onlyAlways = (of: Shape, names: string[]): Shape => Object.fromEntries(Object.entries(of).map(([name, f]) => [name, { ...f, always: names.includes(name) }]));
/** The same document kind with extra fields. */
const extend = (of: Shape, specs: Record<string, Spec>): Shape => ({ ...of, ...shape(specs) });

/**
 * The server's models per release, as `scripts/releases/extract.mjs` read them from the tags of the
 * server's repository (the server's code, not the contract: `releases.json`).
 */
const RELEASES: { releases: string[]; models: Record<string, { fields: Record<string, { since: string; ranges: { until?: string }[] }> }> } = JSON.parse(
  readFileSync(join(root, 'scripts/releases/data/releases.json'), 'utf8'),
);
const WINDOW_FROM = RELEASES.releases[0];
/**
 * `of` with each field that only some releases of the window have marked `partial`: a field of the
 * server's `model` (under the dotted path `under`, for a sub-document) that came after the window's
 * first release or went away before its last.
 */
function inModel(model: string, of: Shape, under = ''): Shape {
  const fields = RELEASES.models[model]?.fields;
  if (!fields) throw new Error(`releases.json has no model ${model}`);
  return Object.fromEntries(
    Object.entries(of).map(([name, f]) => {
      const release = fields[`${under}${name}`];
      const partial = release !== undefined && (release.since !== WINDOW_FROM || release.ranges.at(-1)?.until !== undefined);
      return [name, partial ? { ...f, partial } : f];
    }),
  );
}

const STAMPS = { createdAt: 'date!', updatedAt: 'date!', __v: 'int!' } as const;

/** models/tagLibrary.js; routes/tag.js writes `tag` and `color` on every update (null when not sent). */
const TAG = shape({ _id: 'oid!', tag: 'str!?', color: 'str?', attributes: 'any', id_project: 'str!', createdBy: 'str!', ...STAMPS });
const TAG_ANY = onlyAlways(TAG, ['_id', 'tag', 'createdAt', 'updatedAt', '__v']);

/** models/group.js; routes/group.js create sets `trashed: false`; `members` (untyped Array) stores `null` as sent. */
const GROUP = inModel('group', shape({ _id: 'oid!', name: 'str!', members: 'arr!?', trashed: 'bool!', enabled: 'bool!', attributes: 'any', id_project: 'str!', createdBy: 'str!', ...STAMPS }));
const GROUP_ANY = onlyAlways(GROUP, ['_id', 'members', 'enabled', 'createdAt', 'updatedAt', '__v']);

/** models/segment.js: filters are validated on create only. */
const SEGMENT_FILTER = shape({ field: 'str?', operator: 'str?', value: 'any' });
const SEGMENT = shape({
  _id: 'oid!',
  name: 'str!',
  match: 'str!',
  filters: list('!?', SEGMENT_FILTER),
  status: 'num!',
  id_project: 'str!',
  createdBy: 'str!',
  ...STAMPS,
});
const SEGMENT_ANY = onlyAlways(SEGMENT, ['_id', 'match', 'filters', 'status', 'createdAt', 'updatedAt', '__v']);

/**
 * models/lead.js; services/leadService.js `createWitId` always writes `lead_id` (a UUID when none
 * was sent). It also writes `phone` (null when none), but `listLeads` and `getLead` read leads older
 * servers stored too, which may lack it: not counted.
 */
const LEAD = shape({
  _id: 'oid!',
  lead_id: 'str!',
  fullname: 'str?',
  email: 'str?',
  phone: 'str?',
  company: 'str',
  note: 'str',
  streetAddress: 'str',
  city: 'str',
  region: 'str',
  zipcode: 'str',
  country: 'str',
  tags: 'arr!',
  attributes: 'any',
  properties: 'obj',
  status: 'num!',
  id_project: 'str!',
  createdBy: 'str!',
  ...STAMPS,
});
const LEAD_ANY = onlyAlways(LEAD, ['_id', 'tags', 'status', 'createdAt', 'updatedAt', '__v']);

/** models/user.js as populated into `id_user` (password not selected). */
const USER = inModel('user', shape({ _id: 'oid!', email: 'str', firstname: 'str?', lastname: 'str?', emailverified: 'bool', status: 'int', createdAt: 'date', updatedAt: 'date', __v: 'int' }));
/** models/tag.js as a teammate's subdocument (auto `_id`; the update routes skip validation). */
const TEAMMATE_TAG = shape({ _id: 'oid!', tag: 'str?', color: 'str?', attributes: 'any' });
/**
 * models/project_user.js: every creator (routes/project_user.js, routes/auth.js, services/projectService.js,
 * services/pendingInvitationService.js) sets `id_project`, `roleType` and `createdBy`; `role` is absent
 * when an invite sent none; defaults `user_available`, `number_assigned_requests`, `last_login_at`,
 * `permissions`, `tags`, `status`, `trashed`; virtuals `id` and `isAuthenticated` (toJSON virtuals).
 */
const TEAMMATE = inModel(
  'project_user',
  shape({
    _id: 'oid!',
    id: 'oid!',
    id_project: 'oid!',
    id_user: { ...field('any?'), shape: USER },
    uuid_user: 'str',
    role: 'str',
    roleType: 'int!',
    user_available: 'bool!',
    profileStatus: 'str',
    presence: 'obj',
    attributes: 'any',
    max_assigned_chat: 'num',
    // `null` once an update stored a numeric string beyond a double's range (Infinity, which JSON writes as null).
    number_assigned_requests: 'num!?',
    last_ip: 'str',
    last_login_at: 'date!',
    settings: 'obj',
    tags: list('!', TEAMMATE_TAG),
    permissions: 'arr!',
    createdBy: 'str!',
    status: 'str!',
    trashed: 'bool!',
    isAuthenticated: 'bool!',
    ...STAMPS,
  }),
);
/** getTeammate, listTeammates and getTeammateByUserId add `isBusy`. */
const TEAMMATE_READ = extend(TEAMMATE, { isBusy: 'bool!' });
/** updateTeammate upserts; deleteTeammate finds any project's teammate (a ghost included). */
const TEAMMATE_ANY = onlyAlways(TEAMMATE, [
  '_id',
  'id',
  'user_available',
  'number_assigned_requests',
  'last_login_at',
  'permissions',
  'tags',
  'status',
  'trashed',
  'isAuthenticated',
  'createdAt',
  'updatedAt',
  '__v',
]);
/** models/pending-invitation.js through services/pendingInvitationService.js, which refuses to save one without a role. */
const PENDING_INVITATION = shape({ _id: 'oid!', email: 'str!', role: 'str!', id_project: 'str!', createdBy: 'str!', ...STAMPS });

/** models/label.js: a stored entry always has `_id` and `default` (required, default false). */
const LABEL_ENTRY = shape({ _id: 'oid!', lang: 'str!', data: 'obj!', category: 'str', default: 'bool!' });
/** getLabels and the routes that answer with it: a stored entry, or the built-in set `{lang, data}`. */
const LABEL_ENTRY_ANY = onlyAlways(LABEL_ENTRY, ['lang', 'data']);
const LABEL_DOCUMENT = shape({ _id: 'oid!', id_project: 'str!', createdBy: 'str!', data: list('!', LABEL_ENTRY), attributes: 'any', ...STAMPS });
const LABEL_TRANSLATION = shape({ lang: 'str!', data: 'obj!' });
/** mongoose 5.13 `handleDeleteWriteOpResult`: the command's `{n, ok}` plus `deletedCount` (= n). */
const DELETE_RESULT = shape({ n: 'int!', ok: 'num!', deletedCount: 'int!' });
const SUCCESS_MESSAGE = shape({ success: 'bool!', message: 'str!' });

/**
 * models/kb_setting.js NamespaceSchema (routes/kb.js strips `_id` and `__v`). `hybrid`, `engine` and
 * `embedding` are written on every new knowledge base, but `listKnowledgeBases` reads them with
 * lean(), so older knowledge bases stored without them come back without them: not counted.
 */
const KB_ENGINE = inModel('Namespace', shape({ name: 'str!', type: 'str!', apikey: 'str', vector_size: 'num!', index_name: 'str!', host: 'str', port: 'str', deployment: 'str' }), 'engine.');
const KB_EMBEDDING = inModel('Namespace', shape({ provider: 'str!', name: 'str!', api_key: 'str', dimension: 'num', url: 'str' }), 'embedding.');
const KNOWLEDGE_BASE = inModel(
  'Namespace',
  shape({
    id: 'str!',
    id_project: 'str!',
    name: 'str!',
    preview_settings: 'obj!',
    default: 'bool!',
    hybrid: 'bool',
    engine: doc('', KB_ENGINE),
    embedding: doc('', KB_EMBEDDING),
    count: 'int',
    createdAt: 'date!',
    updatedAt: 'date!',
  }),
);
/** updateKnowledgeBase upserts on the id alone. */
const KNOWLEDGE_BASE_ANY = onlyAlways(KNOWLEDGE_BASE, ['id', 'default', 'createdAt', 'updatedAt']);
/**
 * models/kb_setting.js KBSchema: every route that adds contents writes `id_project`, `name`, `namespace`
 * and `status`; `type`, `source` and `content` are written as sent (null or absent otherwise).
 */
const CONTENT = inModel(
  'KB',
  shape({
    _id: 'oid!',
    id_project: 'str!',
    name: 'str!?',
    type: 'str?',
    source: 'str?',
    content: 'str?',
    namespace: 'str!',
    status: 'int!',
    scrape_type: 'int?',
    scrape_options: 'obj?',
    refresh_rate: 'str?',
    last_refresh: 'date',
    last_error: doc('', shape({ timestamp: 'num', message: 'any' })),
    tags: 'arr',
    situated_context: 'bool',
    sitemap_origin_id: 'str',
    sitemap_origin: 'str',
    chunk_regex: 'str?',
    createdAt: 'date!',
    updatedAt: 'date!',
    __v: 'int',
  }),
);
const CONTENT_QUERY = shape({ sortField: 'str!', limit: 'int', direction: 'int', status: 'int', page: 'int?', search: 'str' });
const SITEMAP_ERROR = shape({ type: 'str', url: 'str', retries: 'int', message: 'str' });

/** models/request.js, populated into a message's `request` (stored fields only: deliveries read it with lean()). */
const CONVERSATION = inModel(
  'request',
  shape({
    _id: 'oid!',
    request_id: 'str!',
    first_text: 'str!',
    status: 'num!',
    id_project: 'str!',
    createdBy: 'str!',
    participants: 'arr!',
    hasBot: 'bool!',
    ...STAMPS,
  }),
);
/** models/message.js: defaults `senderFullname`, `type`, `channel_type`, `channel` (null when sent null), `status`. */
const MESSAGE = shape({
  _id: 'oid!',
  sender: 'str!',
  senderFullname: 'str!',
  recipient: 'str!',
  type: 'str!',
  channel_type: 'str!',
  text: 'str?',
  language: 'str?',
  channel: doc('!?', shape({ name: 'str' })),
  id_project: 'str!',
  status: 'num!',
  attributes: 'any',
  metadata: 'obj?',
  createdBy: 'str!',
  request: doc('!', CONVERSATION),
  ...STAMPS,
});
/** models/message.js as `Message.find()` lists it: no `request` (routes/message.js:532). */
const LISTED_MESSAGE = shape({
  _id: 'oid!',
  sender: 'str!',
  senderFullname: 'str!',
  recipient: 'str!',
  type: 'str!',
  channel_type: 'str!',
  text: 'str?',
  language: 'str?',
  channel: doc('!?', shape({ name: 'str' })),
  id_project: 'str!',
  status: 'num!',
  attributes: 'any',
  metadata: 'obj?',
  createdBy: 'str!',
  ...STAMPS,
});
/** models/subscription.js (`secret` selected back by the route; `global` only on a new one). */
const SUBSCRIPTION = shape({ _id: 'oid!', event: 'str!', target: 'str!', secret: 'str!', id_project: 'str!', global: 'bool', createdBy: 'str!', ...STAMPS });
/**
 * A subscription read back (`secret` and `global` are `select: false`); an update writes the body as
 * sent (`null` stored), and upserts a ghost on an unknown id (routes/subscription.js:55).
 */
const SUBSCRIPTION_READ = onlyAlways(shape({ _id: 'oid!', event: 'str?', target: 'str?', id_project: 'str?', createdBy: 'str?', ...STAMPS }), ['_id', 'createdAt', 'updatedAt', '__v']);

/** models/department.js, with its `toJSON` virtuals `id` and `hasBot` (routes/department.js reads). */
const DEPARTMENT = inModel(
  'department',
  shape({
    _id: 'oid!',
    id: 'oid!',
    name: 'str!',
    id_project: 'str!',
    routing: 'str!',
    default: 'bool!',
    status: 'num!',
    groups: 'arr!',
    tags: 'arr!',
    hasBot: 'bool!',
    id_bot: 'str?',
    id_group: 'str?',
    description: 'str',
    createdBy: 'str!',
    ...STAMPS,
  }),
);

/** routes/auth.js. */
const SIGN_IN = shape({
  success: 'bool!',
  token: 'str!',
  role: 'str',
  user: doc('!', shape({ _id: 'oid!', email: 'str!', firstname: 'str?', lastname: 'str?', emailverified: 'bool' })),
});
const ANONYMOUS_SIGN_IN = shape({
  success: 'bool!',
  token: 'str!',
  // firstname, lastname, email are echoed from the body unchecked (any JSON value); `decorateUser` adds `id` and `fullName`.
  user: doc('!', shape({ _id: 'str!', id: 'str!', firstname: 'any', fullName: 'str!', lastname: 'any', email: 'any', attributes: 'any' })),
});
/** The user is the custom token's payload (any claims) or a stored user. */
const CUSTOM_TOKEN_SIGN_IN = shape({ success: 'bool!', token: 'str!', user: doc('!', shape({})) });

/** pubmodules/analytics/analytics.js aggregations. */
const TOTAL = shape({ totalCount: 'int!' });
const DAY = shape({ _id: doc('!', shape({ year: 'int!', month: 'int!', day: 'int!' })), count: 'int!' });
const HOUR = shape({ _id: doc('!', shape({ hour: 'int!' })), count: 'int!' });
const MONTH = shape({ _id: doc('!', shape({ year: 'int!', month: 'int!' })), count: 'int!' });
const WEEK = shape({ _id: doc('!', shape({ year: 'int!', month: 'int!', week: 'int!' })), count: 'int!' });
const average = (name: string) => shape({ _id: 'str!', [name]: 'num!?' });

/** The root of a 200 body: an object of a shape, a list of one, or a choice made from the body. */
type Chosen = { object: Shape } | { list: Shape };
type Root = Chosen | ((body: unknown) => Chosen | undefined);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const object = (of: Shape): Chosen => ({ object: of });
const listOf = (of: Shape): Chosen => ({ list: of });

const SERVER: Record<OperationId, Root> = {
  signIn: object(SIGN_IN),
  signInAnonymously: object(ANONYMOUS_SIGN_IN),
  signInWithCustomToken: object(CUSTOM_TOKEN_SIGN_IN),
  listContents: object(shape({ count: 'int!', query: doc('!', CONTENT_QUERY), kbs: list('!', CONTENT) })),
  createContent: object(shape({ lastErrorObject: doc('!', shape({ n: 'int!', updatedExisting: 'bool!', upserted: 'oid' })), value: doc('!', CONTENT) })),
  getContent: object(CONTENT),
  deleteContent: object(CONTENT),
  createContentsFromUrls: listOf(CONTENT),
  parseSitemap: object(shape({ url: 'str', sites: 'arr!', errors: list('!', SITEMAP_ERROR) })),
  listKnowledgeBases: listOf(KNOWLEDGE_BASE),
  createKnowledgeBase: object(KNOWLEDGE_BASE),
  updateKnowledgeBase: object(KNOWLEDGE_BASE_ANY),
  deleteKnowledgeBase: object(SUCCESS_MESSAGE),
  listTeammates: listOf(TEAMMATE_READ),
  updateCurrentTeammate: object(TEAMMATE),
  getTeammate: object(TEAMMATE_READ),
  updateTeammate: object(TEAMMATE_ANY),
  deleteTeammate: object(TEAMMATE_ANY),
  getTeammateByUserId: listOf(TEAMMATE_READ),
  inviteTeammate: (body) =>
    !isObject(body)
      ? undefined
      : 'pendingInvitation' in body
        ? object(shape({ msg: 'str!', pendingInvitation: doc('!', PENDING_INVITATION) }))
        : 'success' in body
          ? object(shape({ success: 'bool!', msg: 'str!', code: 'int', pendinginvitation: list('', PENDING_INVITATION) }))
          : object(TEAMMATE),
  listGroups: listOf(GROUP),
  createGroup: object(GROUP),
  getGroup: object(GROUP_ANY),
  updateGroup: object(GROUP_ANY),
  deleteGroup: (body) => (!isObject(body) ? undefined : 'success' in body ? object(SUCCESS_MESSAGE) : object(GROUP_ANY)),
  listSegments: object(shape({ perPage: 'int!', count: 'int!', segments: list('!', SEGMENT) })),
  createSegment: object(SEGMENT),
  getSegment: object(SEGMENT_ANY),
  updateSegment: object(SEGMENT_ANY),
  deleteSegment: object(SEGMENT_ANY),
  listTags: listOf(TAG),
  createTag: object(TAG),
  getTag: object(TAG_ANY),
  updateTag: object(TAG_ANY),
  deleteTag: object(DELETE_RESULT),
  // A project without labels gets `{}`: nothing in it to break but its type.
  listLabels: (body) => object(isObject(body) && Object.keys(body).length === 0 ? shape({}) : LABEL_DOCUMENT),
  upsertLabels: object(LABEL_ENTRY_ANY),
  deleteAllLabels: object(DELETE_RESULT),
  getLabels: object(LABEL_ENTRY_ANY),
  deleteLabels: object(LABEL_ENTRY_ANY),
  setDefaultLabels: object(LABEL_ENTRY_ANY),
  listDefaultLabels: listOf(LABEL_TRANSLATION),
  getDefaultLabels: object(LABEL_TRANSLATION),
  cloneDefaultLabels: object(LABEL_DOCUMENT),
  listLeads: object(shape({ perPage: 'int!', count: 'int!', leads: list('!', LEAD) })),
  createLead: object(LEAD),
  getLead: object(LEAD_ANY),
  updateLead: object(LEAD_ANY),
  deleteLead: object(LEAD_ANY),
  getRequestWaitingTime: listOf(average('waiting_time_avg')),
  getRequestWaitingTimeLastDay: listOf(average('waiting_time_avg')),
  countRequests: listOf(TOTAL),
  aggregateRequestsByStatus: listOf(TOTAL),
  aggregateRequestsByDay: listOf(DAY),
  aggregateRequestsByMonth: listOf(MONTH),
  aggregateRequestsByWeek: listOf(WEEK),
  aggregateRequestsByHour: listOf(HOUR),
  getRequestDuration: listOf(average('duration_avg')),
  getRequestSatisfaction: listOf(average('satisfaction_avg')),
  countRequestsWithBot: listOf(TOTAL),
  countMessages: listOf(TOTAL),
  aggregateMessagesByDay: listOf(DAY),
  createMessage: object(MESSAGE),
  createSubscription: object(SUBSCRIPTION),
  listSubscriptions: listOf(SUBSCRIPTION_READ),
  getSubscription: object(SUBSCRIPTION_READ),
  updateSubscription: object(SUBSCRIPTION_READ),
  // `null` for an unknown id: nothing to break.
  deleteSubscription: (body) => (isObject(body) ? object(SUBSCRIPTION_READ) : undefined),
  listDepartments: listOf(DEPARTMENT),
  listConversations: object(shape({ perPage: 'int!', count: 'int!', requests: list('!', CONVERSATION) })),
  getConversation: object(CONVERSATION),
  updateConversation: object(CONVERSATION),
  addConversationParticipant: object(CONVERSATION),
  setConversationParticipants: object(CONVERSATION),
  removeConversationParticipant: object(CONVERSATION),
  assignConversation: object(CONVERSATION),
  transferConversationToAgent: object(CONVERSATION),
  // A CSV text (text/csv): no JSON shape to break.
  exportLeadsCsv: () => undefined,
  closeConversation: object(CONVERSATION),
  reopenConversation: object(CONVERSATION),
  listMessages: listOf(LISTED_MESSAGE),
  getDepartment: (body) => (isObject(body) ? object(DEPARTMENT) : undefined),
};

// ---------------------------------------------------------------------------------------------
// Mutations.
// ---------------------------------------------------------------------------------------------

const KINDS = ['missing id', 'required field removed', 'renamed field', 'list → object', 'object → list', 'wrong type', 'null where never null'] as const;
type MutationKind = (typeof KINDS)[number];
type Path = (string | number)[];
interface Mutation {
  kind: MutationKind;
  path: Path;
  /** The new value, or `undefined` to remove the field; `rename` moves it to another key. */
  value?: unknown;
  rename?: string;
  what: string;
  /** On a field only some releases of the window have (or inside one). */
  partial?: boolean;
}
interface Mutant {
  kind: MutationKind;
  where: string;
  body: unknown;
  partial: boolean;
}

const ITEMS_PER_LIST = 3;
const isId = (name: string) => name === '_id' || name === 'id';

/** The other spelling of a field name: snake_case ↔ camelCase, else singular ↔ plural; none for `_id`, `__v`. */
function renamed(name: string): string | undefined {
  if (name.startsWith('_')) return undefined;
  if (name.includes('_')) return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  if (/[A-Z]/.test(name)) return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (/(ss|us)$/.test(name)) return undefined;
  return name.endsWith('s') ? name.slice(0, -1) : `${name}s`;
}

/** A value of another JSON type, as a server change would send it. */
function retyped(kind: Kind, value: unknown): unknown {
  if (typeof value === 'string') return kind === 'date' ? Date.parse(value) || 1_795_000_000_000 : Number.isFinite(Number(value)) && value.trim() !== '' ? Number(value) : 42;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(String).join(',');
  return '[object Object]';
}

function* fieldMutations(value: Record<string, unknown>, of: Shape, path: Path, inPartial = false): Generator<Mutation> {
  for (const [name, f] of Object.entries(of)) {
    if (!(name in value)) continue;
    const v = value[name];
    const at = [...path, name];
    const partial = inPartial || f.partial === true;
    if (f.always) {
      if (isId(name)) yield { kind: 'missing id', path: at, what: 'removed', partial };
      else {
        yield { kind: 'required field removed', path: at, what: 'removed', partial };
        const other = renamed(name);
        if (other && !(other in value)) yield { kind: 'renamed field', path: at, rename: other, what: `renamed to ${other}`, partial };
      }
    }
    if (v !== null && f.kind !== 'any') yield { kind: 'wrong type', path: at, value: retyped(f.kind, v), what: `${Array.isArray(v) ? 'array' : typeof v} retyped`, partial };
    if (v !== null && !f.nullable && f.kind !== 'any') yield { kind: 'null where never null', path: at, value: null, what: 'null', partial };
    if (Array.isArray(v) && (f.kind === 'arr' || f.items)) {
      yield { kind: 'list → object', path: at, value: {}, what: 'list replaced by {}', partial };
      if (f.items && v.length) yield { kind: 'list → object', path: at, value: v[0], what: 'list replaced by its first item', partial };
    }
    if (isObject(v) && (f.kind === 'obj' || f.shape)) {
      if (f.kind === 'obj') yield { kind: 'object → list', path: at, value: [v], what: 'object wrapped in a list', partial };
      if (f.shape) yield* fieldMutations(v, f.shape, at, partial);
    }
    if (Array.isArray(v) && f.items) {
      for (const [i, item] of v.slice(0, ITEMS_PER_LIST).entries()) if (isObject(item)) yield* fieldMutations(item, f.items, [...at, i], partial);
    }
  }
}

function* mutations(body: unknown, rootOf: Root): Generator<Mutation> {
  const chosen = typeof rootOf === 'function' ? rootOf(body) : rootOf;
  if (!chosen) return;
  if ('list' in chosen) {
    if (!Array.isArray(body)) return;
    yield { kind: 'list → object', path: [], value: {}, what: 'list replaced by {}' };
    if (body.length) yield { kind: 'list → object', path: [], value: body[0], what: 'list replaced by its first item' };
    for (const [i, item] of body.slice(0, ITEMS_PER_LIST).entries()) if (isObject(item)) yield* fieldMutations(item, chosen.list, [i]);
  } else {
    if (!isObject(body)) return;
    yield { kind: 'object → list', path: [], value: [body], what: 'body wrapped in a list' };
    yield* fieldMutations(body, chosen.object, []);
  }
}

/** `body` with one mutation applied (a deep copy; `body` is left as is). */
function applied(body: unknown, m: Mutation): unknown {
  if (m.path.length === 0) return structuredClone(m.value);
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of m.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = m.path[m.path.length - 1]!;
  const old = parent[last];
  if (m.rename !== undefined) {
    delete parent[last];
    parent[m.rename] = old;
  } else if (m.value === undefined) delete parent[last];
  else parent[last] = structuredClone(m.value);
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The corpus and the two validators.
// ---------------------------------------------------------------------------------------------

interface ResponseEntry {
  operationId: OperationId;
  status: number;
  why: string;
  body: unknown;
  contentType?: string;
  /** Response headers the contract requires (e.g. `x-hook-secret`). */
  headers?: Record<string, string>;
}

const dir = join(root, 'test/fixtures/server-shapes');
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !['requests.json', 'violations.json'].includes(f))
  .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ResponseEntry[])
  .filter((e) => e.status === 200 && e.body !== '' && (e.contentType ?? 'application/json').startsWith('application/json'));
const contract = indexContract(dereferencedContract());
const validator = zodValidation({ request: false });
/** The corpus's bodies are 2.19.16's: a client that knows it (`serverVersion`) also holds them to that release's fields. */
const releaseValidator = zodValidation({ request: false, serverVersion: '2.19.16' });

const contractRejects = (entry: ResponseEntry, body: unknown) =>
  contract.checkResponse(entry.operationId, { status: 200, contentType: 'application/json', headers: new Headers(entry.headers), text: JSON.stringify(body), body }).length > 0;
async function zodRejects(operationId: OperationId, body: unknown, by = validator): Promise<boolean> {
  try {
    await by.response!(operationId, body);
    return false;
  } catch (error) {
    if (error instanceof ValidationError) return true;
    throw error;
  }
}

function mutantsOf(entry: ResponseEntry): Mutant[] {
  return [...mutations(entry.body, SERVER[entry.operationId])].map((m) => ({
    kind: m.kind,
    where: `${entry.operationId} ${m.path.length ? m.path.join('.') : '(body)'} ${m.what} — ${entry.why.slice(0, 60)}`,
    body: applied(entry.body, m),
    partial: m.partial === true,
  }));
}

describe('the contract rejects realistic breaking changes of real bodies', () => {
  it('knows every operation of the contract, and the unmutated bodies pass', async () => {
    expect(Object.keys(SERVER).sort()).toEqual(contract.operations.map((op) => op.operationId).sort());
    for (const entry of corpus) {
      expect(contractRejects(entry, entry.body), `${entry.operationId}: ${entry.why}`).toBe(false);
      expect(await zodRejects(entry.operationId, entry.body), `${entry.operationId}: ${entry.why}`).toBe(false);
      expect(await zodRejects(entry.operationId, entry.body, releaseValidator), `${entry.operationId} on 2.19.16: ${entry.why}`).toBe(false);
    }
  });

  it('rejects at least 97% of the mutants of fields every release sends, and 95% of all', async () => {
    type Row = { mutants: number; contract: number; zod: number; release: number };
    const empty = (): Row => ({ mutants: 0, contract: 0, zod: 0, release: 0 });
    /** Per kind: every mutant, and those of fields every release of the window sends (not `partial`). */
    const rows = new Map<MutationKind, { all: Row; every: Row }>(KINDS.map((k) => [k, { all: empty(), every: empty() }]));
    const escaped: string[] = [];
    for (const entry of corpus) {
      for (const mutant of mutantsOf(entry)) {
        const row = rows.get(mutant.kind)!;
        const counted = mutant.partial ? [row.all] : [row.all, row.every];
        const contractCaught = contractRejects(entry, mutant.body);
        const zodCaught = await zodRejects(entry.operationId, mutant.body);
        const releaseCaught = await zodRejects(entry.operationId, mutant.body, releaseValidator);
        for (const r of counted) {
          r.mutants++;
          if (contractCaught) r.contract++;
          if (zodCaught) r.zod++;
          if (releaseCaught) r.release++;
        }
        if (!contractCaught) escaped.push(`${mutant.partial ? '(some releases) ' : ''}${mutant.kind}: ${mutant.where}`);
      }
    }
    const sum = (pick: 'all' | 'every') =>
      [...rows.values()].reduce<Row>(
        (t, r) => ({ mutants: t.mutants + r[pick].mutants, contract: t.contract + r[pick].contract, zod: t.zod + r[pick].zod, release: t.release + r[pick].release }),
        empty(),
      );
    const total = sum('all');
    const every = sum('every');
    // Rounded down, so that 99.96% reads 99.9%, not 100.0%.
    const pct = (n: number, of: number) => (of ? `${(Math.floor((1000 * n) / of) / 10).toFixed(1)}%` : '–');
    const line = (name: string, r: Row) =>
      `| ${name.padEnd(22)} | ${String(r.mutants).padStart(7)} | ${String(r.contract).padStart(8)} | ${pct(r.contract, r.mutants).padStart(6)} | ${String(r.zod).padStart(8)} | ${pct(r.zod, r.mutants).padStart(6)} | ${String(r.release).padStart(11)} | ${pct(r.release, r.mutants).padStart(6)} |`;
    const table = (title: string, pick: 'all' | 'every', t: Row) => [
      title,
      `| ${'kind'.padEnd(22)} | mutants | contract |      % |      zod |      % | zod@2.19.16 |      % |`,
      `|${'-'.repeat(24)}|---------|----------|--------|----------|--------|-------------|--------|`,
      ...[...rows].map(([name, r]) => line(name, r[pick])),
      line('all', t),
    ];
    console.log(
      [
        `Mutation test: ${corpus.length} real 200 bodies`,
        ...table('Fields every release of the window sends (2.10.0 to 2.19.16; scripts/releases/data/releases.json):', 'every', every),
        '',
        ...table('All fields, those only some releases send included:', 'all', total),
        ...(escaped.length ? ['', `Mutants the contract accepts (${escaped.length}):`, ...escaped.map((e) => `  ${e}`)] : []),
      ].join('\n'),
    );
    expect(total.mutants).toBeGreaterThan(1000);
    expect(every.contract / every.mutants).toBeGreaterThanOrEqual(0.97);
    expect(total.contract / total.mutants).toBeGreaterThanOrEqual(0.95);
    // Knowing the release never lets more through.
    for (const r of rows.values()) expect(r.all.release).toBeGreaterThanOrEqual(r.all.zod);
  });
});
