/**
 * Knowledge bases (namespaces) and their contents, as the server's `routes/kb.js` over
 * `models/kb_setting.js` answers, with a vector-store engine that works (the mock indexes contents
 * on its clock: -1 → 100 → 200 → 300, or 400 for a failing source):
 *
 * - `listKnowledgeBases` (kb.js:922): the project's knowledge bases in stored order, without `_id`
 *   and `__v`; on a project without any it creates the default one (id = project id) and answers it
 *   alone, without `count` even when asked; otherwise `count` per knowledge base when the `count`
 *   parameter is present (`if (req.query.count)`: `count=false` counts too).
 * - `createKnowledgeBase` (kb.js:1125): `hybrid` must be a boolean (400), `true` needs a project
 *   whose `profile.customization.hybrid` is set (403); the plan limit (`behaviour.maxKnowledgeBases`)
 *   403 with `plan_limit`; a name the model refuses (missing, empty, null, an object or an array) 500
 *   with Mongoose's `ValidationError`.
 * - `updateKnowledgeBase` (kb.js:1386): upserts by `id` alone (any project, any string), writing
 *   `name` and `preview_settings` when truthy; a name that is no string 500 with the cast error.
 * - `deleteKnowledgeBase` (kb.js:1416): 404 unknown in the project; `contents_only=true` (the text
 *   `true` only) empties it; otherwise the default one is 403, another is deleted with its contents.
 * - `listContents` (kb.js:1535): filters and paging read as the route reads them (`parseInt`,
 *   truthiness, `page * limit`), the filter cast by Mongoose (../mongoose/filter.ts: arrays become
 *   `$in`, `qs` objects operators or cast errors); `search` is `new RegExp(search)` on `source` —
 *   an invalid pattern (`c++`, `[`) throws in the route and **the server never answers**; so does a
 *   `direction` mquery refuses (`2`: the sort is built inside a database callback). A status that is
 *   no number, a negative page, a sort key MongoDB refuses: 500 `{success: false, error}`. A
 *   `search` over the mock's pattern bounds, or one whose matching work over the project's contents
 *   exceeds the request's budget (../pattern.ts), is refused with 400 `{errors: [{value, msg, param:
 *   "search", location: "query"}]}` in both modes: a limit of the mock, not of the server. So is a
 *   pattern arriving as an operator anywhere else (`namespace[$regex]=…`, a body's
 *   `source: {$regex}`).
 * - `getContent` (kb.js:1650), `deleteContent` (kb.js:2292): project-scoped; a malformed id 500.
 * - `createContent` (kb.js:1669): `namespace` required (400), checked (404 unknown, 403 another
 *   project's, 500 `{success: false}` for a value Mongoose cannot cast); upserts on (project, type,
 *   source) with `$set` of the fields the route builds (fields not sent stored as `null`, other stored
 *   fields kept) and answers the raw `{lastErrorObject, value}`; a value the model cannot store 500.
 * - `createContentsFromUrls` (kb.js:1796): bulk upserts on (project, `url`, source, knowledge base),
 *   answers the stored contents with those sources (as stored: no defaults, no `__v` on new ones);
 *   no `list` 500 `{success: false}`, a `list` that is no array **no answer**.
 * - `parseSitemap` (kb.js:1996): see ./sitemapper.ts.
 *
 * Reads add what Mongoose's hydration adds (`situated_context: false` when not stored).
 */
import type { Content, ContentListQuery, KnowledgeBase, SitemapResult } from '@supportkb/sdk';
import { copyDocument } from '../documents';
import { beyondContract } from '../http/beyond-contract';
import { field, jsNumber, jsParseInt, jsString, queryField, truthy } from '../http/request';
import { fail, failError, ok, unanswered, type Failure } from '../http/results';
import { badInput, type ValidationIssue } from '../http/validation';
import { CastError, castObjectId } from '../mongoose/cast';
import { find, MongoError } from '../mongoose/documents';
import { castErrorJson, mongooseErrorJson } from '../mongoose/errors';
import { castFilter, compileFilter, documentFilter, isQueryError, querySchema } from '../mongoose/filter';
import { castUpdate, newDocument, ValidationError, type Model } from '../mongoose/model';
import { findWindow } from '../mongoose/query';
import { storedAs } from '../mongoose/stored';
import { MatchBudget, PatternLimitError } from '../pattern';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { DEFAULT_SCRAPE_OPTIONS, newKnowledgeBase } from '../state/factories';
import type { StoredKnowledgeBase } from '../state/store';
import { readSitemap } from './sitemapper';

