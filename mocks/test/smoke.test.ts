import { describe, expect, it } from 'vitest';
import { PID, useMock } from './helpers';

const { api, as, service } = useMock();

describe('smoke', () => {
  it('signs in and lists tags', async () => {
    const signIn = await api('/auth/signin', { body: { email: 'agent@acme-support.test', password: 'Str0ng-example-passw0rd' } });
    expect(signIn.status).toBe(200);
    const tags = await api(`/${PID}/tags`, { auth: signIn.body.token });
    expect(tags.status).toBe(200);
    expect(tags.body.map((t: any) => t.tag)).toEqual(['billing', 'vip']);
    const trailing = await api(`/${PID}/tags/`, { auth: await as('agent') });
    expect(trailing.status).toBe(200);
    expect(service.operations).toHaveLength(64);
  });
});
