import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../src/internal/body';
import { APIConnectionTimeoutError, createClient, createHttpClient, getTag, InternalServerError, listTags, ResponseTooLargeError } from '../src/index';
import { PROJECT, stream, useHostileServer } from './helpers';

/**
 * The guarded body reader (src/internal/body.ts), against a real server that misbehaves (node:http on loopback):
 * bodies that stall after the headers and bodies far too large. Every case runs through both styles:
 * `createClient` and a generated function on `createHttpClient`.
 */
const hostile = useHostileServer();
const TAG = { _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT };

const clientStyle = (options: { timeout?: number; maxResponseBytes?: number } = {}) => createClient({ baseUrl: hostile.url, projectId: PROJECT, auth: { token: 'abc' }, maxRetries: 0, ...options });
const httpStyle = (options: { timeout?: number; maxResponseBytes?: number } = {}) => createHttpClient({ baseUrl: hostile.url, auth: { token: 'abc' }, maxRetries: 0, ...options }).client;
const failureOf = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );

/** Headers at once, then part of the body, then nothing: the connection stays open. */
const stall =
  (status = 200) =>
  (_request: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.write('[{"_id":"65f1a2b3c4d5e6f708091101","tag":');
  };

describe('the per-attempt timeout covers the whole exchange, body included', () => {
  it('createClient: a body that stalls after the headers ends in APIConnectionTimeoutError at the timeout, the connection closed', async () => {
    hostile.use(stall());
    const failure = await failureOf(clientStyle({ timeout: 300 }).tags.list());
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect((failure as Error).message).toMatch(/^Request timed out \(listTags\): no complete answer within 300 ms; raise the timeout option/);
    await expect.poll(() => hostile.closedByClient).toBe(1);
  });

  it('createClient: the per-call timeout too', async () => {
    hostile.use(stall());
    const failure = await failureOf(clientStyle().tags.list({}, { timeout: 250 }));
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('a generated function: the client timeout, with the same message', async () => {
    hostile.use(stall());
    const failure = await failureOf(listTags({ client: httpStyle({ timeout: 300 }), path: { project_id: PROJECT } }));
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect((failure as Error).message).toMatch(/^Request timed out \(listTags\): no complete answer within 300 ms/);
    await expect.poll(() => hostile.closedByClient).toBe(1);
  });

  it("a generated function: the call's own `timeout`", async () => {
    hostile.use(stall());
    const failure = await failureOf(listTags({ client: httpStyle(), path: { project_id: PROJECT }, timeout: 250 }));
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect((failure as Error).message).toContain('no complete answer within 250 ms');
  });

  it('an error body that stalls ends at the timeout too (both styles)', async () => {
    hostile.use(stall(503));
    expect(await failureOf(clientStyle({ timeout: 300 }).tags.get({ id: TAG._id }))).toBeInstanceOf(APIConnectionTimeoutError);
    expect(await failureOf(getTag({ client: httpStyle({ timeout: 300 }), path: { project_id: PROJECT, id: TAG._id } }))).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('a slow but steady body within the timeout is read whole', async () => {
    hostile.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      setTimeout(() => response.end(`${JSON.stringify(TAG)}]`), 100);
    });
    await expect(clientStyle({ timeout: 10_000 }).tags.list()).resolves.toEqual([TAG]);
    await expect(listTags({ client: httpStyle({ timeout: 10_000 }), path: { project_id: PROJECT } }).then((r) => r.data)).resolves.toEqual([TAG]);
  });
});

describe('maxResponseBytes, enforced while reading', () => {
  const FIFTY_MB = 50 * 1024 * 1024;

  it(`a 50 MB body: reading stops at the default (${DEFAULT_MAX_RESPONSE_BYTES} bytes), the connection is closed, ResponseTooLargeError says how to raise it`, async () => {
    hostile.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, '[', FIFTY_MB);
    });
    for (const failure of [await failureOf(clientStyle().tags.list()), await failureOf(listTags({ client: httpStyle(), path: { project_id: PROJECT } }))]) {
      expect(failure).toBeInstanceOf(ResponseTooLargeError);
      expect((failure as ResponseTooLargeError).limit).toBe(10_485_760);
      expect((failure as ResponseTooLargeError).status).toBe(200);
      expect((failure as Error).message).toBe(
        'The 200 answer (listTags) is over maxResponseBytes (10485760 bytes): reading stopped, connection closed; raise the maxResponseBytes option (client or per call) to accept it',
      );
    }
    await expect.poll(() => hostile.closedByClient).toBe(2);
  });

  it('createClient: per client', async () => {
    hostile.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, '[', 200_000);
    });
    const failure = (await failureOf(clientStyle({ maxResponseBytes: 100_000 }).tags.list())) as ResponseTooLargeError;
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(failure.limit).toBe(100_000);
    expect(failure.request.operationId).toBe('listTags');
  });

  it('createClient: per call, raising or lowering the limit', async () => {
    hostile.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, '[', 200_000);
    });
    await expect(clientStyle({ maxResponseBytes: 100_000 }).tags.list({}, { maxResponseBytes: 1_000_000 })).resolves.toEqual([]);
    expect(await failureOf(clientStyle().tags.list({}, { maxResponseBytes: 50_000 }))).toBeInstanceOf(ResponseTooLargeError);
  });

  it('a generated function: per client, and per call through kyOptions.context', async () => {
    hostile.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, '[', 200_000);
    });
    const small = httpStyle({ maxResponseBytes: 100_000 });
    expect(await failureOf(listTags({ client: small, path: { project_id: PROJECT } }))).toBeInstanceOf(ResponseTooLargeError);
    await expect(listTags({ client: small, path: { project_id: PROJECT }, kyOptions: { context: { maxResponseBytes: 1_000_000 } } }).then((r) => r.data)).resolves.toEqual([]);
    expect(await failureOf(listTags({ client: httpStyle(), path: { project_id: PROJECT }, kyOptions: { context: { maxResponseBytes: 50_000 } } }))).toBeInstanceOf(ResponseTooLargeError);
  });

  it('an error body over the limit throws ResponseTooLargeError with its status (both styles)', async () => {
    hostile.use((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      stream(response, '[', 500_000);
    });
    for (const failure of [
      await failureOf(clientStyle({ maxResponseBytes: 100_000 }).tags.get({ id: TAG._id })),
      await failureOf(getTag({ client: httpStyle({ maxResponseBytes: 100_000 }), path: { project_id: PROJECT, id: TAG._id } })),
    ]) {
      expect(failure).toBeInstanceOf(ResponseTooLargeError);
      expect((failure as ResponseTooLargeError).status).toBe(500);
    }
  });

  it('a body within the limit is read whole (both styles)', async () => {
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([TAG])));
    await expect(clientStyle({ maxResponseBytes: 1_000 }).tags.list()).resolves.toEqual([TAG]);
    await expect(listTags({ client: httpStyle({ maxResponseBytes: 1_000 }), path: { project_id: PROJECT } }).then((r) => r.data)).resolves.toEqual([TAG]);
  });

  it('an error body within the limit is still read into the error', async () => {
    hostile.use((_request, response) => response.writeHead(500, { 'content-type': 'application/json' }).end('{"success":false,"msg":"Error getting object."}'));
    const failure = (await failureOf(clientStyle({ maxResponseBytes: 1_000 }).tags.get({ id: TAG._id }))) as InternalServerError;
    expect(failure).toBeInstanceOf(InternalServerError);
    expect(failure.body).toEqual({ success: false, msg: 'Error getting object.' });
  });
});
