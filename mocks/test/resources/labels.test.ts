import { describe, expect, it } from 'vitest';
import { PID, useMock } from '../support/harness';

const { api, as } = useMock();

describe('reading labels', () => {
  it('serves the exact language, else the project default, without credentials', async () => {
    expect((await api(`/${PID}/labels/IT`)).body).toMatchObject({ lang: 'IT', default: false });
    expect((await api(`/${PID}/labels/DE`)).body).toMatchObject({ lang: 'EN', default: true });
  });

  it('follows a new project default', async () => {
    await api(`/${PID}/labels/IT/default`, { method: 'PATCH', auth: await as('admin') });
    expect((await api(`/${PID}/labels/DE`)).body.lang).toBe('IT');
  });

  it('falls back to the built-in English set when the project has no labels', async () => {
    expect((await api(`/${PID}/labels`, { method: 'DELETE', auth: await as('admin') })).body).toEqual({ n: 1, ok: 1, deletedCount: 1 });
    expect((await api(`/${PID}/labels`)).body).toEqual({});
    const builtin = await api(`/${PID}/labels/DE`);
    expect(builtin.body._id).toBeUndefined();
    expect(builtin.body.lang).toBe('EN');
  });

  it('answers 404 to setting a default when the project has no labels', async () => {
    const admin = await as('admin');
    await api(`/${PID}/labels`, { method: 'DELETE', auth: admin });
    expect(await api(`/${PID}/labels/IT/default`, { method: 'PATCH', auth: admin })).toMatchObject({ status: 404, body: { msg: 'Lang not found' } });
  });
});

describe('built-in labels', () => {
  it('ships 15 built-in languages', async () => {
    const builtins = await api(`/${PID}/labels/default`);
    expect(builtins.body.map((set: any) => set.lang)).toEqual(['EN', 'IT', 'FR', 'ES', 'DE', 'PT', 'RU', 'TR', 'SR', 'AR', 'UK', 'SV', 'KK', 'UZ', 'AZ']);
    expect((await api(`/${PID}/labels/default/FR`)).body.data.WELCOME_MSG).toBe('Comment pouvons-nous vous aider?');
  });

  it('answers {} for an unknown code (codes are upper case)', async () => {
    expect((await api(`/${PID}/labels/default/it`)).body).toEqual({});
  });
});

describe('writing labels', () => {
  it('makes the first entry the default, and default:true moves it', async () => {
    const admin = await as('admin');
    await api(`/${PID}/labels`, { method: 'DELETE', auth: admin });
    const first = await api(`/${PID}/labels`, { auth: admin, body: { lang: 'ES', data: { WELCOME_MSG: '¿Cómo podemos ayudarte?' }, default: false } });
    expect(first.body).toMatchObject({ lang: 'ES', default: true });
    const de = await api(`/${PID}/labels`, { auth: admin, body: { lang: 'DE', data: { WELCOME_MSG: 'Hallo' }, default: true } });
    expect(de.body).toMatchObject({ lang: 'DE', default: true });
    expect((await api(`/${PID}/labels/ES`)).body.default).toBe(false);
  });

  it('clones a built-in language, an unknown one as English relabelled', async () => {
    const cloned = await api(`/${PID}/labels/default/clone`, { auth: await as('admin'), body: { lang: 'XX' } });
    expect(cloned.body.data.map((e: any) => e.lang)).toEqual(['EN', 'IT', 'XX']);
    expect(cloned.body.data[2].data.WELCOME_MSG).toBe('How can we help?');
  });

  it('refuses an empty language code (422)', async () => {
    expect((await api(`/${PID}/labels/default/clone`, { auth: await as('admin'), body: { lang: '' } })).status).toBe(422);
  });

  it('deletes a language other than the default, answering the fallback; the default one is refused (400)', async () => {
    const admin = await as('admin');
    expect(await api(`/${PID}/labels/EN`, { method: 'DELETE', auth: admin })).toMatchObject({ status: 400, body: { msg: "You can't delete the default language." } });
    expect((await api(`/${PID}/labels/IT`, { method: 'DELETE', auth: admin })).body).toMatchObject({ lang: 'EN', default: true });
    expect(await api(`/${PID}/labels/IT`, { method: 'DELETE', auth: admin })).toMatchObject({ status: 404, body: { msg: 'Object not found.' } });
  });
});
