/**
 * Knowledge bases and their contents. Contents are upserted on (project, type, source) and move
 * through the indexing statuses -1 → 100 → 200 → 300 (or 400 for a failing source) on the mock's
 * clock. Every project has a default knowledge base (id = project id), created on first read when
 * missing and never deleted.
 */
import type { Content, ContentCreateRequest, ContentUrlListRequest, KnowledgeBase } from '@supportkb/sdk';
import { compareBy } from '../documents';
import { fail, failError, ok, type Failure } from '../http/results';
import { userPattern } from '../pattern';
import type { HandlerGroup, RequestContext, ServiceCore } from '../service/context';
import { DEFAULT_SCRAPE_OPTIONS, newContent, newKnowledgeBase, stamps, touch } from '../state/factories';
import type { StoredKnowledgeBase } from '../state/store';
import { upsertById } from './lists';

/** Whether a stored knowledge base belongs to a project (the bare record of an upsert belongs to none). */
function ofProject(kb: StoredKnowledgeBase | undefined, projectId: string): kb is KnowledgeBase {
  return kb !== undefined && 'id_project' in kb && kb.id_project === projectId;
}

function projectKnowledgeBases(core: ServiceCore, projectId: string): KnowledgeBase[] {
  return [...core.store.knowledgeBases.values()].filter((kb): kb is KnowledgeBase => ofProject(kb, projectId));
}

/**
 * Brings a content's status up to date with the clock: -1 until `stepMs` after its indexing started,
 * then 100, 200 from `2 * stepMs`, and 300 (or 400 with `last_error`) from `3 * stepMs`.
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
    // The indexer writes `last_error.timestamp` with Date.now(): epoch milliseconds, not a date string.
    if (status === 400) content.last_error = { timestamp: Date.parse(updatedAt), message: `Unable to index ${content.source ?? content.name}` };
  }
  if (stage === 3) core.store.secrets.indexing.delete(content._id);
  return content;
}

function startIndexing(core: ServiceCore, content: Content): void {
  const failing = core.behaviour.indexing?.failingSources ?? /fail/i;
  core.store.secrets.indexing.set(content._id, { startedAt: core.clock.now(), fails: failing.test(String(content.source ?? '')) });
}

/** The fields of a content as stored (what an upsert writes). */
type ContentFields = Omit<Content, '_id' | 'id_project' | 'status' | 'createdAt' | 'updatedAt' | '__v'>;

/** Stores a content with upsert semantics on (project, type, source); either way its indexing starts again. */
function upsertContent(core: ServiceCore, projectId: string, fields: ContentFields): { doc: Content; existed: boolean } {
  const existing = [...core.store.contents.values()].find((c) => c.id_project === projectId && c.type === fields.type && c.source === fields.source);
  if (existing) {
    const { _id, id_project, createdAt, __v } = existing;
    for (const key of Object.keys(existing)) delete (existing as Partial<Content>)[key as keyof Content];
    Object.assign(existing, { _id, id_project, createdAt, __v }, fields, { status: -1, updatedAt: core.clock.iso() });
    startIndexing(core, existing);
    return { doc: existing, existed: true };
  }
  const doc = newContent(core, { ...fields, id_project: projectId });
  core.store.contents.set(doc._id, doc);
  startIndexing(core, doc);
  return { doc, existed: false };
}

/** The url-specific fields of a content (scraping and refresh). */
function urlFields(body: Pick<ContentCreateRequest, 'scrape_type' | 'scrape_options' | 'refresh_rate'>): Pick<Content, 'scrape_type' | 'scrape_options' | 'refresh_rate'> {
  const scrapeType = typeof body.scrape_type === 'number' ? body.scrape_type : 2;
  return {
    scrape_type: scrapeType,
    scrape_options: structuredClone(scrapeType === 2 || !body.scrape_options ? DEFAULT_SCRAPE_OPTIONS : body.scrape_options),
    refresh_rate: typeof body.refresh_rate === 'string' ? body.refresh_rate : 'never',
  };
}

/** Resolves the knowledge base a content goes to: 404 unknown, 403 another project's. */
function targetKnowledgeBase(ctx: RequestContext<'createContent' | 'createContentsFromUrls'>, namespace: string): { error: Failure } | { kb: KnowledgeBase } {
  const kb = ctx.core.store.knowledgeBases.get(namespace);
  if (!kb) return { error: failError(404, `Namespace not found with id ${namespace}`) };
  if (!ofProject(kb, ctx.projectId)) return { error: failError(403, `Namespace ${namespace} belongs to another project`) };
  return { kb };
}

/** The url contents of a bulk request, one per URL. */
function urlContents(body: ContentUrlListRequest, namespace: string): ContentFields[] {
  return body.list.map((url) => ({ name: url, type: 'url', source: url, content: null, namespace, ...urlFields(body), ...(Array.isArray(body.tags) ? { tags: [...body.tags] } : {}) }));
}

