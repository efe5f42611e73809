/**
 * Seeding from a recording: the documents a HAR's answers carry (pages of lists, single documents,
 * the documents nested in them) turned into a scenario `seed`, so that a test continues statefully
 * from real data. Which operation each exchange is comes from the mock's own routing
 * (`operationOfUrl`); where the documents are in its answer comes from the operation's 200 schema
 * in the SDK (`operationSchemas`), walked along the recorded body: each of the contract's resource
 * schemas found there is a document of the seed collection {@link KINDS} maps it to.
 */
import type { Entry, Har } from 'har-format';
import type { OperationId } from '@supportkb/sdk';
import {
  operationSchemas,
  zAuthUser,
  zContent,
  zConversation,
  zGroup,
  zKnowledgeBase,
  zLabelDocument,
  zLabelEntry,
  zLead,
  zMessage,
  zSegment,
  zSubscription,
  zTag,
  zTeammate,
  zTeammateRole,
  zUser,
} from '@supportkb/sdk/zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { operationIds, operationMeta } from '../manifest';
import { scenarioSchema, type ScenarioSeed } from './format';
import { bodyOf, operationOfUrl } from './har';
import { ScenarioError, validateScenario } from './validate';
import { isObject } from '../documents';

/** Options of {@link harToSeed}. */
export interface HarToSeedOptions {
  /** The project to seed; default the project of the first recorded request that names one. Requests of other projects are skipped. */
  projectId?: string;
  /** What a {@link ScenarioError} calls the recording; default `recording`. */
  file?: string;
  /** Called for each entry, or document, not seeded (another project's request, a failed or unreadable answer, a teammate without its user, …), with the reason. */
  skipped?: (entry: Entry | undefined, reason: string) => void;
}

/** The value `supportkb-record` writes in place of a secret: a document field holding it is left out (the seed's default applies). */
const REDACTED = 'REDACTED';

/** Where a resource schema's documents go: a seed collection, or (teammates, label entries) what one is built from. */
type Kind = 'users' | 'authUsers' | 'teammates' | 'groups' | 'segments' | 'tags' | 'leads' | 'conversations' | 'messages' | 'knowledgeBases' | 'contents' | 'labels' | 'labelEntries' | 'subscriptions';

type Doc = Record<string, unknown>;

/** The object schema behind one of the SDK's lazy schema exports (the instance its answers' schemas share). */
function resolved(schema: unknown): $ZodType {
  const def = (schema as { _zod: { def: { type: string; getter?: () => unknown } } })._zod.def;
  return (def.type === 'lazy' ? def.getter!() : schema) as $ZodType;
}

let kinds: Map<$ZodType, Kind> | undefined;
/** The one table: each resource schema of the contract → where its documents go. */
function KINDS(): Map<$ZodType, Kind> {
  if (kinds) return kinds;
  const table: [unknown, Kind][] = [
    [zUser, 'users'],
    [zAuthUser, 'authUsers'],
    [zTeammate, 'teammates'],
    [zGroup, 'groups'],
    [zSegment, 'segments'],
    [zTag, 'tags'],
    [zLead, 'leads'],
    [zConversation, 'conversations'],
    [zMessage, 'messages'],
    [zKnowledgeBase, 'knowledgeBases'],
    [zContent, 'contents'],
    [zLabelDocument, 'labels'],
    [zLabelEntry, 'labelEntries'],
    [zSubscription, 'subscriptions'],
  ];
  return (kinds = new Map(table.map(([schema, kind]) => [resolved(schema), kind])));
}

type Def = {
  type: string;
  innerType?: $ZodType;
  getter?: () => $ZodType;
  in?: $ZodType;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  items?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  options?: $ZodType[];
};
const defOf = (schema: $ZodType): Def => schema._zod.def;

/**
 * The documents of `value` read with `schema`: every node of a resource schema {@link KINDS} knows,
 * with the value there (a union: the first member the value parses as, else every member).
 */
function documentsIn(schema: $ZodType, value: unknown, out: { kind: Kind; doc: Doc }[]): void {
  const kind = KINDS().get(schema);
  // An intersection may reach the same document twice.
  if (kind && isObject(value) && !out.some((found) => found.kind === kind && found.doc === value)) out.push({ kind, doc: value });
  const def = defOf(schema);
  switch (def.type) {
    case 'lazy':
      return documentsIn(def.getter!(), value, out);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return documentsIn(def.innerType!, value, out);
    case 'pipe':
      return documentsIn(def.in!, value, out);
    case 'object':
      if (isObject(value)) for (const [key, field] of Object.entries(def.shape!)) if (Object.hasOwn(value, key)) documentsIn(field, value[key], out);
      return;
    case 'array':
      if (Array.isArray(value)) for (const item of value) documentsIn(def.element!, item, out);
      return;
    case 'tuple':
      if (Array.isArray(value)) def.items!.forEach((item, i) => documentsIn(item, value[i], out));
      return;
    case 'intersection':
      documentsIn(def.left!, value, out);
      documentsIn(def.right!, value, out);
      return;
    case 'union': {
      const member = def.options!.find((option) => safeParse(option, value).success);
      for (const option of member ? [member] : def.options!) documentsIn(option, value, out);
      return;
    }
    default:
      return;
  }
}

