import { describe, expect, it } from 'vitest';
import { operationIds } from '../src/manifest';
import { BASE, useMock } from './support/harness';
import { runScenario, type Send } from './support/scenario';

const { service, conformance } = useMock();

describe('the scripted scenario in process (setupServer)', () => {
  it(`calls all ${operationIds.length} operations with 200s, every answer conforming to the contract`, async () => {
    const send: Send = async (call) => {
      const url = new URL(`${BASE}${call.path}`);
      for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
      const headers: Record<string, string> = {};
      if (call.auth) headers.Authorization = call.auth;
      if (call.body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(url, { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
      // JSON, or a text answer (exportLeadsCsv's CSV) as its text.
      const text = await response.text();
      const body: unknown = /json/i.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
      return { status: response.status, body, headers: response.headers };
    };
    const before = conformance.count;
    const log = await runScenario(send, await service.customToken({ _id: 'crm-customer-8841', firstname: 'Luca', lastname: 'Verdi' }));
    const covered = new Set(log.map((entry) => entry.operationId));
    expect(operationIds.filter((id) => !covered.has(id))).toEqual([]);
    expect(conformance.count - before).toBe(log.length);
  });
});
