import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../packages/sdk/src/index';
import { startHttpMock, type HttpMock } from '../mocks/src/server';
import type { RealServer } from '../scripts/real-server/index.mjs';
import { sharedRealServer } from './real-server-shared';

/**
 * `exportLeadsCsv` (`GET /{project_id}/leads/csv`) on the real server 2.19.16 and on the stateful
 * mock's standalone server, through the SDK (which resolves the CSV to its text): the same leads
 * give the same bytes — header row, `;` separators, quoting, numbers, empty values, lists, the
 * `Date.toString()` timestamps, CRLF — once the ids, UUIDs and times each deployment draws are
 * abstracted; and the same `Content-Type`, no `Content-Disposition`, and the same 500s.
 */
let real: RealServer;
let mock: HttpMock;

beforeAll(async () => {
  real = await sharedRealServer('leads-csv');
  // Random ids, as MongoDB draws them: the sequential ones (`6600…NN`) are all digits, which the CSV
  // writes as numbers (so would the server, for such an ObjectId).
  mock = await startHttpMock({ port: 0, serviceOptions: { ids: 'random' } });
  // The mock's project starts with the example leads; the real server's project with none.
  mock.service.store.leads.clear();
});
afterAll(async () => {
  await mock?.stop();
  await real?.stop();
});

interface Target {
  baseUrl: string;
  projectId: string;
  email: string;
  password: string;
}

/** The leads, the exports, and the raw answers of the export's queries on one deployment. */
async function exportsOn(target: Target) {
  const sk = createClient({ baseUrl: target.baseUrl, projectId: target.projectId });
  const { token } = await sk.auth.signIn({ email: target.email, password: target.password });
  const ids: string[] = [];
  for (const body of [
    { fullname: 'Ada "Q" Lovelace', email: 'ada@example.org', attributes: { plan: 'pro' } },
    { fullname: '12345', email: 'b@example.org' },
    { fullname: 'C, comma\nnewline;semi' },
    { fullname: '-1.50', lead_id: 'lead-4' },
  ]) {
    ids.push(String((await sk.leads.create(body))._id));
  }
  await sk.leads.update({ id: ids[2]!, company: 'Acme', tags: ['x', 'y'], phone: '+39 123' });
  await sk.leads.delete({ id: ids[3]! });
  const abstract = (text: string) =>
    text
      .replace(/[0-9a-f]{24}/g, '<id>')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/\w{3} \w{3} \d\d \d{4} \d\d:\d\d:\d\d GMT[+-]\d{4} \([^)]*\)/g, '<date>');
  const sdk: Record<string, string> = {};
  sdk.newest = abstract(await sk.leads.exportCsv());
  sdk.oldest = abstract(await sk.leads.exportCsv({ direction: 1 }));
  sdk.byName = abstract(await sk.leads.exportCsv({ sort: 'fullname', direction: 1 }));
  sdk.email = abstract(await sk.leads.exportCsv({ email: 'b@example.org' }));
  sdk.fullText = abstract(await sk.leads.exportCsv({ full_text: 'Lovelace' }));
  sdk.nextPage = abstract(await sk.leads.exportCsv({ page: 1 }));
  const raw: Record<string, string> = {};
  for (const query of ['', '?direction=x', '?sort=$x', '?page=-1']) {
    const response = await fetch(`${target.baseUrl}/${target.projectId}/leads/csv${query}`, { headers: { Authorization: String(token) } });
    raw[query] = `${response.status} ${response.headers.get('content-type')} ${response.headers.get('content-disposition')} ${abstract(await response.text())}`;
  }
  return { sdk, raw };
}

describe('exportLeadsCsv on the real server and the mock', () => {
  it('gives the same CSV bytes and answers on the same leads', async () => {
    const onReal = await exportsOn({ baseUrl: real.baseUrl, projectId: real.projectId, email: real.email, password: real.password });
    const { owner } = mock.service.seed.members;
    const onMock = await exportsOn({ baseUrl: mock.url, projectId: mock.service.seed.projectId, email: owner.email, password: owner.password });
    // What the real server sends (checked on 2.19.16): the header of the newest lead's stored fields.
    expect(onReal.sdk.newest?.split('\r\n')[0]).toBe('tags;status;_id;lead_id;fullname;phone;id_project;createdBy;createdAt;updatedAt;company');
    expect(onReal.sdk.nextPage).toBe('\r\n');
    expect(onReal.raw['']).toMatch(/^200 text\/csv; charset=utf-8 null tags;/);
    expect(onReal.raw['?direction=x']).toBe('500 application/json; charset=utf-8 null {"err":"error"}');
    expect(onMock).toEqual(onReal);
  });
});