/** The first resource kind an operation's 200 schema holds (what the document its path names is). */
function kindOfOperation(operationId: OperationId): Kind | undefined {
  const found: Kind[] = [];
  const visit = (schema: $ZodType, depth: number): void => {
    if (found.length || depth > 6) return;
    const kind = KINDS().get(schema);
    if (kind) return void found.push(kind);
    const def = defOf(schema);
    if (def.type === 'lazy') visit(def.getter!(), depth);
    else if (def.innerType) visit(def.innerType, depth);
    else if (def.type === 'pipe') visit(def.in!, depth);
    else if (def.type === 'array') visit(def.element!, depth + 1);
    else if (def.type === 'tuple') def.items!.forEach((item) => visit(item, depth + 1));
    else if (def.type === 'intersection') [def.left!, def.right!].forEach((side) => visit(side, depth));
    else if (def.type === 'union') def.options!.forEach((option) => visit(option, depth));
  };
  const response = operationSchemas[operationId].response;
  if (response) visit(response(), 0);
  return found[0];
}

/**
 * What a DELETE removes: the document of the GET (else PUT) of the same path, named by the path's
 * last parameter (`DELETE /{project_id}/tags/{id}` removes the tag `getTag` answers for `id`).
 */
function deletedKind(operationId: OperationId): { kind: Kind; param: string | undefined } | undefined {
  const meta = operationMeta(operationId);
  for (const method of ['GET', 'PUT']) {
    const sibling = operationIds.map(operationMeta).find((other) => other.method.toUpperCase() === method && other.path === meta.path);
    const kind = sibling && kindOfOperation(sibling.operationId);
    if (kind) return { kind, param: meta.pathParams.filter((name) => name !== 'project_id').at(-1) };
  }
  return undefined;
}

const fieldsByPath = new Map<string, Set<string>>();
/** The fields of a part of the seed format (`['users']`, `['users', 'teammate']`, `['labels', 'data']`): what a seeded document may hold. */
function formatFields(path: readonly string[]): Set<string> {
  const key = path.join('.');
  let fields = fieldsByPath.get(key);
  if (!fields) fieldsByPath.set(key, (fields = readFormatFields(path)));
  return fields;
}
function readFormatFields(path: readonly string[]): Set<string> {
  let schema = resolved(defOf(scenarioSchema()).shape!.seed);
  for (const key of path) {
    for (let def = defOf(schema); def.type !== 'object'; def = defOf(schema)) schema = def.innerType ?? def.element!;
    schema = defOf(schema).shape![key]!;
  }
  for (let def = defOf(schema); def.type !== 'object'; def = defOf(schema)) schema = def.innerType ?? def.element!;
  return new Set(Object.keys(defOf(schema).shape!));
}

/** `doc`'s fields the format allows at `path`, without the redacted ones. */
function pick(doc: Doc, path: readonly string[]): Doc {
  const allowed = formatFields(path);
  return Object.fromEntries(Object.entries(structuredClone(doc)).filter(([key, value]) => allowed.has(key) && value !== REDACTED));
}

const idOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : isObject(value) && typeof value._id === 'string' ? value._id : undefined);

