/**
 * Labels, per-language translation sets (spec §2.7, §4.8; reference sheet §7). One document per
 * project holds an entry per language; reads need no credentials; `getLabels` never 404s and falls
 * back to the project default, then the project's EN entry, then the built-in English set.
 */
import { callerId } from '../auth';
import { stamps, type OperationTable, type ServiceCore } from '../context';
import { failMsg, objectNotFound, ok } from '../http';
import type { Doc } from '../store';
import { builtinLabel, builtinLabels } from '../labels-builtin';

/** The entry `getLabels` serves for `lang` (reference sheet §7 fallback). */
export function resolveLabels(core: ServiceCore, projectId: string, lang: string): Doc {
  const entries: Doc[] = core.store.labels.get(projectId)?.data ?? [];
  const entry = entries.find((e) => e.lang === lang) ?? entries.find((e) => e.default === true) ?? entries.find((e) => e.lang === 'EN');
  return structuredClone(entry ?? builtinLabel('EN')!);
}

/** The project's label document, created empty when absent. */
function labelDocument(core: ServiceCore, projectId: string, createdBy: string): Doc {
  let doc = core.store.labels.get(projectId);
  if (!doc) {
    doc = { _id: core.ids.objectId(), id_project: projectId, createdBy, data: [], ...stamps(core) };
    core.store.labels.set(projectId, doc);
  }
  return doc;
}

/** Replaces or appends the entry of `lang`; the first entry (or `makeDefault`) becomes the default. */
function upsertEntry(core: ServiceCore, doc: Doc, lang: string, data: Doc, makeDefault: boolean): void {
  const entries: Doc[] = doc.data;
  const existing = entries.find((e) => e.lang === lang);
  const becomesDefault = makeDefault || entries.length === 0 || (entries.length === 1 && existing !== undefined);
  if (becomesDefault) for (const e of entries) e.default = false;
  if (existing) {
    existing.data = structuredClone(data);
    if (becomesDefault) existing.default = true;
  } else {
    entries.push({ _id: core.ids.objectId(), lang, default: becomesDefault, data: structuredClone(data) });
  }
  doc.updatedAt = core.clock.iso();
  doc.__v = (doc.__v ?? 0) + 1;
}

/** Handlers of listLabels, getLabels, upsertLabels, setDefaultLabels, deleteLabels, deleteAllLabels, listDefaultLabels, getDefaultLabels, cloneDefaultLabels (spec §4.8). */
export const labelOperations: OperationTable = {
  listLabels: {
    handle({ core, projectId }) {
      return ok(structuredClone(core.store.labels.get(projectId) ?? {}));
    },
  },

  getLabels: {
    handle({ core, projectId, params }) {
      return ok(resolveLabels(core, projectId, params.lang!));
    },
  },

  listDefaultLabels: {
    handle() {
      return ok(builtinLabels());
    },
  },

  getDefaultLabels: {
    handle({ params }) {
      return ok(builtinLabel(params.lang!) ?? {});
    },
  },

  upsertLabels: {
    handle({ core, projectId, body, caller }) {
      const doc = labelDocument(core, projectId, callerId(caller));
      upsertEntry(core, doc, body.lang, body.data, body.default === true);
      return ok(resolveLabels(core, projectId, body.lang));
    },
  },

  cloneDefaultLabels: {
    handle({ core, projectId, body, caller }) {
      const source = builtinLabel(body.lang) ?? builtinLabel('EN')!;
      const doc = labelDocument(core, projectId, callerId(caller));
      upsertEntry(core, doc, body.lang, source.data, false);
      return ok(doc);
    },
  },

  setDefaultLabels: {
    handle({ core, projectId, params }) {
      const doc = core.store.labels.get(projectId);
      if (!doc) return failMsg(404, 'Lang not found');
      for (const e of doc.data as Doc[]) e.default = e.lang === params.lang;
      doc.updatedAt = core.clock.iso();
      return ok(resolveLabels(core, projectId, params.lang!));
    },
  },

  deleteLabels: {
    handle({ core, projectId, params }) {
      const doc = core.store.labels.get(projectId);
      const entries: Doc[] = doc?.data ?? [];
      const index = entries.findIndex((e) => e.lang === params.lang);
      if (!doc || index < 0) return objectNotFound();
      if (entries[index]!.default === true) return failMsg(400, "You can't delete the default language.");
      entries.splice(index, 1);
      doc.updatedAt = core.clock.iso();
      return ok(resolveLabels(core, projectId, params.lang!));
    },
  },

  deleteAllLabels: {
    handle({ core, projectId }) {
      const n = core.store.labels.delete(projectId) ? 1 : 0;
      return ok({ n, ok: 1, deletedCount: n });
    },
  },
};
