/**
 * Labels, as the server's `routes/labels.js` (mounted behind `middleware/fetchLabels.js`, which
 * reads the built-in sets of `config/labels/widget.json` on every request) and
 * `services/labelService.js` over `models/label.js` answer. One label document per project holds
 * an entry (a sub-document `{default, _id, lang, data}`) per language.
 *
 * - Reads need no credentials. `listLabels` answers the project's document, or `{}`. `getLabels`
 *   never 404s: the entry of `lang` (exact match), else the first default entry, else the first
 *   `EN` entry, else the built-in English set (`lang` and `data` only). `listDefaultLabels` answers
 *   the 15 built-in sets; `getDefaultLabels` one of them (case-sensitive), or for any other code
 *   `res.json(undefined)`: 200, `Content-Type: application/json; charset=utf-8` and no body at all.
 * - Writes (`upsertLabels`, `setDefaultLabels`, `deleteLabels`, `cloneDefaultLabels`) load the
 *   document, change it, save it (Mongoose: every entry validated — `lang` a non-empty string,
 *   `data` present, `default` a boolean —, values cast, empty objects removed from what is stored
 *   (`minimize`), the driver refusing keys with `$`/`.` in a new document and NUL in any), then
 *   answer by re-dispatching `GET '/' + lang` through the labels router (`router.handle`): the
 *   fallback chain of `getLabels` for that text — or, for a `lang` such as `default`, `default/IT`,
 *   `x/y` or `100%`, whatever that URL routes to (the built-in sets, a 404 page, a 500). A failed
 *   save answers 500 `{success: false, msg: "Error saving object."}`; an entry stored without `data`
 *   (sent as `{}`) makes every later save of the project's labels fail that way until
 *   `deleteAllLabels`.
 * - `upsertLabels`: `lang`, `data`, `default` of the body; the first entry of a new document is the
 *   default whatever `default` says; `default === true` (the boolean) clears the previous default
 *   (`"true"` is stored as `true` without clearing it); the entry whose `lang == body.lang` (loose
 *   equality, the last one) is replaced with a new sub-document (new `_id`, `default` false unless
 *   sent), else appended.
 * - `cloneDefaultLabels`: `lang` checked by express-validator's `notEmpty()` (422 `{errors}`), the
 *   built-in set of that code (strict equality), else the English set relabelled; answers the
 *   whole document (`GET /`).
 * - `setDefaultLabels`: 404 `Lang not found` without a document; clears the (last) default, makes
 *   the (last) entry of `lang` the default if there is one.
 * - `deleteLabels`: 404 without a document or that language; 400 for the default entry.
 * - `deleteAllLabels`: the raw delete result.
 */
import { callerId } from '../auth/authorize';
import { jsString } from '../http/request';
import type { GetLabelsResponse, ListLabelsResponse } from '@supportkb/sdk';
import { copyDocument, isObject } from '../documents';
import { beyondContract } from '../http/beyond-contract';
import { fail, failMsg, internalError, ok, type Failure, type Success } from '../http/results';
import { builtinLabel, builtinLabels, type LabelTranslation } from '../labels-builtin';
import { CastError } from '../mongoose/cast';
import { newDocument, RequiredError, ValidationError, type Model } from '../mongoose/model';
import type { HandlerGroup, ServiceCore } from '../service/context';
import type { StoredLabelEntry, StoredLabels } from '../state/store';

/** `LabelEntrySchema` of `models/label.js`. */
export const LABEL_ENTRY_MODEL: Model = {
  name: 'labelEntry',
  fields: {
    lang: { type: 'string', required: true },
    data: { type: 'mixed', required: true },
    category: { type: 'string' },
    default: { type: 'boolean', required: true, default: false },
  },
};

/** The language `labelService.getLanguage` falls back to (`FALLBACK_LANGUAGE`). */
const FALLBACK_LANGUAGE = 'EN';

// --- Reading ------------------------------------------------------------------------------------

/**
 * `labelService.getLanguage(projectId, lang)`: the project's entry of `lang`, else its first
 * default entry, else its first `EN` entry, else the built-in English set. A copy.
 */
