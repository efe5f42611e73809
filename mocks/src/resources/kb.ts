/**
 * Knowledge bases and their contents (spec §2.1, §2.2, §3, §4.2, §4.3; reference sheet §2).
 *
 * Contents are upserted on (project, type, source) and move through the indexing statuses
 * -1 → 100 → 200 → 300 (or 400 for a failing source) on the mock's clock.
 */
import { stamps, touch, type OpContext, type OperationTable, type ServiceCore } from '../context';
import { compareBy, fail, failError, ok, userPattern, type Result } from '../http';
import type { Doc } from '../store';

/** Preview settings of a new knowledge base (reference sheet §2). */
export const DEFAULT_PREVIEW_SETTINGS = { model: 'gpt-4o', max_tokens: 256, temperature: 0.7, top_k: 4, alpha: 0.5, context: null };
/** Vector store of every knowledge base. */
export const DEFAULT_ENGINE = { name: 'pinecone', type: 'serverless', vector_size: 1536, index_name: 'llm-sample-index' };
/** Embedding model of every knowledge base. */
export const DEFAULT_EMBEDDING = { provider: 'openai', name: 'text-embedding-ada-002', dimension: 1536 };
/** Scrape options of url contents with scrape_type 2. */
export const DEFAULT_SCRAPE_OPTIONS = { tags_to_extract: ['body'], unwanted_tags: [], unwanted_classnames: [] };

/** A knowledge-base document. */
export function newKnowledgeBase(core: ServiceCore, projectId: string, id: string, name: string, isDefault: boolean, hybrid = false): Doc {
  return {
    id,
    name,
    id_project: projectId,
    preview_settings: { ...DEFAULT_PREVIEW_SETTINGS },
    default: isDefault,
    hybrid,
    engine: { ...DEFAULT_ENGINE },
    embedding: { ...DEFAULT_EMBEDDING },
    createdAt: core.clock.iso(),
    updatedAt: core.clock.iso(),
  };
}

function projectKnowledgeBases(core: ServiceCore, projectId: string): Doc[] {
  return [...core.store.knowledgeBases.values()].filter((kb) => kb.id_project === projectId);
}

/**
 * Brings a content's status up to date with the clock: -1 until `stepMs` after its indexing started,
 * then 100, 200 from `2 * stepMs`, and 300 (or 400 with `last_error`) from `3 * stepMs`.
 */
export function progress(core: ServiceCore, content: Doc): Doc {
  const job = core.store.secrets.indexing.get(content._id);
  if (!job) return content;
  const step = core.behaviour.indexing?.stepMs ?? 2000;
  const elapsed = core.clock.now() - job.startedAt;
  const stage = Math.max(0, Math.min(3, Math.floor(elapsed / step)));
  const status = stage === 0 ? -1 : stage === 1 ? 100 : stage === 2 ? 200 : job.fails ? 400 : 300;
  if (content.status !== status) {
    content.status = status;
    content.updatedAt = new Date(job.startedAt + stage * step).toISOString();
    // The indexer writes `last_error.timestamp` with Date.now(): epoch milliseconds, not a date string.
    if (status === 400) content.last_error = { timestamp: Date.parse(content.updatedAt), message: `Unable to index ${content.source ?? content.name}` };
  }
  if (stage === 3) core.store.secrets.indexing.delete(content._id);
  return content;
}

function startIndexing(core: ServiceCore, content: Doc): void {
  const failing = core.behaviour.indexing?.failingSources ?? /fail/i;
  core.store.secrets.indexing.set(content._id, { startedAt: core.clock.now(), fails: failing.test(String(content.source ?? '')) });
}

/** Stores a content with upsert semantics on (project, type, source). */
function upsertContent(core: ServiceCore, projectId: string, fields: Doc): { doc: Doc; existed: boolean } {
  const existing = [...core.store.contents.values()].find((c) => c.id_project === projectId && c.type === fields.type && c.source === fields.source);
  const now = core.clock.iso();
  if (existing) {
    for (const key of Object.keys(existing)) if (!['_id', 'id_project', 'createdAt', '__v'].includes(key)) delete existing[key];
    Object.assign(existing, fields, { status: -1, updatedAt: now });
    startIndexing(core, existing);
    return { doc: existing, existed: true };
  }
  const doc: Doc = { _id: core.ids.objectId(), id_project: projectId, ...fields, status: -1, ...stamps(core) };
  core.store.contents.set(doc._id, doc);
  startIndexing(core, doc);
  return { doc, existed: false };
}