/** `models/kb_setting.js` NamespaceSchema (timestamps; `_id` and `__v` never sent, so not kept). */
const NAMESPACE_MODEL: Model = {
  name: 'Namespace',
  timestamps: true,
  fields: {
    id_project: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    preview_settings: { type: 'mixed', required: true },
    default: { type: 'boolean', default: false },
    hybrid: { type: 'boolean', default: false },
    engine: { type: 'mixed', required: true },
    embedding: { type: 'mixed', required: true },
  },
};
const NAMESPACE_QUERY = querySchema(NAMESPACE_MODEL);

/**
 * `models/kb_setting.js` KBSchema, its fields in the order `createContent` writes them (Mongoose
 * casts an update key by key and reports the first failure). No defaults: the upserts that write
 * contents apply none (`situated_context: false` is added when a content is read, see {@link hydrate}).
 */
const KB_MODEL: Model = {
  name: 'KB',
  timestamps: true,
  fields: {
    id_project: { type: 'string', required: true },
    name: { type: 'string', required: true },
    type: { type: 'string' },
    source: { type: 'string' },
    content: { type: 'string' },
    namespace: { type: 'string' },
    status: { type: 'number' },
    refresh_rate: { type: 'string' },
    scrape_type: { type: 'number' },
    scrape_options: { type: 'mixed' },
    chunk_regex: { type: 'string' },
    tags: { type: 'mixed' },
    situated_context: { type: 'boolean' },
    url: { type: 'string' },
    sitemap_origin_id: { type: 'string' },
    sitemap_origin: { type: 'string' },
    last_refresh: { type: 'date' },
    last_error: { type: 'mixed' },
  },
};
const KB_QUERY = querySchema(KB_MODEL);

/** The hybrid engine of `config/kb/engine.hybrid.js` (the default configuration, no key). */
const HYBRID_ENGINE = { name: 'pinecone', type: 'serverless', apikey: '', vector_size: 1536, index_name: 'llm-sample-hybrid-index' };

/** Default page size of `listContents` (kb.js:1545). */
const PAGE_SIZE = 200;

type Doc = Record<string, unknown>;

/** A stored content as Mongoose hydrates it for an answer: `situated_context` defaults to false. */
function hydrate(content: Content): Content {
  const copy = copyDocument(content) as Content & Doc;
  if (copy.situated_context === undefined) copy.situated_context = false;
  return copy;
}

/** A stored knowledge base as Mongoose hydrates it (`default` and `hybrid` default to false). */
function hydrateNamespace(kb: StoredKnowledgeBase): StoredKnowledgeBase {
  const copy = structuredClone(kb) as StoredKnowledgeBase & Doc;
  if (copy.default === undefined) copy.default = false;
  if (copy.hybrid === undefined) copy.hybrid = false;
  return copy;
}

function projectKnowledgeBases(core: ServiceCore, projectId: string): KnowledgeBase[] {
  return [...core.store.knowledgeBases.values()].filter((kb): kb is KnowledgeBase => (kb as Doc).id_project === projectId);
}

/** A cast error of a filter: Mongoose names the model (`Query.prototype.cast` calls `setModel`). */
function filterCastErrorJson(error: CastError, model: string): Doc {
  const json = castErrorJson(error);
  return { ...json, message: `${String(json.message)} for model "${model}"` };
}

/** The driver's `MongoError` as `JSON.stringify` writes it (its message is a getter, not serialised). */
function mongoErrorJson(error: MongoError): Doc {
  return { ok: 0, code: error.code, codeName: error.codeName, name: 'MongoError' };
}

/** `{success: false, error: <the query's error>}` with status 500, as `res.status(500).send({success: false, error: err})`. */
function queryFailure(error: unknown, model: string): Failure | undefined {
  if (error instanceof CastError) return fail(500, { success: false, error: filterCastErrorJson(error, model) });
  if (error instanceof MongoError) return fail(500, { success: false, error: mongoErrorJson(error) });
  if (isQueryError(error)) return fail(500, { success: false, error: {} });
  return undefined;
}

/** Where a request carries the value a filter path comes from: `[param, location]`. */
type FieldOrigin = readonly [string, ValidationIssue['location']];

