// Labels as the server's routes/labels.js, services/labelService.js and models/label.js answer
// (@tiledesk/tiledesk-server 2.19.16; file:line in each test).
import { describe, expect, it } from 'vitest';
import { builtinLabels } from '../../src/labels-builtin';
import { PID, useMock } from '../support/harness';

const { api, as, service, conformance } = useMock();
const LANGS = ['EN', 'IT', 'FR', 'ES', 'DE', 'PT', 'RU', 'TR', 'SR', 'AR', 'UK', 'SV', 'KK', 'UZ', 'AZ'];

/** Drops the contract problems of answers the contract's 200 schemas do not describe yet (asserted to be exactly those). */
function expectProblems(...fragments: string[]) {
  const problems = conformance.problems.splice(0);
  expect(problems).toHaveLength(fragments.length);
  fragments.forEach((fragment, i) => expect(problems[i]).toContain(fragment));
}

const post = async (body: unknown) => api(`/${PID}/labels`, { auth: await as('admin'), body });
const clone = async (body: unknown, query = '') => api(`/${PID}/labels/default/clone${query}`, { auth: await as('admin'), body });
const deleteAll = async () => api(`/${PID}/labels`, { method: 'DELETE', auth: await as('admin') });

describe('reading labels', () => {
  it('serves the exact language, else the project default, without credentials', async () => {
    // services/labelService.js:37 (exact), :45 (default), :51 (EN)
    expect((await api(`/${PID}/labels/IT`)).body).toMatchObject({ lang: 'IT', default: false });
    expect((await api(`/${PID}/labels/DE`)).body).toMatchObject({ lang: 'EN', default: true });
  });

  it('follows a new project default', async () => {
    await api(`/${PID}/labels/IT/default`, { method: 'PATCH', auth: await as('admin') });
    expect((await api(`/${PID}/labels/DE`)).body.lang).toBe('IT');
  });

  it('falls back to the built-in English set (all of it) when the project has no labels', async () => {
    // routes/labels.js:291 (raw delete result), :360 ({}), services/labelService.js:32 (pivot)
    expect((await deleteAll()).body).toEqual({ n: 1, ok: 1, deletedCount: 1 });
    expect((await api(`/${PID}/labels`)).body).toEqual({});
    expect((await api(`/${PID}/labels/DE`)).body).toEqual(builtinLabels()[0]);
  });

  it('answers 404 to setting a default when the project has no labels', async () => {
    await deleteAll();
    // routes/labels.js:135
    expect(await api(`/${PID}/labels/IT/default`, { method: 'PATCH', auth: await as('admin') })).toMatchObject({ status: 404, body: { success: false, msg: 'Lang not found' } });
  });

  it('serves the built-in sets for /labels/DEFAULT: Express matches routes case-insensitively', async () => {
    // routes/labels.js:23 matches GET /DEFAULT
    const upper = await api(`/${PID}/labels/DEFAULT`);
    expect(upper.body.map((set: { lang: string }) => set.lang)).toEqual(LANGS);
    expectProblems('getLabels GET');
  });
});

describe('built-in labels', () => {
  it('ships the 15 built-in languages of config/labels/widget.json, each with the same 92 keys', async () => {
    // routes/labels.js:25 (req.labels, read by middleware/fetchLabels.js:30)
    const sets = (await api(`/${PID}/labels/default`)).body as { lang: string; data: Record<string, unknown> }[];
    expect(sets.map((set) => set.lang)).toEqual(LANGS);
    const keys = Object.keys(sets[0]!.data).sort();
    expect(keys).toHaveLength(92);
    for (const set of sets) expect(Object.keys(set.data).sort()).toEqual(keys);
    expect(sets[0]!.data.ARRAY_DAYS).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect((await api(`/${PID}/labels/default/FR`)).body.data.WELCOME_MSG).toBe('Comment pouvons-nous vous aider?');
  });

  it('answers an unknown code (codes are upper case) with 200, application/json and no body at all', async () => {
    // routes/labels.js:119 res.json(undefined)
    const unknown = await api(`/${PID}/labels/default/it`);
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(unknown.text).toBe('');
  });
});