/** The url-specific fields of a content (scraping and refresh). */
function urlFields(body: Doc): Doc {
  const scrapeType = typeof body.scrape_type === 'number' ? body.scrape_type : 2;
  return {
    scrape_type: scrapeType,
    scrape_options: scrapeType === 2 || !body.scrape_options ? structuredClone(DEFAULT_SCRAPE_OPTIONS) : structuredClone(body.scrape_options),
    refresh_rate: typeof body.refresh_rate === 'string' ? body.refresh_rate : 'never',
  };
}

/** Resolves the knowledge base a content goes to: 404 unknown, 403 another project's. */
function targetKnowledgeBase(ctx: OpContext, namespace: string): { error: Result } | { kb: Doc } {
  const kb = ctx.core.store.knowledgeBases.get(namespace);
  if (!kb) return { error: failError(404, `Namespace not found with id ${namespace}`) };
  if (kb.id_project !== ctx.projectId) return { error: failError(403, `Namespace ${namespace} belongs to another project`) };
  return { kb };
}

/** Handlers of listContents, getContent, createContent, createContentsFromUrls, parseSitemap, deleteContent (spec §4.2) and listKnowledgeBases, createKnowledgeBase, updateKnowledgeBase, deleteKnowledgeBase (spec §4.3). */
export const kbOperations: OperationTable = {
  listContents: {
    pre: ({ rawQuery }) => (rawQuery.get('namespace') ? undefined : failError(400, "queryParam 'namespace' is not defined")),
    handle({ core, projectId, query, rawQuery }) {
      const { namespace, status, type, limit, page, sortField, direction, search } = query;
      let list = [...core.store.contents.values()].filter((c) => c.id_project === projectId && c.namespace === namespace).map((c) => progress(core, c));
      if (status !== undefined) list = list.filter((c) => c.status === status);
      if (type !== undefined) list = list.filter((c) => c.type === type);
      if (search !== undefined) {
        const pattern = userPattern(search);
        list = list.filter((c) => pattern.test(String(c.source ?? '')));
      }
      list.sort(compareBy(sortField, direction));
      const echo: Doc = { limit, sortField, direction };
      if (status !== undefined) Object.assign(echo, { status, page });
      if (rawQuery.has('search')) echo.search = search;
      return ok({ count: list.length, query: echo, kbs: list.slice(page * limit, page * limit + limit) });
    },
  },

  getContent: {
    handle({ core, projectId, params }) {
      const content = core.store.contents.get(params.content_id!);
      if (!content || content.id_project !== projectId) return failError(404, `Content not found with id ${params.content_id} for project ${projectId}`);
      return ok(progress(core, content));
    },
  },

  createContent: {
    pre: ({ body }) => (body && typeof body === 'object' && !Array.isArray(body) && body.namespace === undefined ? failError(400, "parameter 'namespace' is not defined") : undefined),
    handle(ctx) {
      const { core, projectId, body } = ctx;
      const target = targetKnowledgeBase(ctx, body.namespace);
      if ('error' in target) return target.error;
      const { kb } = target;
      // The service's upsert stores every field it reads, so a field not sent is stored as null (and a
      // content without source replaces the project's other source-less content of the same type).
      const fields: Doc = { name: body.name ?? null, type: body.type ?? null, source: body.source ?? null, content: body.content ?? null, namespace: body.namespace };
      if (body.type === 'url') Object.assign(fields, urlFields(body));
      if (Array.isArray(body.tags)) fields.tags = [...body.tags];
      const { doc, existed } = upsertContent(core, projectId, fields);
      touch(core, kb);
      return ok({ lastErrorObject: existed ? { n: 1, updatedExisting: true } : { n: 1, updatedExisting: false, upserted: doc._id }, value: structuredClone(doc) });
    },
  },

  createContentsFromUrls: {
    pre: ({ rawQuery, body }) => {
      if (!rawQuery.get('namespace')) return failError(400, "queryParam 'namespace' is not defined");
      if (body && Array.isArray(body.list) && body.list.length > 300) return failError(403, "Too many urls. Can't index more than 300 urls at a time.");
      return undefined;
    },
    handle(ctx) {
      const { core, projectId, body, query } = ctx;
      const target = targetKnowledgeBase(ctx, query.namespace);
      if ('error' in target) return target.error;
      const stored = (body.list as string[]).map((url) => {
        const fields: Doc = { name: url, type: 'url', source: url, content: null, namespace: query.namespace, ...urlFields(body) };
        if (Array.isArray(body.tags)) fields.tags = [...body.tags];
        return structuredClone(upsertContent(core, projectId, fields).doc);
      });
      return ok(stored);
    },
  },

  parseSitemap: {
    handle({ core, body }) {
      const sites = core.behaviour.sitemaps?.[body.sitemap];
      if (sites) return ok({ url: body.sitemap, sites: [...sites], errors: [] });
      return ok({ url: body.sitemap, sites: [], errors: [{ type: 'HTTPError', url: body.sitemap, retries: 0, message: 'Response code 404 (Not Found)' }] });
    },
  },

  deleteContent: {
    handle({ core, projectId, params }) {
      const content = core.store.contents.get(params.content_id!);
      if (!content || content.id_project !== projectId) return failError(404, 'Content not found');
      progress(core, content);
      core.store.contents.delete(content._id);
      core.store.secrets.indexing.delete(content._id);
      return ok(content);
    },
  },

  listKnowledgeBases: {
    handle({ core, projectId, rawQuery }) {
      let list = projectKnowledgeBases(core, projectId);
      if (list.length === 0) {
        const kb = newKnowledgeBase(core, projectId, projectId, 'Default', true);
        core.store.knowledgeBases.set(kb.id, kb);
        list = [kb];
      }
      const withCount = rawQuery.has('count');
      return ok(
        list.map((kb) => {
          const out = structuredClone(kb);
          if (withCount) out.count = [...core.store.contents.values()].filter((c) => c.id_project === projectId && c.namespace === kb.id).length;
          return out;
        }),
      );
    },
  },

  createKnowledgeBase: {
    pre: ({ body }) =>
      body && typeof body === 'object' && 'hybrid' in body && typeof body.hybrid !== 'boolean'
        ? failError(400, "Value not accepted for 'hybrid' field. Expected boolean.")
        : undefined,
    handle({ core, projectId, body }) {
      const existing = projectKnowledgeBases(core, projectId);
      if (existing.length >= core.behaviour.maxKnowledgeBases) {
        return failError(403, 'Maximum number of resources reached for the current plan', { plan_limit: core.behaviour.maxKnowledgeBases });
      }
      const kb = newKnowledgeBase(core, projectId, core.ids.objectId(), body.name, existing.length === 0, body.hybrid === true);
      core.store.knowledgeBases.set(kb.id, kb);
      return ok(kb);
    },
  },

  updateKnowledgeBase: {
    handle({ core, params, body }) {
      let kb = core.store.knowledgeBases.get(params.id!);
      if (!kb) {
        // As the service's upsert: a bare record (id, defaults, timestamps; no project, settings or
        // engine), so no list shows it (see mocks/README.md).
        const { createdAt, updatedAt } = stamps(core);
        kb = { id: params.id!, default: false, hybrid: false, createdAt, updatedAt };
        core.store.knowledgeBases.set(kb.id, kb);
      }
      if (typeof body.name === 'string') kb.name = body.name;
      if (body.preview_settings !== undefined) kb.preview_settings = structuredClone(body.preview_settings);
      touch(core, kb);
      return ok(kb);
    },
  },

  deleteKnowledgeBase: {
    handle({ core, projectId, params, query }) {
      const kb = core.store.knowledgeBases.get(params.id!);
      if (!kb || kb.id_project !== projectId) return failError(404, `No namespace found for id ${params.id}`);
      const dropContents = () => {
        for (const content of [...core.store.contents.values()]) {
          if (content.id_project === projectId && content.namespace === kb.id) {
            core.store.contents.delete(content._id);
            core.store.secrets.indexing.delete(content._id);
          }
        }
      };
      if (query.contents_only === true) {
        dropContents();
        return ok({ success: true, message: 'All contents deleted successfully' });
      }
      if (kb.default) return fail(403, { success: false, error: 'Default namespace cannot be deleted' });
      dropContents();
      core.store.knowledgeBases.delete(kb.id);
      return ok({ success: true, message: 'Namespace deleted succesfully' });
    },
  },
};