/**
 * The answer to a pattern over the mock's bounds (../pattern.ts): 400 naming the request field the
 * pattern's filter path comes from (`origins`, else `fallback`).
 */
function patternRefused(error: PatternLimitError, origins: Readonly<Record<string, FieldOrigin>>, fallback: FieldOrigin): Failure {
  const [param, location] = error.path !== undefined && Object.hasOwn(origins, error.path) ? origins[error.path]! : fallback;
  return error.refusal(param, location);
}

/**
 * `aiManager.checkNamespace(id_project, namespace_id)` (services/aiManager.js:235) as the content
 * routes answer its rejection: `Namespace.findOne({id})` across projects, then 404 (not found), 403
 * (another project's); a value Mongoose cannot cast rejects with the cast error itself, which has
 * no `errorCode` or `error`: 500 `{success: false}`. A pattern (`namespace: {$regex}`) over the
 * mock's bounds: 400 naming `namespace` at `location`.
 */
function checkNamespace(
  core: ServiceCore,
  projectId: string,
  namespaceId: unknown,
  location: ValidationIssue['location'] = 'body',
  budget?: MatchBudget,
): { kb: KnowledgeBase } | { failure: Failure } {
  let kb: StoredKnowledgeBase | undefined;
  try {
    const test = documentFilter(NAMESPACE_QUERY, { id: namespaceId }, budget);
    kb = [...core.store.knowledgeBases.values()].find((candidate) => test(candidate));
  } catch (error) {
    if (error instanceof PatternLimitError) return { failure: patternRefused(error, {}, ['namespace', location]) };
    if (isQueryError(error)) return { failure: fail(500, { success: false }) };
    throw error;
  }
  if (!kb) return { failure: failError(404, `Namespace not found with id ${jsString(namespaceId)}`) };
  if ((kb as Doc).id_project !== projectId) return { failure: failError(403, `Namespace not belonging to project ${projectId}`) };
  return { kb: kb as KnowledgeBase };
}

/**
 * Brings a content's status up to date with the clock: -1 until `stepMs` after its indexing started,
 * then 100 (the scheduler's callback, services/aiManager.js:511, also writes `last_refresh`), 200
 * from `2 * stepMs`, and 300 (or 400 with `last_error`, as aiManager.js:540) from `3 * stepMs`.
 * @returns `content`, updated in place.
 */
export function progress(core: ServiceCore, content: Content): Content {
  const job = core.store.secrets.indexing.get(content._id);
  if (!job) return content;
  const step = core.behaviour.indexing?.stepMs ?? 2000;
  const elapsed = core.clock.now() - job.startedAt;
  const stage = Math.max(0, Math.min(3, Math.floor(elapsed / step)));
  const status = stage === 0 ? -1 : stage === 1 ? 100 : stage === 2 ? 200 : job.fails ? 400 : 300;
  if (content.status !== status) {
    content.status = status;
    const updatedAt = new Date(job.startedAt + stage * step).toISOString();
    content.updatedAt = updatedAt;
    if (stage >= 1) content.last_refresh = status === 400 ? updatedAt : new Date(job.startedAt + step).toISOString();
    // The indexer writes `last_error.timestamp` with Date.now(): epoch milliseconds, not a date string.
    if (status === 400) content.last_error = { timestamp: Date.parse(updatedAt), message: `Unable to index ${String(content.source ?? content.name)}` };
  }
  if (stage === 3) core.store.secrets.indexing.delete(content._id);
  return content;
}

function startIndexing(core: ServiceCore, content: Content): void {
  const failing = core.behaviour.indexing?.failingSources ?? /fail/i;
  failing.lastIndex = 0;
  core.store.secrets.indexing.set(content._id, { startedAt: core.clock.now(), fails: failing.test(String(content.source ?? '')) });
}

function dropContents(core: ServiceCore, projectId: string, namespaceId: string): void {
  for (const content of [...core.store.contents.values()]) {
    if (content.id_project === projectId && content.namespace === namespaceId) {
      core.store.contents.delete(content._id);
      core.store.secrets.indexing.delete(content._id);
    }
  }
}

/** `parseStringArrayField` (utils/arrayUtil.js): an array of strings, or a JSON text of one; else undefined. */
function parseStringArrayField(value: unknown): string[] | undefined {
  if (!value) return undefined;
  let items: unknown = value;
  if (typeof value === 'string') {
    try {
      items = JSON.parse(value);
    } catch {
      return undefined;
    }
  } else if (!Array.isArray(value)) return undefined;
  return Array.isArray(items) && items.every((item) => typeof item === 'string') ? (items as string[]) : undefined;
}

