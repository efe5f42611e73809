import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as sdk from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { createClient as createHeyApiClient, createConfig } from '../packages/sdk/src/generated/client';
import { dereferencedContract, firstExample, operations, parametersOf, type OperationEntry } from './contract-helpers';

/**
 * Both SDK styles send through one transport (packages/sdk/src/internal/transport.ts): `createClient`'s methods
 * with their manifest entry, and the generated functions through `createHttpClient`'s client. These
 * tests hold them to each other, operation by operation (inputs from the contract's examples):
 *
 * - on the wire, both put the request hey-api's own runtime client (the reference for the generated
 *   functions' serialisation) would send: method, URL (path and query), headers (credentials,
 *   Content-Type, client headers) and body, with a JWT and with Basic credentials;
 * - on failure, both throw the same error: class, status, message (the SDK's advice included),
 *   operationId, method and URL, for every status class, no answer, a timeout, a 2xx that is not JSON
 *   and a body over the size limit.
 */
const doc = dereferencedContract();
const entries = operations(doc);
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl';
const BASE = 'https://api.supportkb.test/v2/';
/** The operations whose 200 is a text (`OperationInfo.textBody`, e.g. exportLeadsCsv's CSV). */
const TEXT_OPERATIONS = new Set<string>(Object.values(sdk.operations).flatMap((o) => (o.textBody ? [o.operationId] : [])));
const credentials = { jwt: { token: TOKEN }, basic: { basic: { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' } } } as const;

interface Wire {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/** Path, query (every parameter with an example) and body of an operation, from the contract. */
function inputs(entry: OperationEntry) {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const p of parametersOf(entry)) {
    const example = p.example ?? (p.examples ? Object.values<any>(p.examples)[0]?.value : undefined) ?? p.schema?.example;
    if (p.in === 'path') path[p.name] = example;
    if (p.in === 'query' && example !== undefined) query[p.name] = example;
    if (p.in === 'query' && p.name === 'page' && example === undefined) query.page = 0;
  }
  const body = entry.operation.requestBody ? firstExample(entry.operation.requestBody.content['application/json']) : undefined;
  return { path, query, body: body as Record<string, unknown> | undefined };
}

const isCustomToken = (id: string) => id === 'signInWithCustomToken';

/** Calls `operationId` through the generated function with `client` (hey-api's call options). */
function callGenerated(client: sdk.Client, entry: OperationEntry): Promise<unknown> {
  const operationId = entry.operation.operationId as sdk.OperationId;
  const { path, query, body } = inputs(entry);
  return (sdk as any)[operationId]({
    client,
    ...(Object.keys(path).length ? { path } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(isCustomToken(operationId) ? { headers: { Authorization: `JWT ${TOKEN}` } } : {}),
  });
}

/** Calls `operationId` through `createClient`'s method (one parameter object). */
function callMethod(sk: sdk.SupportKbClient, entry: OperationEntry): Promise<unknown> {
  const operationId = entry.operation.operationId as sdk.OperationId;
  const { path, query, body } = inputs(entry);
  const info = sdk.operations[operationId];
  const method = info.resource.reduce<any>((node, key) => node[key], sk)[info.name];
  // A list body is the method's `body` field (`OperationInfo.listBody`).
  const fields = info.listBody ? { body } : body;
  return Promise.resolve(method({ ...path, ...query, ...fields, ...(isCustomToken(operationId) ? { customToken: TOKEN } : {}) }));
}

describe("both styles put what hey-api's client sends on the wire", () => {
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

  it('covers every operation of the SDK', () => expect(entries).toHaveLength(Object.keys(sdk.operations).length));

  for (const [kind, auth] of Object.entries(credentials)) {
    it.each(entries.map((e) => [e.operation.operationId as string, e] as const))(`%s (${kind})`, async (_operationId, entry) => {
      const headers = { 'X-Client': 'parity' };

      const reference = recorder();
      const heyApi = createHeyApiClient(
        createConfig({
          baseUrl: BASE.replace(/\/$/, ''),
          headers,
          throwOnError: true,
          auth: (scheme) => ('token' in auth ? (scheme.type === 'apiKey' ? `JWT ${auth.token}` : undefined) : scheme.scheme === 'basic' ? `${auth.basic.email}:${auth.basic.password}` : undefined),
          kyOptions: { fetch: reference.fetch, retry: 0 },
        }),
      );
      await callGenerated(heyApi, entry);

      const generated = recorder();
      await callGenerated(sdk.createHttpClient({ baseUrl: BASE, auth, headers, fetch: generated.fetch, maxRetries: 0 }).client, entry);

      const direct = recorder();
      await callMethod(sdk.createClient({ baseUrl: BASE, auth, headers, fetch: direct.fetch, maxRetries: 0 }), entry);

      expect(reference.wire).toHaveLength(1);
      expect(generated.wire).toEqual(reference.wire);
      expect(direct.wire).toEqual(reference.wire);
    });
  }
});

describe('both styles throw the same error', () => {
  /** What must agree between the two styles. */
  const summary = (error: unknown) => {
    const e = error as sdk.APIError;
    return { class: e?.constructor?.name, status: e?.status, message: e?.message, request: e?.request, isSdkError: e instanceof sdk.SupportKbError };
  };
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  /** A `fetch` that answers `status` with a JSON error body (plain text for 401, as the service does). */
  const answering = (status: number) =>
    (async () =>
      status === 401
        ? new Response('Unauthorized', { status, headers: { 'content-type': 'text/plain' } })
        : Response.json({ success: false, msg: `the service says ${status}` }, { status })) as typeof globalThis.fetch;

  interface Case {
    name: string;
    /** Client options (a `fetch` that produces the condition, or a base URL where nothing listens). */
    options: () => Promise<Partial<sdk.HttpClientOptions>> | Partial<sdk.HttpClientOptions>;
    /** The class every operation's failure must be. */
    expected: new (...args: never[]) => Error;
  }

  const statusCases: Case[] = [400, 401, 403, 404, 409, 413, 422, 429, 500, 503].map((status) => ({
    name: `${status}`,
    // 401 without credentials (the SDK adds how to sign in); the others with a token (403 names the minimum role).
    options: () => ({ fetch: answering(status), ...(status === 401 ? {} : { auth: { token: TOKEN } }) }),
    expected:
      {
        400: sdk.BadRequestError,
        401: sdk.AuthenticationError,
        403: sdk.PermissionDeniedError,
        404: sdk.NotFoundError,
        409: sdk.ConflictError,
        413: sdk.PayloadTooLargeError,
        422: sdk.UnprocessableEntityError,
        429: sdk.RateLimitError,
      }[status as 400] ?? sdk.InternalServerError,
  }));

  const cases: Case[] = [
    ...statusCases,
    {
      name: 'connection refused',
      options: async () => {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const { port } = server.address() as AddressInfo;
        await new Promise<void>((resolve) => server.close(() => resolve()));
        return { baseUrl: `http://127.0.0.1:${port}/v2`, fetch: undefined };
      },
      expected: sdk.APIConnectionError,
    },
    {
      name: 'timeout',
      // Headers never come: the attempt's timeout aborts the request.
      options: () => ({
        timeout: 40,
        fetch: ((input: Request) => new Promise((_resolve, reject) => input.signal.addEventListener('abort', () => reject(input.signal.reason)))) as unknown as typeof globalThis.fetch,
      }),
      expected: sdk.APIConnectionTimeoutError,
    },
    {
      name: 'a 200 that is not JSON',
      options: () => ({ fetch: (async () => new Response(`<html>proxy page, session JWT ${TOKEN}</html>`, { status: 200, headers: { 'content-type': 'text/html' } })) as typeof globalThis.fetch }),
      expected: sdk.ResponseParseError,
    },
    {
      name: 'a body over maxResponseBytes',
      options: () => ({
        maxResponseBytes: 1_000,
        fetch: (async () => Response.json(Array.from({ length: 100 }, (_, i) => ({ _id: `tag-${i}`, tag: 'a tag with a long enough name' })))) as typeof globalThis.fetch,
      }),
      expected: sdk.ResponseTooLargeError,
    },
  ];

  /** An operation whose 200 is a text (`OperationInfo.textBody`, e.g. exportLeadsCsv's CSV): any text is its answer, not a parse error. */
  const isText = (entry: OperationEntry) => TEXT_OPERATIONS.has(entry.operation.operationId);
  for (const c of cases) {
    const applicable = c.name === 'a 200 that is not JSON' ? entries.filter((e) => !isText(e)) : entries;
    it.each(applicable.map((e) => [e.operation.operationId as string, e] as const))(`${c.name}: %s`, async (operationId, entry) => {
      const options: sdk.HttpClientOptions = { baseUrl: BASE, maxRetries: 0, ...(await c.options()) } as sdk.HttpClientOptions;
      const generated = await failureOf(callGenerated(sdk.createHttpClient(options).client, entry));
      const direct = await failureOf(callMethod(sdk.createClient(options), entry));

      expect(direct).toBeInstanceOf(c.expected);
      expect(summary(generated)).toEqual(summary(direct));
      expect((direct as sdk.APIError).request).toMatchObject({ operationId, method: entry.method });
      expect((direct as sdk.APIError).request.url).toMatch(/^https?:\/\//);
      expect((direct as Error).message).not.toContain(TOKEN);
    });
  }
});

describe('an operation whose 200 is a text resolves to the text in both styles', () => {
  const csv = 'tags;status;_id\r\n"";100;"65f1a2b3c4d5e6f708091001"\r\n';
  const fetchCsv: typeof globalThis.fetch = async () => new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
  it.each(entries.filter((e) => TEXT_OPERATIONS.has(e.operation.operationId)).map((e) => [e.operation.operationId, e] as const))('%s', async (_, entry) => {
    const options = { baseUrl: BASE, maxRetries: 0, fetch: fetchCsv };
    expect(await callGenerated(sdk.createHttpClient(options).client, entry)).toMatchObject({ data: csv });
    expect(await callMethod(sdk.createClient(options), entry)).toBe(csv);
  });
});