export function projectLanguage(core: ServiceCore, projectId: string, lang: string): StoredLabelEntry | LabelTranslation {
  const entries = core.store.labels.get(projectId)?.data;
  if (!entries) return builtinLabel(FALLBACK_LANGUAGE)!;
  const entry = entries.find((e) => e.lang === lang) ?? entries.find((e) => e.default === true) ?? entries.find((e) => e.lang === FALLBACK_LANGUAGE);
  return entry ? copyDocument(entry) : builtinLabel(FALLBACK_LANGUAGE)!;
}

/** `res.json(undefined)`: 200 with `Content-Type: application/json; charset=utf-8` and an empty body. */
function emptyJson(): Success<undefined> {
  return { ...ok(undefined, { 'Content-Type': 'application/json; charset=utf-8' }), noEntity: true };
}

/** Express's 404 page (`finalhandler`) for a GET no route matched: `Cannot GET <path of the original URL>`. */
function cannotGet(projectId: string): Failure {
  const path = encodeURI(`/${projectId}/labels`).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    status: 404,
    text: `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET ${path}</pre>\n</body>\n</html>\n`,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'", 'X-Content-Type-Options': 'nosniff' },
  };
}

/** What Node's `url.parse` trims from both ends of a URL (and what makes `parseurl` fall back to it). */
const URL_SPACE = '\t\n\f\r \u00a0\ufeff';

/** The path Express routes for `req.url` (`parseurl`): no query, and with `url.parse`'s trimming and hash cut when it is used. */
function routedPath(url: string): string {
  let path = url;
  if ([...path].some((c) => URL_SPACE.includes(c) || c === '#')) {
    let start = 0;
    let end = path.length;
    while (start < end && URL_SPACE.includes(path[start]!)) start++;
    while (end > start && URL_SPACE.includes(path[end - 1]!)) end--;
    path = path.slice(start, end);
    const hash = path.indexOf('#');
    if (hash >= 0) path = path.slice(0, hash);
    path = path.replace(/\\/g, '/');
  }
  const query = path.indexOf('?');
  return query >= 0 ? path.slice(0, query) : path;
}

/** Express's `decode_param`: a bad escape is a 400 error, which the service's global handler answers as 500 `{err: "error"}`. */
function decodeParam(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The answer of `router.handle(req)` after a write set `req.url = url` and `req.method = 'GET'`:
 * the labels router's GET routes in their order (`/default`, `/default/:lang`, `/`, `/:lang`;
 * case-insensitive, a trailing slash allowed), or Express's 404 page.
 */
function forwardGet(core: ServiceCore, projectId: string, url: string): Success<unknown> | Failure {
  const path = routedPath(url);
  if (/^\/default\/?$/i.test(path)) return ok(builtinLabels());
  const byDefault = /^\/default\/([^/]+?)\/?$/i.exec(path);
  if (byDefault) {
    const lang = decodeParam(byDefault[1]!);
    if (lang === undefined) return internalError();
    const set = builtinLabel(lang);
    return set ? ok(set) : emptyJson();
  }
  if (/^\/?$/.test(path)) return listLabels(core, projectId);
  const byLang = /^\/([^/]+?)\/?$/.exec(path);
  if (byLang) {
    const lang = decodeParam(byLang[1]!);
    if (lang === undefined) return internalError();
    return ok(projectLanguage(core, projectId, lang));
  }
  return cannotGet(projectId);
}

/** `GET /`: the project's label document, or `{}`. */
function listLabels(core: ServiceCore, projectId: string): Success<ListLabelsResponse> {
  const doc = core.store.labels.get(projectId);
  return ok(doc ? structuredClone(doc) : {});
}

// --- Writing ------------------------------------------------------------------------------------

/** An entry as a route puts it into the document before the save: the fields it sets (cast on save). */
interface NewEntry {
  readonly input: Record<string, unknown>;
}