describe('upsertLabels', () => {
  it('makes the first entry of a new document the default, whatever `default` says', async () => {
    await deleteAll();
    // routes/labels.js:211 newLabel.default = true (even for null, which would fail the save)
    const first = await post({ lang: 'ES', data: { WELCOME_MSG: '¿Cómo podemos ayudarte?' }, default: null });
    expect(first.body).toMatchObject({ lang: 'ES', default: true });
    // models/label.js: the entry's keys in the order Mongoose stores them
    expect(Object.keys(first.body)).toEqual(['default', '_id', 'lang', 'data']);
    const doc = (await api(`/${PID}/labels`)).body;
    expect(Object.keys(doc)).toEqual(['_id', 'id_project', 'createdBy', 'data', 'createdAt', 'updatedAt', '__v']);
    expect(doc.__v).toBe(0);
  });

  it('moves the default with default: true, and a replaced entry is a new one, not default unless sent', async () => {
    const before = (await api(`/${PID}/labels/EN`)).body;
    // routes/labels.js:222 clears the default only for the boolean true; :246 replaces the entry
    const de = await post({ lang: 'DE', data: { WELCOME_MSG: 'Hallo' }, default: true });
    expect(de.body).toMatchObject({ lang: 'DE', default: true });
    expect((await api(`/${PID}/labels/EN`)).body.default).toBe(false);
    const replaced = await post({ lang: 'EN', data: { WELCOME_MSG: 'Hi' } });
    expect(replaced.body).toMatchObject({ lang: 'EN', default: false, data: { WELCOME_MSG: 'Hi' } });
    expect(replaced.body._id).not.toBe(before._id);
    const doc = (await api(`/${PID}/labels`)).body;
    expect(doc.__v).toBe(3); // seeded 1, +1 push, +1 replacement (Mongoose's array versioning)
  });

  it('stores "true" as true without clearing the previous default: two defaults', async () => {
    await post({ lang: 'PT', data: { A: 'b' }, default: 'true' });
    const doc = (await api(`/${PID}/labels`)).body;
    expect(doc.data.filter((e: { default: boolean }) => e.default).map((e: { lang: string }) => e.lang)).toEqual(['EN', 'PT']);
  });

  it('casts lang to text, and finds the entry to replace with loose equality (5 == "5")', async () => {
    expect((await post({ lang: 5, data: { A: '1' } })).body).toMatchObject({ lang: '5', data: { A: '1' } });
    expect((await post({ lang: '5', data: { A: '2' } })).body).toMatchObject({ lang: '5', data: { A: '2' } });
    expect((await post({ lang: true, data: { A: '3' } })).body).toMatchObject({ lang: 'true' });
    const langs = (await api(`/${PID}/labels`)).body.data.map((e: { lang: string }) => e.lang);
    expect(langs).toEqual(['EN', 'IT', '5', 'true']);
  });

  it('answers 500 Error saving object. for what Mongoose refuses', async () => {
    // routes/labels.js:259; models/label.js: lang a required String, data required, default a required Boolean
    for (const body of [
      {},
      { data: { A: 'b' } },
      { lang: 'ES' },
      { lang: 'ES', data: null },
      { lang: '', data: {} },
      { lang: ['ES'], data: {} },
      { lang: { a: 1 }, data: {} },
      { lang: 'ES', data: { A: 'b' }, default: null },
      { lang: 'ES', data: { A: 'b' }, default: 'abc' },
    ]) {
      expect(await post(body), JSON.stringify(body)).toMatchObject({ status: 500, body: { success: false, msg: 'Error saving object.' } });
    }
    expect((await api(`/${PID}/labels`)).body.data).toHaveLength(2);
  });

  it('stores data: {} without data (minimize), which makes every later save fail until the entry is deleted', async () => {
    // Mongoose's minimize drops empty objects; models/label.js requires data on every entry
    const broken = await post({ lang: 'KK', data: { a: {} } });
    expect(broken.body).toEqual({ default: false, _id: expect.any(String), lang: 'KK' });
    expect((await api(`/${PID}/labels/KK`)).body.data).toBeUndefined();
    expect((await post({ lang: 'UZ', data: { A: 'b' } })).status).toBe(500); // routes/labels.js:259
    expect((await api(`/${PID}/labels/EN/default`, { method: 'PATCH', auth: await as('admin') })).status).toBe(500); // :171
    expect((await clone({ lang: 'FR' })).status).toBe(500); // :94
    expect((await api(`/${PID}/labels/KK`, { method: 'DELETE', auth: await as('admin') })).status).toBe(200); // :330 saves without it
    expect((await post({ lang: 'UZ', data: { A: 'b' } })).status).toBe(200);
  });

  it('keeps an empty object directly inside an array, and drops `constructor`', async () => {
    const saved = await post({ lang: 'SV', data: { list: ['a', {}, { b: {} }], constructor: 'x', c: 1 } });
    expect(saved.body.data).toEqual({ list: ['a', {}, {}], c: 1 });
  });

  it('lets the driver refuse keys with $ or . only when the label document is new (an insert)', async () => {
    expect((await post({ lang: 'AR', data: { 'a.b': 'x', $c: 'y' } })).body.data).toEqual({ 'a.b': 'x', $c: 'y' });
    await deleteAll();
    expect(await post({ lang: 'AR', data: { 'a.b': 'x' } })).toMatchObject({ status: 500, body: { msg: 'Error saving object.' } });
    expect((await api(`/${PID}/labels`)).body).toEqual({});
  });

  it("answers with whatever GET '/' + lang routes to, after saving", async () => {
    // routes/labels.js:264-269 router.handle(req) with req.url = '/' + lang
    const defaults = await post({ lang: 'default', data: { A: 'b' } });
    expect(defaults.body.map((set: { lang: string }) => set.lang)).toEqual(LANGS);
    const it = await post({ lang: 'default/IT', data: { A: 'b' } });
    expect(it.body.lang).toBe('IT');
    const page = await post({ lang: 'x/y', data: { A: 'b' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(`<pre>Cannot GET /${PID}/labels</pre>`);
    expect(await post({ lang: '100%', data: { A: 'b' } })).toMatchObject({ status: 500, body: { err: 'error' } });
    // url.parse trims the URL: 'IT ' answers the entry of IT
    expect((await post({ lang: 'IT ', data: { A: 'b' } })).body).toMatchObject({ lang: 'IT', data: { LABEL_PLACEHOLDER: 'Scrivi la tua domanda...' } });
    const langs = (await api(`/${PID}/labels`)).body.data.map((e: { lang: string }) => e.lang);
    expect(langs).toEqual(['EN', 'IT', 'default', 'default/IT', 'x/y', '100%', 'IT ']);
  });

  it('has no 422: the route validates nothing (data may be any JSON value, and the contract says so of answers)', async () => {
    expect((await post({ lang: 'ES', data: 'text' })).body).toMatchObject({ lang: 'ES', data: 'text' });
  });
});

describe('cloneDefaultLabels', () => {
  it('clones a built-in language, an unknown one as English relabelled, answering the whole document', async () => {
    const cloned = await clone({ lang: 'XX' });
    expect(cloned.body.data.map((e: { lang: string }) => e.lang)).toEqual(['EN', 'IT', 'XX']);
    expect(cloned.body.data[2].data).toEqual(builtinLabels()[0]!.data);
    expect((await clone({ lang: 5 })).body.data.at(-1).lang).toBe('5');
  });

  it("replaces the project's entry with a non-default one: cloning the default language leaves no default", async () => {
    // routes/labels.js:85 label.data[foundIndex] = newLabel (no default: false)
    const cloned = await clone({ lang: 'EN' });
    expect(cloned.body.data[0]).toMatchObject({ lang: 'EN', default: false });
    expect(cloned.body.data.some((e: { default: boolean }) => e.default)).toBe(false);
  });

  it('makes the first entry of a new document the default', async () => {
    await deleteAll();
    const cloned = await clone({ lang: 'FR' });
    expect(cloned.body.data).toEqual([{ default: true, _id: expect.any(String), lang: 'FR', data: builtinLabels()[2]!.data }]);
  });

  it("answers express-validator's 422 for a missing or empty lang, in the body or the query", async () => {
    // routes/labels.js:37 check('lang').notEmpty(), :43
    expect(await clone({})).toMatchObject({ status: 422, body: { errors: [{ msg: 'Invalid value', param: 'lang', location: 'body' }] } });
    expect((await clone({})).body.errors[0]).not.toHaveProperty('value');
    for (const lang of ['', null, [], ['']]) expect((await clone({ lang })).body, JSON.stringify(lang)).toEqual({ errors: [{ value: lang, msg: 'Invalid value', param: 'lang', location: 'body' }] });
    expect((await clone({ lang: 'FR' }, '?lang=')).body).toEqual({ errors: [{ value: '', msg: 'Invalid value', param: 'lang', location: 'query' }] });
  });

  it('fails the save for a lang the check lets through but Mongoose refuses', async () => {
    // routes/labels.js:94: ["FR"] and {} pass notEmpty(); a lang only in the query leaves the body's undefined
    for (const [body, query] of [
      [{ lang: ['FR'] }, ''],
      [{ lang: {} }, ''],
      [{}, '?lang=FR'],
    ] as const) {
      expect(await clone(body, query), JSON.stringify(body)).toMatchObject({ status: 500, body: { msg: 'Error saving object.' } });
    }
  });
});

describe('setDefaultLabels and deleteLabels', () => {
  it('leaves no default for an absent language, and saves nothing when nothing changes', async () => {
    const admin = await as('admin');
    expect((await api(`/${PID}/labels/XX/default`, { method: 'PATCH', auth: admin })).body).toMatchObject({ lang: 'EN', default: false });
    const doc = (await api(`/${PID}/labels`)).body;
    expect(doc.data.some((e: { default: boolean }) => e.default)).toBe(false);
    service.clock.advance(60_000);
    await api(`/${PID}/labels/XX/default`, { method: 'PATCH', auth: admin });
    expect((await api(`/${PID}/labels`)).body).toEqual(doc); // no change: no updatedAt, and setting a flag never bumps __v
  });

  it('deletes a language other than the default, answering the fallback; the default one is refused (400)', async () => {
    const admin = await as('admin');
    // routes/labels.js:318
    expect(await api(`/${PID}/labels/EN`, { method: 'DELETE', auth: admin })).toMatchObject({ status: 400, body: { msg: "You can't delete the default language." } });
    const { __v } = (await api(`/${PID}/labels`)).body;
    expect((await api(`/${PID}/labels/IT`, { method: 'DELETE', auth: admin })).body).toMatchObject({ lang: 'EN', default: true });
    expect((await api(`/${PID}/labels`)).body.__v).toBe(__v + 1);
    // routes/labels.js:323
    expect(await api(`/${PID}/labels/IT`, { method: 'DELETE', auth: admin })).toMatchObject({ status: 404, body: { msg: 'Object not found.' } });
  });
});