/**
 * Turns the documents a recording's answers carry into a scenario `seed` (`mode: 'replace'`, the
 * recorded project), validated against the contract, so a test continues from the recorded state:
 *
 * - read: every successful (2xx) JSON answer of an operation of the contract: lists' pages and
 *   single documents, and the documents nested in them: tags, groups, segments, leads, teammates
 *   (with their populated user: a user with `role`, the teammate's fields in `teammate`; teammates
 *   without a user, such as guests, are skipped), the signed-in user (`signIn`), conversations
 *   (the `request` of `createMessage`'s answer) with their messages, knowledge bases, contents,
 *   the label document and its entries, subscriptions;
 * - the last recorded version of a document (by `_id`; knowledge bases by `id`, conversations by
 *   `request_id`, label entries by `lang`) wins; a successful DELETE drops the document its path
 *   names (a knowledge base with its contents; `contents_only=true` only its contents), until a
 *   later answer shows it again;
 * - a field recorded as `REDACTED` is left out, so the seed's default applies (a subscription's
 *   `secret`: the run's secret); passwords are never recorded, so users get the default password
 *   `Str0ng-example-passw0rd`; fields the format does not take (`isBusy`, a list's `count`) are dropped.
 *
 * @param har the parsed HAR (`supportkb-record` output).
 * @param options `projectId`, `file` (the name errors give) and `skipped` (each entry or document not seeded, with the reason).
 * @returns the seed: `{ mode: 'replace', project: { _id }, users, groups, …, subscriptions }` (empty collections left out).
 * @throws {TypeError} when `har` has no `log.entries` array.
 * @throws {ScenarioError} when no request names a project, or a recorded document does not fit the contract (the error names its seed path).
 * @example setupNodeMock({ scenario: { seed: harToSeed(JSON.parse(readFileSync('session.har', 'utf8'))) } })
 */
