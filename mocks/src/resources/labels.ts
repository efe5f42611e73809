/**
 * Labels, per-language translation sets. One document per project holds an entry per language;
 * reads need no credentials; `getLabels` never 404s and falls back to the project default, then
 * the project's EN entry, then the built-in English set.
 */
import type { LabelData, LabelEntry, LabelTranslation } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { failMsg, objectNotFound, ok } from '../http/results';
import { builtinLabel, builtinLabels } from '../labels-builtin';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { newLabels, touch } from '../state/factories';
import type { StoredLabels } from '../state/store';

/** The entry `getLabels` serves for `lang`: the exact language, else the project default, else the project's EN, else the built-in EN. */
function resolveLabels(core: ServiceCore, projectId: string, lang: string): LabelEntry | LabelTranslation {
  const entries = core.store.labels.get(projectId)?.data ?? [];
  const entry = entries.find((e) => e.lang === lang) ?? entries.find((e) => e.default === true) ?? entries.find((e) => e.lang === 'EN');
  return structuredClone(entry ?? builtinLabel('EN')!);
}

/** The project's label document, created empty when absent. */
function labelDocument(core: ServiceCore, projectId: string, createdBy: string): StoredLabels {
  let doc = core.store.labels.get(projectId);
  if (!doc) {
    doc = newLabels(core, { id_project: projectId, createdBy });
    core.store.labels.set(projectId, doc);
  }
  return doc;
}

/** Replaces or appends the entry of `lang`; the first entry (or `makeDefault`) becomes the default. */
function upsertEntry(core: ServiceCore, doc: StoredLabels, lang: string, data: LabelData, makeDefault: boolean): void {
  const entries = doc.data;
  const existing = entries.find((e) => e.lang === lang);
  const becomesDefault = makeDefault || entries.length === 0 || (entries.length === 1 && existing !== undefined);
  if (becomesDefault) for (const e of entries) e.default = false;
  if (existing) {
    existing.data = structuredClone(data);
    if (becomesDefault) existing.default = true;
  } else {
    entries.push({ _id: core.ids.objectId(), lang, default: becomesDefault, data: structuredClone(data) });
  }
  touch(core.clock, doc);
  doc.__v = (doc.__v ?? 0) + 1;
}

/** Handlers of listLabels, getLabels, upsertLabels, setDefaultLabels, deleteLabels, deleteAllLabels, listDefaultLabels, getDefaultLabels, cloneDefaultLabels. */
export const labelHandlers = {
  listLabels: {
    handle({ core, projectId }) {
      return ok(structuredClone(core.store.labels.get(projectId) ?? {}));
    },
  },

  getLabels: {
    handle({ core, projectId, path }) {
      return ok(resolveLabels(core, projectId, path.lang));
    },
  },

  listDefaultLabels: {
    handle() {
      return ok(builtinLabels());
    },
  },

  getDefaultLabels: {
    handle({ path }) {
      return ok(builtinLabel(path.lang) ?? {});
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
      return ok(structuredClone(doc));
    },
  },

  setDefaultLabels: {
    handle({ core, projectId, path }) {
      const doc = core.store.labels.get(projectId);
      if (!doc) return failMsg(404, 'Lang not found');
      for (const e of doc.data) e.default = e.lang === path.lang;
      touch(core.clock, doc);
      return ok(resolveLabels(core, projectId, path.lang));
    },
  },

  deleteLabels: {
    handle({ core, projectId, path }) {
      const doc = core.store.labels.get(projectId);
      const entries = doc?.data ?? [];
      const index = entries.findIndex((e) => e.lang === path.lang);
      if (!doc || index < 0) return objectNotFound();
      if (entries[index]!.default === true) return failMsg(400, "You can't delete the default language.");
      entries.splice(index, 1);
      touch(core.clock, doc);
      return ok(resolveLabels(core, projectId, path.lang));
    },
  },

  deleteAllLabels: {
    handle({ core, projectId }) {
      const n = core.store.labels.delete(projectId) ? 1 : 0;
      return ok({ n, ok: 1, deletedCount: n });
    },
  },
} satisfies HandlerGroup;