/** The document a write route changes: the stored entries it keeps, and the new ones it puts in. */
interface Draft {
  readonly doc: StoredLabels;
  readonly isNew: boolean;
  entries: (StoredLabelEntry | NewEntry)[];
  /** Whether the save increments `__v` (an entry added, replaced or removed: Mongoose's array versioning). */
  versioned: boolean;
  /** Whether the save changes anything (else `updatedAt` stays). */
  modified: boolean;
}

const isNewEntry = (entry: StoredLabelEntry | NewEntry): entry is NewEntry => 'input' in entry;

/** `Label.findOne({id_project})`, as a draft to change (a copy: nothing is stored until {@link saveDraft}). */
function loadDraft(core: ServiceCore, projectId: string): Draft | undefined {
  const stored = core.store.labels.get(projectId);
  if (!stored) return undefined;
  return { doc: structuredClone(stored), isNew: false, entries: structuredClone(stored.data), versioned: false, modified: false };
}

/** `new Label({id_project, createdBy, updatedBy, data: [entry]})` (`updatedBy` is not in the schema). */
function newDraft(core: ServiceCore, projectId: string, createdBy: string, entry: NewEntry): Draft {
  const now = core.clock.iso();
  const doc: StoredLabels = { _id: core.ids.objectId(), id_project: projectId, createdBy, data: [], createdAt: now, updatedAt: now, __v: 0 };
  return { doc, isNew: true, entries: [entry], versioned: false, modified: true };
}

/** JavaScript's `stored == value` (the routes' `l.lang == lang`): a stored string against any JSON value. */
function looseEquals(stored: string, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return stored === value;
  if (typeof value === 'number' || typeof value === 'boolean') return Number(stored) === Number(value);
  return stored === jsString(value);
}

/** The index of the last entry whose `lang == value`, as the routes' `forEach` finds it, or -1. */
function lastIndexOfLang(entries: readonly (StoredLabelEntry | NewEntry)[], value: unknown): number {
  let found = -1;
  entries.forEach((entry, index) => {
    const lang = isNewEntry(entry) ? entry.input.lang : entry.lang;
    if (typeof lang === 'string' && looseEquals(lang, value)) found = index;
  });
  return found;
}

/** Keys Mongoose's `clone` never copies (`helpers/specialProperties.js`). */
const SPECIAL_PROPERTIES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What Mongoose stores of a value (`helpers/clone.js` with `minimize`, a copy): plain objects lose
 * their keys whose value ends up `undefined` and the special keys; an object left empty is itself
 * dropped — except directly inside an array, where it stays `{}`.
 */
function minimize(value: unknown, isArrayChild = false): unknown {
  if (Array.isArray(value)) return value.map((item) => minimize(item, true));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  let kept = false;
  for (const [key, item] of Object.entries(value)) {
    if (SPECIAL_PROPERTIES.has(key)) continue;
    const next = minimize(item);
    if (next === undefined) continue;
    out[key] = next;
    kept = true;
  }
  return kept || isArrayChild ? out : undefined;
}

const isPlainObject = isObject;

/** The key the driver's BSON serialiser refuses: NUL anywhere; with `checkKeys` (inserts) also a leading `$` or a `.`. */
function refusedKey(value: unknown, checkKeys: boolean): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const key = refusedKey(item, checkKeys);
      if (key !== undefined) return key;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || (checkKeys && (key.startsWith('$') || key.includes('.')))) return key;
    const nested = refusedKey(item, checkKeys);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/** A stored entry in the server's key order: `default`, `_id`, `lang`, `data`, `category` (what `minimize` leaves). */
function storedEntry(core: ServiceCore, fields: Record<string, unknown>): StoredLabelEntry {
  // An entry is an array child of the document's `data`.
  return minimize({ default: fields.default, _id: core.ids.objectId(), lang: fields.lang, data: fields.data, category: fields.category }, true) as StoredLabelEntry;
}

/** The database failure of a save (the route answers it with its message). */
class SaveError extends Error {}

/**
 * `label.save()`: every entry validated (new ones cast and checked, stored ones re-checked: one
 * stored without `data` fails every save), the new entries stored minimised with fresh ids, the
 * driver's key checks, `__v` and `updatedAt` as Mongoose sets them; then stored.
 * @throws {SaveError} when Mongoose or the driver refuses the document.
 */
