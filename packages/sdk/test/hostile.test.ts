import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionTimeoutError,
  APIError,
  createClient,
  createHttpClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  getTag,
  InternalServerError,
  listTags,
  NotFoundError,
  redact,
  ResponseParseError,
  ResponseTooLargeError,
  signIn,
  SupportKbError,
} from '../src/index';
import { PROJECT, stream, useHostileServer } from './helpers';

/**
 * The SDK against a real server that misbehaves (node:http on loopback): bodies that stall after the
 * headers, bodies cut off, bodies far too large, bodies with `__proto__` keys. Every case runs through
 * both styles: `createClient` (its transport) and a generated function on `createHttpClient`.
 */
const hostile = useHostileServer();
const TAG = { _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT };
const TOKEN = 'JWT eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJfaWQiOiI2NWYxYTJiM2M0ZDVlNmY3MDgwOTBiMDIifQ.c2VjcmV0LXNpZ25hdHVyZQ';

const clientStyle = (options: { timeout?: number; maxResponseBytes?: number } = {}) => createClient({ baseUrl: hostile.url, projectId: PROJECT, auth: { token: 'abc' }, maxRetries: 0, ...options });
const httpStyle = (options: { timeout?: number; maxResponseBytes?: number } = {}) => createHttpClient({ baseUrl: hostile.url, auth: { token: 'abc' }, maxRetries: 0, ...options }).client;
const failureOf = (promise: PromiseLike<unknown>) => Promise.resolve(promise).then(
  () => undefined,
  (error: unknown) => error,
);

/** Headers at once, then part of the body, then nothing: the connection stays open. */
const stall = (status = 200) => (_request: unknown, response: import('node:http').ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.write('[{"_id":"65f1a2b3c4d5e6f708091101","tag":');
};

describe('item 8: the per-attempt timeout covers the whole exchange, body included', () => {
  it('createClient: a body that stalls after the headers ends in APIConnectionTimeoutError at the timeout, the connection closed', async () => {
    hostile.use(stall());
    const started = performance.now();
    const failure = await failureOf(clientStyle({ timeout: 300 }).tags.list());
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect((failure as Error).message).toMatch(/^Request timed out \(listTags\): no complete answer within 300 ms; raise the timeout option/);
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect.poll(() => hostile.closedByClient).toBe(1);
  }, 10_000);

  it('createClient: the per-call timeout too', async () => {
    hostile.use(stall());
    const started = performance.now();
    const failure = await failureOf(clientStyle().tags.list({}, { timeout: 250 }));
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  }, 10_000);

  it('a generated function on createHttpClient: the client timeout and its own `timeout`', async () => {
    hostile.use(stall());
    let started = performance.now();
    let failure = await failureOf(listTags({ client: httpStyle({ timeout: 300 }), path: { project_id: PROJECT } }));
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect((failure as Error).message).toContain('no complete answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(2_000);
    started = performance.now();
    failure = await failureOf(listTags({ client: httpStyle(), path: { project_id: PROJECT }, timeout: 250 }));
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect.poll(() => hostile.closedByClient).toBe(2);
  }, 10_000);

  it('an error body that stalls ends at the timeout too (both styles)', async () => {
    hostile.use(stall(503));
    const started = performance.now();
    expect(await failureOf(clientStyle({ timeout: 300 }).tags.get({ id: TAG._id }))).toBeInstanceOf(APIConnectionTimeoutError);
    expect(await failureOf(getTag({ client: httpStyle({ timeout: 300 }), path: { project_id: PROJECT, id: TAG._id } }))).toBeInstanceOf(APIConnectionTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  }, 10_000);

  it('a slow but steady body within the timeout is read whole', async () => {
    hostile.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      setTimeout(() => response.end(`${JSON.stringify(TAG)}]`), 100);
    });
    await expect(clientStyle({ timeout: 2_000 }).tags.list()).resolves.toEqual([TAG]);
    await expect(listTags({ client: httpStyle({ timeout: 2_000 }), path: { project_id: PROJECT } }).then((r) => r.data)).resolves.toEqual([TAG]);
  });
});