/** Handlers of the contents (listContents, getContent, createContent, createContentsFromUrls, parseSitemap, deleteContent) and of the knowledge bases (listKnowledgeBases, createKnowledgeBase, updateKnowledgeBase, deleteKnowledgeBase). */
export const kbHandlers = {
  listContents: {
    pre: ({ rawQuery }) => (rawQuery.get('namespace') ? undefined : failError(400, "queryParam 'namespace' is not defined")),
    handle(ctx) {
      const { core, projectId, query, rawQuery } = ctx;
      const { namespace, status, type, search } = query;
      const limit = ctx.queryValue('limit');
      const page = ctx.queryValue('page');
      const sortField = ctx.queryValue('sortField');
      const direction = ctx.queryValue('direction');
      let list = [...core.store.contents.values()].filter((c) => c.id_project === projectId && c.namespace === namespace).map((c) => progress(core, c));
      if (status !== undefined) list = list.filter((c) => c.status === status);
      if (type !== undefined) list = list.filter((c) => c.type === type);
      if (search !== undefined) {
        const pattern = userPattern(search);
        list = list.filter((c) => pattern.test(String(c.source ?? '')));
      }
      list.sort(compareBy(sortField, direction));
      return ok({
        count: list.length,
        query: { limit, sortField, direction, ...(status !== undefined ? { status, page } : {}), ...(rawQuery.has('search') ? { search } : {}) },
        kbs: list.slice(page * limit, page * limit + limit),
      });
    },
  },

  getContent: {
    handle({ core, projectId, path }) {
      const content = core.store.contents.get(path.content_id);
      if (!content || content.id_project !== projectId) return failError(404, `Content not found with id ${path.content_id} for project ${projectId}`);
      return ok(progress(core, content));
    },
  },

  createContent: {
    pre: ({ body }) => (body && typeof body === 'object' && !Array.isArray(body) && !('namespace' in body) ? failError(400, "parameter 'namespace' is not defined") : undefined),
    handle(ctx) {
      const { core, projectId, body } = ctx;
      const target = targetKnowledgeBase(ctx, body.namespace);
      if ('error' in target) return target.error;
      // The service's upsert stores every field it reads, so a field not sent is stored as null (and a
      // content without source replaces the project's other source-less content of the same type).
      const fields: ContentFields = { name: body.name ?? null, type: body.type ?? null, source: body.source ?? null, content: body.content ?? null, namespace: body.namespace };
      if (body.type === 'url') Object.assign(fields, urlFields(body));
      if (Array.isArray(body.tags)) fields.tags = [...body.tags];
      const { doc, existed } = upsertContent(core, projectId, fields);
      touch(core.clock, target.kb);
      return ok({ lastErrorObject: existed ? { n: 1, updatedExisting: true } : { n: 1, updatedExisting: false, upserted: doc._id }, value: structuredClone(doc) });
    },
  },

  createContentsFromUrls: {
    pre: ({ rawQuery, body }) => {
      if (!rawQuery.get('namespace')) return failError(400, "queryParam 'namespace' is not defined");
      if (body && typeof body === 'object' && 'list' in body && Array.isArray(body.list) && body.list.length > 300) return failError(403, "Too many urls. Can't index more than 300 urls at a time.");
      return undefined;
    },
    handle(ctx) {
      const { core, projectId, body, query } = ctx;
      const target = targetKnowledgeBase(ctx, query.namespace);
      if ('error' in target) return target.error;
      return ok(urlContents(body, query.namespace).map((fields) => structuredClone(upsertContent(core, projectId, fields).doc)));
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
    handle({ core, projectId, path }) {
      const content = core.store.contents.get(path.content_id);
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
        const kb = newKnowledgeBase(core, { id: projectId, name: 'Default', id_project: projectId, default: true });
        core.store.knowledgeBases.set(kb.id, kb);
        list = [kb];
      }
      const withCount = rawQuery.has('count');
      const contents = [...core.store.contents.values()];
      return ok(list.map((kb) => ({ ...structuredClone(kb), ...(withCount ? { count: contents.filter((c) => c.id_project === projectId && c.namespace === kb.id).length } : {}) })));
    },
  },

  createKnowledgeBase: {
    pre: ({ body }) =>
      body && typeof body === 'object' && 'hybrid' in body && typeof body.hybrid !== 'boolean' ? failError(400, "Value not accepted for 'hybrid' field. Expected boolean.") : undefined,
    handle({ core, projectId, body }) {
      const existing = projectKnowledgeBases(core, projectId);
      if (existing.length >= core.behaviour.maxKnowledgeBases) {
        return failError(403, 'Maximum number of resources reached for the current plan', { plan_limit: core.behaviour.maxKnowledgeBases });
      }
      const kb = newKnowledgeBase(core, { name: body.name, id_project: projectId, default: existing.length === 0, hybrid: body.hybrid === true });
      core.store.knowledgeBases.set(kb.id, kb);
      return ok(kb);
    },
  },

  updateKnowledgeBase: {
    handle({ core, path, body }) {
      // As the service's upsert: an unknown id creates a bare record (id, defaults, timestamps; no
      // project, settings or engine), so no list shows it (see mocks/README.md).
      const kb = upsertById<StoredKnowledgeBase>(core.store.knowledgeBases, path.id, () => {
        const { createdAt, updatedAt } = stamps(core.clock);
        return { id: path.id, default: false, hybrid: false, createdAt, updatedAt };
      });
      if (typeof body.name === 'string') kb.name = body.name;
      if (body.preview_settings !== undefined && body.preview_settings !== null) kb.preview_settings = structuredClone(body.preview_settings);
      touch(core.clock, kb);
      return ok(kb);
    },
  },

  deleteKnowledgeBase: {
    handle({ core, projectId, path, query }) {
      const kb = core.store.knowledgeBases.get(path.id);
      if (!ofProject(kb, projectId)) return failError(404, `No namespace found for id ${path.id}`);
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
        return ok({ success: true as const, message: 'All contents deleted successfully' });
      }
      if (kb.default) return fail(403, { success: false, error: 'Default namespace cannot be deleted' });
      dropContents();
      core.store.knowledgeBases.delete(kb.id);
      return ok({ success: true as const, message: 'Namespace deleted succesfully' });
    },
  },
} satisfies HandlerGroup;