function saveDraft(core: ServiceCore, projectId: string, draft: Draft): StoredLabels {
  const errors: Record<string, CastError | RequiredError> = {};
  const entries: StoredLabelEntry[] = [];
  draft.entries.forEach((entry, index) => {
    if (!isNewEntry(entry)) {
      if (entry.data === undefined || entry.data === null) errors[`data.${index}.data`] = new RequiredError(`data.${index}.data`);
      entries.push(entry);
      return;
    }
    try {
      entries.push(storedEntry(core, newDocument(LABEL_ENTRY_MODEL, entry.input)));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const [path, failure] of Object.entries(error.errors)) errors[`data.${index}.${path}`] = failure;
    }
  });
  if (Object.keys(errors).length) throw new SaveError(new ValidationError(errors).message);
  if (refusedKey(entries, draft.isNew) !== undefined) throw new SaveError('the driver refuses a key of the document');
  const doc = draft.doc;
  doc.data = entries;
  if (draft.modified && !draft.isNew) doc.updatedAt = core.clock.iso();
  if (draft.versioned) doc.__v = (doc.__v ?? 0) + 1;
  core.store.labels.set(projectId, doc);
  return doc;
}

/** Saves the draft, then answers `GET url` as the route's forward does; a refused save is 500 `Error saving object.`. */
function saveAndForward<B>(core: ServiceCore, projectId: string, draft: Draft, url: string): Success<B> | Failure {
  try {
    saveDraft(core, projectId, draft);
  } catch (error) {
    if (error instanceof SaveError) return failMsg(500, 'Error saving object.');
    throw error;
  }
  const answer = forwardGet(core, projectId, url);
  if (answer.status !== 200) return answer;
  return ok(beyondContract<B>(answer.body, 'a write answers the GET route its `lang` reaches: `default` the built-in sets, an empty one the document'), answer.headers);
}

