import * as sdk from '@supportkb/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealServer } from '../scripts/real-server/index.mjs';
import { sharedRealServer } from './real-server-shared';

/**
 * The built SDK (`@supportkb/sdk`'s dist) against the real open-source server the contract describes
 * (`@tiledesk/tiledesk-server`, unmodified, started on loopback by `scripts/real-server/`): the rules
 * of the contract on how that server reads queries (openapi/README.md, `x-alias-of` and
 * `x-false-is-true`) and how its error bodies read, checked where they matter, on a real deployment.
 */
let server: RealServer;
let sk: sdk.SupportKbClient;

beforeAll(async () => {
  server = await sharedRealServer('sdk-server-rules');
  sk = sdk.createClient({ baseUrl: server.baseUrl, projectId: server.projectId, auth: { token: server.token }, maxRetries: 0 });
});
afterAll(async () => {
  await server?.stop();
});

describe("sorting on a real server (x-alias-of: sort is sortField under the server's name)", () => {
  const names = ['sdk-rules-charlie', 'sdk-rules-alpha', 'sdk-rules-bravo'];
  const ours = (tags: { tag?: string | null }[]) => tags.map((t) => t.tag).filter((tag) => names.includes(tag ?? ''));

  beforeAll(async () => {
    for (const tag of names) await sk.tags.create({ tag });
  });

  it('tags.list({ sortField }) sorts (the server reads only sort; the SDK sends both)', async () => {
    expect(ours(await sk.tags.list({ sortField: 'tag', direction: 1 }))).toEqual(['sdk-rules-alpha', 'sdk-rules-bravo', 'sdk-rules-charlie']);
    expect(ours(await sk.tags.list({ sortField: 'tag', direction: -1 }))).toEqual(['sdk-rules-charlie', 'sdk-rules-bravo', 'sdk-rules-alpha']);
  });

  it('tags.list({ sort }) and the generated listTags({ query: { sortField } }) sort the same way', async () => {
    expect(ours(await sk.tags.list({ sort: 'tag', direction: 1 }))).toEqual(['sdk-rules-alpha', 'sdk-rules-bravo', 'sdk-rules-charlie']);
    const { data } = await sdk.listTags({ client: sk.http.client, path: { project_id: server.projectId }, query: { sortField: 'tag', direction: 1 } });
    expect(ours(data ?? [])).toEqual(['sdk-rules-alpha', 'sdk-rules-bravo', 'sdk-rules-charlie']);
  });
});

describe('flags the server reads as true whatever their value (x-false-is-true)', () => {
  it('leads.list({ with_email: false }) does not filter; with_email: true does', async () => {
    const withEmail = await sk.leads.create({ email: 'sdk-rules@example.org' });
    const withoutEmail = await sk.leads.create({ fullname: 'SDK rules, no email' });
    const ids = (page: { leads: { _id: string }[] }) => page.leads.map((lead) => lead._id);
    const unfiltered = ids(await sk.leads.list({ limit: 100 }));
    expect(unfiltered).toEqual(expect.arrayContaining([withEmail._id, withoutEmail._id]));
    expect(ids(await sk.leads.list({ limit: 100, with_email: false }))).toEqual(unfiltered);
    const filtered = ids(await sk.leads.list({ limit: 100, with_email: true }));
    expect(filtered).toContain(withEmail._id);
    expect(filtered).not.toContain(withoutEmail._id);
  });

  it('kb.list({ count: false }) leaves count out; count: true adds it', async () => {
    expect((await sk.kb.list({ count: false }))[0]).not.toHaveProperty('count');
    expect((await sk.kb.list({ count: true }))[0]).toHaveProperty('count', expect.any(Number));
  });

  it("a flag the server compares with 'true' is sent as false and means false: groups.delete({ force: false }) only trashes", async () => {
    const group = await sk.groups.create({ name: 'sdk-rules-group' });
    expect(await sk.groups.delete({ id: group._id, force: false })).toEqual({ success: true, message: 'Group successfully deleted' });
  });
});

describe("the server's 500 bodies", () => {
  it("GET /tags/xyz: InternalServerError whose message is the server's msg", async () => {
    const failure = await sk.tags.get({ id: 'xyz' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(sdk.InternalServerError);
    expect(failure).toBeInstanceOf(sdk.SupportKbError);
    expect((failure as sdk.APIError).body).toEqual({ success: false, msg: 'Error getting object.' });
    expect((failure as sdk.APIError).message).toBe('500 Error getting object. (getTag)');
  });
});
