import * as sdk from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { bundledContract, deref, firstExample, operations, parametersOf, type OperationEntry } from './contract-helpers';

/**
 * `createClient`'s methods send through the SDK's transport (packages/sdk/src/transport.ts), which
 * calls ky directly instead of going through the generated runtime client. This proves the two put
 * the same request on the wire for every operation of the contract: method, URL (path and query
 * serialisation), headers (credentials, Content-Type, client headers) and body, with a JWT and with
 * Basic credentials. Inputs come from the contract's examples.
 */
const doc = bundledContract();
const entries = operations(doc);
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl';

interface Wire {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/** A `fetch` that records each request and answers 200 with a body every operation accepts. */
function recorder() {
  const wire: Wire[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    wire.push({ method: request.method, url: request.url, headers: [...request.headers].sort(([a], [b]) => a.localeCompare(b)), body: await request.text() });
    return Response.json({ token: `JWT ${TOKEN}`, user: {} });
  };
  return { wire, fetch: fetch as typeof globalThis.fetch };
}

/** Path, query (every parameter with an example) and body of an operation, from the contract. */
function inputs(entry: OperationEntry) {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const p of parametersOf(doc, entry)) {
    const example = p.example ?? (p.examples ? deref(doc, Object.values<any>(p.examples)[0]).value : undefined) ?? p.schema?.example;
    if (p.in === 'path') path[p.name] = example;
    if (p.in === 'query' && example !== undefined) query[p.name] = example;
    if (p.in === 'query' && p.name === 'page' && example === undefined) query.page = 0;
  }
  const body = entry.operation.requestBody ? firstExample(doc, deref(doc, entry.operation.requestBody).content['application/json']) : undefined;
  return { path, query, body: body as Record<string, unknown> | undefined };
}

const credentials = { jwt: { token: TOKEN }, basic: { basic: { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' } } } as const;

describe('createClient sends what the generated client sends', () => {
  it('covers the 64 operations', () => expect(entries).toHaveLength(64));

  for (const [kind, auth] of Object.entries(credentials)) {
    it.each(entries.map((e) => [e.operation.operationId as sdk.OperationId, e] as const))(`%s (${kind})`, async (operationId, entry) => {
      const { path, query, body } = inputs(entry);
      const headers = { 'X-Client': 'parity' };

      const generated = recorder();
      const http = sdk.createHttpClient({ baseUrl: 'https://api.supportkb.test/v2/', auth, headers, fetch: generated.fetch, maxRetries: 0 });
      const customToken = operationId === 'signInWithCustomToken' ? { Authorization: sdk.jwtAuthorization(TOKEN) } : {};
      await (sdk as any)[operationId]({
        client: http.client,
        ...(Object.keys(path).length ? { path } : {}),
        ...(Object.keys(query).length ? { query } : {}),
        ...(body !== undefined ? { body } : {}),
        ...(operationId === 'signInWithCustomToken' ? { headers: customToken } : {}),
      });

      const direct = recorder();
      const sk = sdk.createClient({ baseUrl: 'https://api.supportkb.test/v2/', auth, headers, fetch: direct.fetch, maxRetries: 0 });
      const info = sdk.operations[operationId];
      const method = info.resource.reduce<any>((node, key) => node[key], sk)[info.name];
      const params = { ...path, ...query, ...body, ...(operationId === 'signInWithCustomToken' ? { customToken: TOKEN } : {}) };
      await method(params);

      expect(generated.wire).toHaveLength(1);
      expect(direct.wire).toEqual(generated.wire);
    });
  }
});