export function harToSeed(har: Har, options: HarToSeedOptions = {}): ScenarioSeed {
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new TypeError('harToSeed: not an HTTP Archive (no log.entries array)');
  const file = options.file ?? 'recording';
  const skip = options.skipped ?? (() => undefined);
  let projectId = options.projectId;
  const collections = new Map<Kind, Map<string, Doc>>();
  const collection = (kind: Kind) => collections.get(kind) ?? collections.set(kind, new Map()).get(kind)!;
  let labels: Doc | undefined;

  const keyOf = (kind: Kind, doc: Doc): string | undefined => {
    const key = kind === 'knowledgeBases' ? doc.id : kind === 'conversations' ? doc.request_id : kind === 'labelEntries' ? doc.lang : doc._id;
    return typeof key === 'string' ? key : undefined;
  };
  const remember = (kind: Kind, doc: Doc, entry: Entry): void => {
    if (kind === 'labels') {
      labels = { ...doc, data: Array.isArray(doc.data) ? doc.data : isObject(doc.data) ? [doc.data] : [] };
      return;
    }
    if (kind === 'labelEntries') {
      // The project's entries have an `_id`; the built-in English fallback has none.
      if (typeof doc._id !== 'string' || typeof doc.lang !== 'string') return;
      const current = (labels ??= { data: [] }).data as Doc[];
      if (doc.default === true) for (const other of current) if (other.lang !== doc.lang) other.default = false;
      const at = current.findIndex((other) => other.lang === doc.lang);
      if (at >= 0) current[at] = doc;
      else current.push(doc);
      return;
    }
    const key = keyOf(kind, doc);
    if (key === undefined) return skip(entry, `a ${kind} document without its id`);
    const map = collection(kind === 'authUsers' ? 'users' : kind);
    // The signed-in user is a partial view of the account: it updates the fields it has. Moved to
    // the end, so the documents keep the order of the answer that showed them last (a list's).
    const previous = map.get(key);
    map.delete(key);
    map.set(key, kind === 'authUsers' ? { ...previous, ...doc } : doc);
  };
  const drop = (kind: Kind, key: string, query: URLSearchParams): void => {
    if (kind === 'labels') labels = undefined;
    else if (kind === 'labelEntries') labels = labels && { ...labels, data: (labels.data as Doc[]).filter((e) => e.lang !== key) };
    else if (kind === 'knowledgeBases') {
      for (const [id, content] of collection('contents')) if (content.namespace === key) collection('contents').delete(id);
      if (query.get('contents_only') !== 'true') collection(kind).delete(key);
    } else collection(kind).delete(key);
  };

  for (const [index, entry] of (entries as Entry[]).entries()) {
    try {
      if (entry === null || typeof entry !== 'object' || typeof entry.request?.url !== 'string' || typeof entry.request.method !== 'string' || typeof entry.response?.status !== 'number') {
        throw new TypeError('not a HAR entry (request.method, request.url and response.status are required)');
      }
      if (!URL.canParse(entry.request.url)) throw new TypeError(`request.url ${JSON.stringify(entry.request.url.slice(0, 200))} is not an absolute URL`);
      const found = operationOfUrl(entry.request.method, entry.request.url);
      if (!found) {
        skip(entry, `no operation of the contract is ${entry.request.method} ${new URL(entry.request.url).pathname}`);
        continue;
      }
      const project = found.params.project_id;
      if (project !== undefined) {
        projectId ??= project;
        if (project !== projectId) {
          skip(entry, `a request of another project (${project})`);
          continue;
        }
      }
      const { status } = entry.response;
      if (status < 200 || status > 299) {
        skip(entry, `answered ${status}`);
        continue;
      }
      if (entry.request.method.toUpperCase() === 'DELETE') {
        const deleted = deletedKind(found.operationId);
        const key = deleted && (deleted.param ? found.params[deleted.param] : '');
        if (deleted && key !== undefined) drop(deleted.kind, key, new URL(entry.request.url).searchParams);
        continue;
      }
      const body = bodyOf(entry);
      const response = operationSchemas[found.operationId].response;
      if (!body || !('body' in body) || !response) {
        if (!body) skip(entry, 'the answer is not JSON');
        continue;
      }
      const documents: { kind: Kind; doc: Doc }[] = [];
      documentsIn(response(), body.body, documents);
      for (const { kind, doc } of documents) remember(kind, doc, entry);
    } catch (error) {
      if (error instanceof ScenarioError) throw error;
      throw new TypeError(`log.entries[${index}]: ${(error as Error).message}`);
    }
  }
  if (projectId === undefined) throw new ScenarioError(file, [{ path: '', message: 'No recorded request names a project: nothing to seed (pass options.projectId)' }]);

  // Teammates become users with a role: the user their `id_user` names (populated in every answer).
  const users = collection('users');
  const userFields = new Map<string, Doc>();
  for (const teammate of collection('teammates').values()) {
    if (teammate.id_project !== projectId) continue;
    const userId = idOf(teammate.id_user);
    const user = userId === undefined ? undefined : users.get(userId);
    if (!user) {
      skip(undefined, `teammate ${String(teammate._id)}: its user (${userId ?? 'none: a deleted account, or a guest'}) is not in the recording`);
      continue;
    }
    const role = safeParse(resolved(zTeammateRole), teammate.role).success ? teammate.role : undefined;
    if (role === undefined) skip(undefined, `teammate ${String(teammate._id)}: role ${JSON.stringify(teammate.role)} is none of the contract's roles; seeded as a user without one`);
    userFields.set(userId!, { ...(role !== undefined ? { role } : {}), teammate: pick(teammate, ['users', 'teammate']) });
  }
  const seededUsers: Doc[] = [];
  for (const [id, user] of users) {
    if (typeof user.email !== 'string' || user.email === REDACTED) {
      skip(undefined, `user ${id}: no e-mail in the recording (sign-in needs one)`);
      continue;
    }
    seededUsers.push({ ...pick(user, ['users']), ...userFields.get(id) });
  }

  // Conversations with their messages (by recipient); a lead populated in a conversation is a lead too.
  const conversations = new Map<string, Doc & { messages: Doc[] }>();
  for (const [requestId, conversation] of collection('conversations')) {
    const fields = pick(conversation, ['conversations']);
    for (const reference of ['lead', 'requester', 'department'] as const) {
      if (fields[reference] === undefined || fields[reference] === null) continue;
      const id = idOf(fields[reference]);
      if (reference === 'lead' && isObject(conversation.lead) && id && !collection('leads').has(id) && safeParse(resolved(zLead), conversation.lead).success)
        collection('leads').set(id, conversation.lead);
      if (id === undefined) delete fields[reference];
      else fields[reference] = id;
    }
    conversations.set(requestId, { ...fields, request_id: requestId, messages: [] });
  }
  for (const message of collection('messages').values()) {
    const recipient = message.recipient;
    if (typeof recipient !== 'string') continue;
    const conversation = conversations.get(recipient) ?? conversations.set(recipient, { request_id: recipient, messages: [] }).get(recipient)!;
    conversation.messages.push(pick(message, ['conversations', 'messages']));
  }

  const list = (kind: Kind, path: string, transform: (doc: Doc) => Doc = (doc) => doc) => [...collection(kind).values()].map((doc) => transform(pick(doc, [path])));
  const seed: Record<string, unknown> = {
    mode: 'replace',
    project: { _id: projectId },
    users: seededUsers,
    groups: list('groups', 'groups'),
    segments: list('segments', 'segments'),
    tags: list('tags', 'tags'),
    leads: list('leads', 'leads'),
    conversations: [...conversations.values()].map(({ messages, ...fields }) => (messages.length ? { ...fields, messages } : fields)),
    knowledgeBases: list('knowledgeBases', 'knowledgeBases'),
    contents: list('contents', 'contents'),
    ...(labels ? { labels: { ...pick(labels, ['labels']), data: (labels.data as Doc[]).map((e) => pick(e, ['labels', 'data'])) } } : {}),
    subscriptions: list('subscriptions', 'subscriptions'),
  };
  for (const [key, value] of Object.entries(seed)) if (Array.isArray(value) && value.length === 0) delete seed[key];
  return validateScenario({ seed }, file).seed!;
}