/** express-validator 6's `toString` of a value (`check('lang').notEmpty()` tests its length). */
function validatorString(value: unknown, deep = true): string {
  if (Array.isArray(value) && value.length > 0 && deep) return validatorString(value[0], false);
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : validatorString(v, false))).join(',');
  if (typeof value === 'object' && value !== null) return '[object Object]';
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * `check('lang').notEmpty()` over the locations the server's chain reads that the mock has (`body`,
 * then `query`; a `lang` header or cookie also counts on the server): the instances that hold a
 * value (or the body's, when none does), each failing one an error.
 */
function langErrors(body: unknown, query: Record<string, unknown>): Record<string, unknown>[] {
  const instances = [
    { location: 'body', value: isPlainObject(body) || Array.isArray(body) ? (body as Record<string, unknown>).lang : undefined },
    { location: 'query', value: Object.hasOwn(query, 'lang') ? query.lang : undefined },
  ];
  const withValue = instances.filter((i) => i.value !== undefined);
  return (withValue.length ? withValue : [instances[0]!])
    .filter((i) => validatorString(i.value).length === 0)
    .map((i) => (i.value === undefined ? { msg: 'Invalid value', param: 'lang', location: i.location } : { value: i.value, msg: 'Invalid value', param: 'lang', location: i.location }));
}

const bodyField = (body: unknown, name: string): unknown => (isPlainObject(body) && Object.hasOwn(body, name) ? body[name] : undefined);

/** Handlers of listLabels, getLabels, upsertLabels, setDefaultLabels, deleteLabels, deleteAllLabels, listDefaultLabels, getDefaultLabels, cloneDefaultLabels. */
export const labelHandlers = {
  listLabels: {
    handle({ core, projectId }) {
      return listLabels(core, projectId);
    },
  },

  getLabels: {
    handle({ core, projectId, raw }) {
      // Express matches routes case-insensitively: `/labels/DEFAULT` is the route of `/labels/default`.
      if (/^default$/i.test(raw.path.lang!)) return ok(beyondContract<GetLabelsResponse>(builtinLabels(), '`default` is the route GET /labels/default, which answers every built-in set'));
      return ok(projectLanguage(core, projectId, raw.path.lang!));
    },
  },

  listDefaultLabels: {
    handle() {
      return ok(builtinLabels());
    },
  },

  getDefaultLabels: {
    handle({ raw }) {
      const set = builtinLabel(raw.path.lang!);
      return set ? ok(set) : emptyJson();
    },
  },

  upsertLabels: {
    handle({ core, projectId, raw, caller }) {
      const lang = bodyField(raw.body, 'lang');
      const defaultValue = bodyField(raw.body, 'default');
      const input = { lang, data: bodyField(raw.body, 'data'), default: defaultValue };
      let draft = loadDraft(core, projectId);
      if (!draft) {
        // "auto make default the new lang"
        draft = newDraft(core, projectId, callerId(caller), { input: { ...input, default: true } });
      } else {
        if (defaultValue === true) {
          const index = draft.entries.findLastIndex((e) => !isNewEntry(e) && e.default === true);
          if (index >= 0) (draft.entries[index] as StoredLabelEntry).default = false;
        }
        const index = lastIndexOfLang(draft.entries, lang);
        if (index >= 0) draft.entries[index] = { input };
        else draft.entries.push({ input });
        draft.versioned = true;
        draft.modified = true;
      }
      return saveAndForward(core, projectId, draft, `/${jsString(lang)}`);
    },
  },

  cloneDefaultLabels: {
    handle({ core, projectId, raw, caller }) {
      const errors = langErrors(raw.body, raw.query);
      if (errors.length) return fail(422, { errors });
      const lang = bodyField(raw.body, 'lang');
      const picked = builtinLabels().find((set) => set.lang === lang) ?? { ...builtinLabel(FALLBACK_LANGUAGE)!, lang };
      const input: Record<string, unknown> = { lang: picked.lang, data: picked.data };
      let draft = loadDraft(core, projectId);
      if (!draft) {
        draft = newDraft(core, projectId, callerId(caller), { input: { ...input, default: true } });
      } else {
        const index = lastIndexOfLang(draft.entries, lang);
        if (index >= 0) draft.entries[index] = { input };
        else draft.entries.push({ input });
        draft.versioned = true;
        draft.modified = true;
      }
      return saveAndForward(core, projectId, draft, '/');
    },
  },

  setDefaultLabels: {
    handle({ core, projectId, raw }) {
      const lang = raw.path.lang!;
      const draft = loadDraft(core, projectId);
      if (!draft) return failMsg(404, 'Lang not found');
      const entries = draft.entries as StoredLabelEntry[];
      const previous = entries.findLastIndex((e) => e.default === true);
      if (previous >= 0) {
        entries[previous]!.default = false;
        draft.modified = true;
      }
      const index = lastIndexOfLang(entries, lang);
      if (index >= 0) {
        entries[index]!.default = true;
        draft.modified = true;
      }
      return saveAndForward(core, projectId, draft, `/${lang}`);
    },
  },

  deleteLabels: {
    handle({ core, projectId, raw }) {
      const lang = raw.path.lang!;
      const draft = loadDraft(core, projectId);
      if (!draft) return failMsg(404, 'Object not found.');
      const entries = draft.entries as StoredLabelEntry[];
      const index = lastIndexOfLang(entries, lang);
      if (index < 0) return failMsg(404, 'Object not found.');
      if (entries[index]!.default === true) return failMsg(400, "You can't delete the default language.");
      // `label.data.id(idData).remove()`: the first entry with that `_id`.
      const id = entries[index]!._id;
      entries.splice(
        entries.findIndex((e) => e._id === id),
        1,
      );
      draft.versioned = true;
      draft.modified = true;
      return saveAndForward(core, projectId, draft, `/${lang}`);
    },
  },

  deleteAllLabels: {
    handle({ core, projectId }) {
      const n = core.store.labels.delete(projectId) ? 1 : 0;
      return ok({ n, ok: 1, deletedCount: n });
    },
  },
} satisfies HandlerGroup;