/** Whether the project's plan allows hybrid knowledge bases (`req.project.profile.customization.hybrid`, kb.js:1142). */
function allowsHybrid(core: ServiceCore, projectId: string): boolean {
  const project = core.store.projects.get(projectId) as { profile?: { customization?: { hybrid?: unknown } } } | undefined;
  return Boolean(project?.profile?.customization?.hybrid);
}

/** Where listContents reads each filter path from (a pattern refused there names it). */
const LIST_ORIGINS: Readonly<Record<string, FieldOrigin>> = { source: ['search', 'query'], namespace: ['namespace', 'query'], type: ['type', 'query'], status: ['status', 'query'] };
/** Where createContent reads each filter path from. */
const BODY_ORIGINS: Readonly<Record<string, FieldOrigin>> = { source: ['source', 'body'], type: ['type', 'body'] };

const SORT_REFUSED =
  "routes/kb.js:1608 builds the sort inside KB.countDocuments' callback; mquery throws `Invalid sort value` there, an uncaught exception the server logs, and the request stays open";

/** Handlers of the contents (listContents, getContent, createContent, createContentsFromUrls, parseSitemap, deleteContent) and of the knowledge bases (listKnowledgeBases, createKnowledgeBase, updateKnowledgeBase, deleteKnowledgeBase). */
export const kbHandlers = {
  listContents: {
    handle({ core, projectId, raw }) {
      const q = raw.query;
      const namespace = queryField(q, 'namespace');
      if (!truthy(namespace)) return failError(400, "queryParam 'namespace' is not defined");
      let status: number | undefined;
      let limit = PAGE_SIZE;
      let page = 0;
      let direction = -1;
      let sortField: unknown = 'updatedAt';
      let text: unknown;
      const filter: Doc = { id_project: projectId, namespace };
      if (truthy(queryField(q, 'status'))) filter.status = status = jsParseInt(q.status);
      if (truthy(queryField(q, 'type'))) filter.type = q.type;
      if (truthy(queryField(q, 'limit'))) limit = jsParseInt(q.limit);
      if (truthy(queryField(q, 'page'))) page = jsParseInt(q.page);
      const skip = page * limit;
      if (truthy(queryField(q, 'direction'))) direction = jsParseInt(q.direction);
      if (truthy(queryField(q, 'sortField'))) sortField = q.sortField;
      if (truthy(queryField(q, 'search'))) {
        text = q.search;
        let regex: RegExp;
        try {
          regex = new RegExp(jsString(text)); // compiles only: nothing runs on JavaScript's engine
        } catch {
          return unanswered('routes/kb.js:1591 runs `new RegExp(req.query.search)` in an async route: an invalid pattern throws, a rejected promise nobody catches');
        }
        filter.source = { $regex: regex.source };
      }
      // `sortQuery[sortField] = direction`: the key is the value's text (a `__proto__` key sorts nothing).
      const sortKey = jsString(sortField);
      let found: ReturnType<typeof find<Content>>;
      let test: ((doc: object) => boolean) | undefined;
      try {
        found = find(core.store.contents, { filter: (c) => test!(c), sortField: sortKey === '__proto__' ? '\u0000' : sortKey, direction, skip, limit });
      } catch (error) {
        if (error instanceof TypeError) return unanswered(SORT_REFUSED);
        throw error;
      }
      for (const content of core.store.contents.values()) if (content.id_project === projectId) progress(core, content);
      let kbs: Content[];
      let count: number;
      try {
        const cast = castFilter(KB_QUERY, filter);
        findWindow(skip, limit); // MongoDB refuses a negative skip before it reads the filter
        test = compileFilter(cast, KB_QUERY);
        kbs = found.exec();
        count = found.count();
      } catch (error) {
        if (error instanceof PatternLimitError) return patternRefused(error, LIST_ORIGINS, ['search', 'query']);
        const failure = queryFailure(error, 'KB');
        if (failure) return failure;
        throw error;
      }
      // In the route's order; `sortField` always holds a value (the default, or a truthy one sent).
      const query: ContentListQuery = {
        ...(status ? { status } : {}),
        ...(limit ? { limit } : {}),
        ...(status ? { page } : {}),
        sortField,
        ...(direction ? { direction } : {}),
        ...(text ? { search: text } : {}),
      };
      return ok({ count, query, kbs: kbs.map(hydrate) });
    },
  },

  getContent: {
    handle({ core, projectId, raw }) {
      let id: string;
      try {
        id = castObjectId(raw.path.content_id, '_id');
      } catch (error) {
        if (error instanceof CastError) return failError(500, 'An error occurred retrieving the content');
        throw error;
      }
      const content = core.store.contents.get(id);
      if (!content || content.id_project !== projectId) return failError(404, `Content not found with id ${raw.path.content_id} for project ${projectId}`);
      return ok(hydrate(progress(core, content)));
    },
  },

  createContent: {
    handle({ core, projectId, raw }) {
      const body = raw.body;
      const get = (name: string) => field(body, name);
      const type = get('type');
      const scrapeType = get('scrape_type');
      const situated = get('situated_context');
      const tags = get('tags');
      const namespaceId = get('namespace');
      if (!truthy(namespaceId)) return failError(400, "parameter 'namespace' is not defined");
      const budget = new MatchBudget();
      const check = checkNamespace(core, projectId, namespaceId, 'body', budget);
      if ('failure' in check) return check.failure;
      // The document of kb.js:1700-1731, key by key.
      const update: Doc = { id_project: projectId, name: get('name'), type, source: get('source'), content: get('content'), namespace: namespaceId, status: -1 };
      if (type === 'txt') update.scrape_type = 1;
      if (type === 'url') {
        update.refresh_rate = truthy(get('refresh_rate')) ? get('refresh_rate') : 'never';
        if (scrapeType === 0 || scrapeType === 4) {
          update.scrape_type = scrapeType;
          update.scrape_options = get('scrape_options');
        } else {
          update.scrape_type = 2;
          update.scrape_options = structuredClone(DEFAULT_SCRAPE_OPTIONS);
        }
      }
      if (type === 'regex_custom') update.chunk_regex = get('chunk_regex');
      if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) update.tags = [...tags];
      if (situated === true && (type !== 'url' || scrapeType === 0)) update.situated_context = true;
      // KB.findOneAndUpdate({id_project, type, source}, update, {upsert, new, rawResult}): the filter
      // is cast first (its errors name the model), then the update.
      let test: (doc: object) => boolean;
      let set: Doc;
      try {
        test = documentFilter(KB_QUERY, { id_project: projectId, type, source: update.source }, budget);
      } catch (error) {
        if (error instanceof PatternLimitError) return patternRefused(error, BODY_ORIGINS, ['source', 'body']);
        const failure = queryFailure(error, 'KB');
        if (failure) return failure;
        throw error;
      }
      try {
        set = castUpdate(KB_MODEL, update);
      } catch (error) {
        if (error instanceof CastError) return fail(500, { success: false, error: castErrorJson(error) });
        throw error;
      }
      const now = core.clock.iso();
      let existing: Content | undefined;
      try {
        existing = [...core.store.contents.values()].find((c) => test(c));
      } catch (error) {
        // Before anything is written.
        if (error instanceof PatternLimitError) return patternRefused(error, BODY_ORIGINS, ['source', 'body']);
        throw error;
      }
      let doc: Content;
      let lastErrorObject: { n: number; updatedExisting: boolean; upserted?: string };
      if (existing) {
        Object.assign(existing, set, { updatedAt: now });
        doc = existing;
        lastErrorObject = { n: 1, updatedExisting: true };
      } else {
        const _id = core.ids.objectId();
        doc = storedAs<Content>({ _id, ...set, createdAt: now, updatedAt: now, __v: 0 });
        core.store.contents.set(_id, doc);
        lastErrorObject = { n: 1, updatedExisting: false, upserted: _id };
      }
      startIndexing(core, doc);
      return ok({ lastErrorObject, value: hydrate(doc) });
    },
  },

  createContentsFromUrls: {
    handle({ core, projectId, raw }) {
      const body = raw.body;
      const list = field(body, 'list');
      const refreshRate = field(body, 'refresh_rate') === undefined ? 'never' : field(body, 'refresh_rate');
      const scrapeType = field(body, 'scrape_type') === undefined ? 2 : field(body, 'scrape_type');
      let scrapeOptions = field(body, 'scrape_options');
      const situated = field(body, 'situated_context');
      const tags = parseStringArrayField(field(body, 'tags'));
      if (scrapeType === 2 && !truthy(scrapeOptions)) scrapeOptions = structuredClone(DEFAULT_SCRAPE_OPTIONS);
      const namespaceId = queryField(raw.query, 'namespace');
      if (!truthy(namespaceId)) return failError(400, "queryParam 'namespace' is not defined");
      const budget = new MatchBudget();
      const check = checkNamespace(core, projectId, namespaceId, 'query', budget);
      if ('failure' in check) return check.failure;
      const kb = check.kb;
      // kb.js:1836 reads `list.length` inside the quota check's try: no list is a TypeError answered 500 {success: false}.
      if (list === undefined || list === null) return fail(500, { success: false });
      if (jsNumber((list as { length?: unknown }).length) > 300) return failError(403, "Too many urls. Can't index more than 300 urls at a time.");
      if (!Array.isArray(list)) {
        return unanswered('services/aiManager.js:64 calls `urls.map` on a list that is no array inside a `new Promise(async …)` executor: the promise never settles');
      }
      const extra: Doc = { ...(Array.isArray(tags) && tags.length > 0 ? { tags } : {}), ...(situated === true && scrapeType === 0 ? { situated_context: true } : {}) };
      const docs = list.map((url: unknown) => ({
        id_project: kb.id_project,
        name: url,
        source: url,
        type: 'url',
        content: '',
        namespace: kb.id,
        status: -1,
        scrape_type: scrapeType,
        scrape_options: scrapeOptions,
        refresh_rate: refreshRate,
        ...structuredClone(extra),
      }));
      // KB.bulkWrite (aiManager.js:522): every operation is cast before any is sent; one failure fails all.
      let operations: { test: (doc: object) => boolean; set: Doc }[];
      try {
        operations = docs.map((doc) => ({ test: documentFilter(KB_QUERY, { id_project: doc.id_project, type: 'url', source: doc.source, namespace: kb.id }, budget), set: castUpdate(KB_MODEL, doc) }));
      } catch (error) {
        // A pattern in the list (`{$regex}`) never reaches a write: its name fails the cast.
        if (error instanceof PatternLimitError) return patternRefused(error, {}, ['list', 'body']);
        if (isQueryError(error)) return failError(500, 'Unable to add multiple urls due to an error.');
        throw error;
      }
      const now = core.clock.iso();
      for (const { test, set } of operations) {
        const existing = [...core.store.contents.values()].find((c) => test(c));
        if (existing) Object.assign(existing, set, { updatedAt: now });
        else {
          const _id = core.ids.objectId();
          core.store.contents.set(_id, storedAs<Content>({ _id, ...set, createdAt: now, updatedAt: now }));
        }
      }
      // KB.find({id_project, namespace, source: {$in: sources}}).lean(): the stored documents, any type.
      const matching = documentFilter(KB_QUERY, { id_project: kb.id_project, namespace: kb.id, source: { $in: docs.map((doc) => doc.source) } });
      const result = [...core.store.contents.values()].filter((c) => matching(c));
      for (const content of result) startIndexing(core, content);
      return ok(structuredClone(result));
    },
  },

  parseSitemap: {
    async handle({ core, raw }) {
      const outcome = await readSitemap(field(raw.body, 'sitemap'), { fixtures: core.behaviour.sitemaps });
      if ('endless' in outcome) return unanswered(`routes/kb.js:2007: ${outcome.endless}`);
      // kb.js:2012: `fetch()` rejected with a TypeError, whose JSON is `{}`.
      if ('rejected' in outcome) return fail(500, { success: false, error: {} });
      return ok(beyondContract<SitemapResult>(outcome.data, 'each site is a `loc` as fast-xml-parser reads it, an object for a `loc` with child elements'));
    },
  },

  deleteContent: {
    handle({ core, projectId, raw }) {
      let id: string;
      try {
        id = castObjectId(raw.path.content_id, '_id');
      } catch (error) {
        if (error instanceof CastError) return fail(500, { success: false, error: filterCastErrorJson(error, 'KB') });
        throw error;
      }
      const content = core.store.contents.get(id);
      if (!content || content.id_project !== projectId) return failError(404, 'Content not found');
      const check = checkNamespace(core, projectId, content.namespace ?? projectId);
      if ('failure' in check) return check.failure;
      // The engine removes the content from the index (`success: true`), then the route deletes it.
      progress(core, content);
      core.store.contents.delete(content._id);
      core.store.secrets.indexing.delete(content._id);
      return ok(hydrate(content));
    },
  },

  listKnowledgeBases: {
    handle({ core, projectId, raw }) {
      const list = projectKnowledgeBases(core, projectId);
      if (list.length === 0) {
        const kb = newKnowledgeBase(core, { id: projectId, name: 'Default', id_project: projectId, default: true });
        core.store.knowledgeBases.set(kb.id, kb);
        return ok([structuredClone(kb)]);
      }
      const withCount = truthy(queryField(raw.query, 'count'));
      const contents = [...core.store.contents.values()];
      return ok(list.map((kb) => ({ ...structuredClone(kb), ...(withCount ? { count: contents.filter((c) => c.id_project === kb.id_project && c.namespace === kb.id).length } : {}) })));
    },
  },

  createKnowledgeBase: {
    handle({ core, projectId, raw }) {
      const body = raw.body;
      let hybrid = false;
      if (typeof body === 'object' && body !== null && Object.hasOwn(body, 'hybrid')) {
        const value = (body as Doc).hybrid;
        if (typeof value !== 'boolean') return failError(400, "Value not accepted for 'hybrid' field. Expected boolean.");
        hybrid = value;
      }
      if (hybrid && !allowsHybrid(core, projectId)) return failError(403, 'Hybrid mode is not allowed for the current project');
      const draft = newKnowledgeBase(core, { id: core.ids.objectId(), name: '', id_project: projectId, default: false, hybrid, ...(hybrid ? { engine: { ...HYBRID_ENGINE } } : {}) });
      const existing = projectKnowledgeBases(core, projectId);
      if (existing.length >= core.behaviour.maxKnowledgeBases) {
        return failError(403, 'Maximum number of resources reached for the current plan', { plan_limit: core.behaviour.maxKnowledgeBases });
      }
      const name = field(body, 'name');
      let fields: Doc;
      try {
        fields = newDocument(NAMESPACE_MODEL, { ...draft, name, default: existing.length === 0 });
      } catch (error) {
        if (error instanceof ValidationError) return fail(500, { success: false, error: mongooseErrorJson(error, 'Namespace', { name }) });
        throw error;
      }
      const kb = storedAs<KnowledgeBase>({ ...fields, createdAt: draft.createdAt, updatedAt: draft.updatedAt });
      core.store.knowledgeBases.set(kb.id, kb);
      return ok(structuredClone(kb));
    },
  },

  updateKnowledgeBase: {
    handle({ core, raw }) {
      const body = raw.body;
      const id = raw.path.id!;
      const update: Doc = {};
      if (truthy(field(body, 'name'))) update.name = field(body, 'name');
      if (truthy(field(body, 'preview_settings'))) update.preview_settings = field(body, 'preview_settings');
      let set: Doc;
      try {
        set = castUpdate(NAMESPACE_MODEL, update);
      } catch (error) {
        if (error instanceof CastError) return fail(500, { success: false, error: castErrorJson(error) });
        throw error;
      }
      // Namespace.findOneAndUpdate({id}, update, {new: true, upsert: true}): any project's, or a new bare record.
      const now = core.clock.iso();
      let kb = core.store.knowledgeBases.get(id);
      if (kb) Object.assign(kb, set, { updatedAt: now });
      else {
        kb = storedAs<StoredKnowledgeBase>({ id, ...set, createdAt: now, updatedAt: now });
        core.store.knowledgeBases.set(id, kb);
      }
      return ok(hydrateNamespace(kb));
    },
  },

  deleteKnowledgeBase: {
    handle({ core, projectId, raw }) {
      const id = raw.path.id!;
      const kb = projectKnowledgeBases(core, projectId).find((candidate) => candidate.id === id);
      if (!kb) return failError(404, `No namespace found for id ${id}`);
      const contentsOnly = queryField(raw.query, 'contents_only');
      if (truthy(contentsOnly) && (contentsOnly === true || contentsOnly === 'true')) {
        dropContents(core, projectId, id);
        return ok({ success: true as const, message: 'All contents deleted successfully' });
      }
      if (kb.default === true) return failError(403, 'Default namespace cannot be deleted');
      dropContents(core, projectId, id);
      core.store.knowledgeBases.delete(id);
      return ok({ success: true as const, message: 'Namespace deleted succesfully' });
    },
  },
} satisfies HandlerGroup;