describe('item 9: a 200 body that is not JSON never puts the body (or a token in it) into the error', () => {
  const truncated = `{"token":"${TOKEN}","user":{"_id":"65f1a2b3c4d5e6f708090b02","email":"admin@acme-support.test","firstname":"Ad`;
  const secretParts = [TOKEN, TOKEN.slice(4), TOKEN.split('.')[1]!, TOKEN.split('.')[2]!];

  function expectNoSecret(error: unknown) {
    for (const shown of [(error as Error).message, String(error), inspect(error, { depth: 10 }), JSON.stringify(error), (error as Error).stack ?? '']) {
      for (const secret of secretParts) expect(shown).not.toContain(secret);
    }
  }

  it('createClient: a truncated sign-in answer throws ResponseParseError (status, operation, redacted excerpt, cause), not an APIError', async () => {
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(truncated));
    const sk = createClient({ baseUrl: hostile.url, projectId: PROJECT, maxRetries: 0 });
    const failure = (await failureOf(sk.auth.signIn({ email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' }))) as ResponseParseError;
    expectNoSecret(failure);
    expect(failure).toBeInstanceOf(ResponseParseError);
    expect(failure).toBeInstanceOf(SupportKbError);
    expect(failure).not.toBeInstanceOf(APIError);
    expect(failure.status).toBe(200);
    expect(failure.request.operationId).toBe('signIn');
    expect(failure.cause).toBeInstanceOf(SyntaxError);
    expect(failure.message).toMatch(/^The 200 answer \(signIn\) is not valid JSON \(/);
    expect(failure.excerpt).toMatch(/^\{"token":"\[redacted\]","user":\{"_id":"65f1a2b3c4d5e6f708090b02"/);
    expect(sk.authKind).toBe('none');
  });

  it('a generated function: the same ResponseParseError, never a SyntaxError', async () => {
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(truncated));
    const failure = (await failureOf(signIn({ client: httpStyle(), body: { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' } }))) as ResponseParseError;
    expect(failure).toBeInstanceOf(ResponseParseError);
    expect(failure.status).toBe(200);
    expect(failure.request.method).toBe('POST');
    expect(failure.cause).toBeInstanceOf(SyntaxError);
    expect(failure.excerpt).toContain('"token":"[redacted]"');
    expectNoSecret(failure);
  });

  it('an HTML page from a proxy: the excerpt says what came back, the parser message does not quote it', async () => {
    const page = `<html><body>502 from the proxy, session ${TOKEN}</body></html>`;
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page));
    for (const failure of [await failureOf(clientStyle().tags.list()), await failureOf(listTags({ client: httpStyle(), path: { project_id: PROJECT }, parseAs: 'json' }))]) {
      expect(failure).toBeInstanceOf(ResponseParseError);
      expect((failure as ResponseParseError).excerpt).toMatch(/^<html><body>502 from the proxy, session JWT \[redacted\]/);
      expect(String((failure as Error).cause)).not.toContain('<html>');
      expectNoSecret(failure);
    }
  });
});

describe('item 10: `__proto__` in a body stays a field', () => {
  const hostileBody = '{"success":false,"msg":"Object not found.","__proto__":{"polluted":"yes","isAdmin":true},"nested":{"__proto__":{"polluted":"deep"}}}';

  it('redact() copies a `__proto__` key as data, at any depth', () => {
    const copy = redact(JSON.parse(hostileBody)) as Record<string, any>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(copy.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: 'yes', isAdmin: true });
    expect(Object.getPrototypeOf(copy.nested)).toBe(Object.prototype);
    expect(copy.nested.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an error body with `__proto__` (both styles): error.body keeps it as a field, its prototype untouched', async () => {
    hostile.use((_request, response) => response.writeHead(404, { 'content-type': 'application/json' }).end(hostileBody));
    for (const failure of [await failureOf(clientStyle().tags.get({ id: TAG._id })), await failureOf(getTag({ client: httpStyle(), path: { project_id: PROJECT, id: TAG._id } }))]) {
      expect(failure).toBeInstanceOf(NotFoundError);
      const body = (failure as NotFoundError).body as Record<string, any>;
      expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
      expect(body.polluted).toBeUndefined();
      expect(body.isAdmin).toBeUndefined();
      expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ polluted: 'yes', isAdmin: true });
      expect(JSON.stringify(body)).toContain('"__proto__":{"polluted":"yes","isAdmin":true}');
      expect((failure as Error).message).toContain('404 Object not found.');
    }
  });

  it('a parameter object with `__proto__` (parsed input) sends it as a body field', async () => {
    let received = '';
    hostile.use((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk));
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TAG)));
    });
    await clientStyle().tags.create(JSON.parse('{"tag":"vip","__proto__":{"color":"#000000"}}'));
    expect(JSON.parse(received)).toEqual(JSON.parse('{"tag":"vip","__proto__":{"color":"#000000"}}'));
    expect(received).toContain('"__proto__"');
  });
});

describe('item 11: maxResponseBytes, enforced while reading', () => {
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
      expect((failure as Error).message).toMatch(/^The 200 answer \((listTags|GET \/v2\/65f1a2b3c4d5e6f708090a0b\/tags)\) is over maxResponseBytes \(10485760 bytes\): reading stopped, connection closed; raise the maxResponseBytes option \(client or per call\)/);
    }
    await expect.poll(() => hostile.closedByClient).toBe(2);
  }, 20_000);

  it('per client and per call, both ways (createClient)', async () => {
    hostile.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, '[', 200_000);
    });
    const small = clientStyle({ maxResponseBytes: 100_000 });
    const failure = (await failureOf(small.tags.list())) as ResponseTooLargeError;
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(failure.limit).toBe(100_000);
    expect(failure.request.operationId).toBe('listTags');
    await expect(small.tags.list({}, { maxResponseBytes: 1_000_000 })).resolves.toEqual([]);
    expect(await failureOf(clientStyle().tags.list({}, { maxResponseBytes: 50_000 }))).toBeInstanceOf(ResponseTooLargeError);
  });

  it('per client and per call, both ways (a generated function)', async () => {
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
    for (const failure of [await failureOf(clientStyle({ maxResponseBytes: 100_000 }).tags.get({ id: TAG._id })), await failureOf(getTag({ client: httpStyle({ maxResponseBytes: 100_000 }), path: { project_id: PROJECT, id: TAG._id } }))]) {
      expect(failure).toBeInstanceOf(ResponseTooLargeError);
      expect((failure as ResponseTooLargeError).status).toBe(500);
    }
  });

  it('a body within the limit is untouched, and an ordinary error still reads its body', async () => {
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([TAG])));
    await expect(clientStyle({ maxResponseBytes: 1_000 }).tags.list()).resolves.toEqual([TAG]);
    await expect(listTags({ client: httpStyle({ maxResponseBytes: 1_000 }), path: { project_id: PROJECT } }).then((r) => r.data)).resolves.toEqual([TAG]);
    hostile.use((_request, response) => response.writeHead(500, { 'content-type': 'application/json' }).end('{"success":false,"msg":"Error getting object."}'));
    const failure = (await failureOf(clientStyle({ maxResponseBytes: 1_000 }).tags.get({ id: TAG._id }))) as InternalServerError;
    expect(failure).toBeInstanceOf(InternalServerError);
    expect(failure.body).toEqual({ success: false, msg: 'Error getting object.' });
  });
});
