import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createClient,
  createHttpClient,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  SupportKbError,
  UnprocessableEntityError,
  errorBodyMessage,
  getTag,
} from '../src/index';
import { createClient as createGeneratedClient, createConfig } from '../src/generated/client';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

const { server, seen } = useMockServer();

describe('hey-api #4339: ky 2 + throwOnError turns HTTP errors into "Body is unusable"', () => {
  it('reproduces with the bare generated client (the upstream bug this SDK works around)', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404 })));
    const bare = createGeneratedClient(createConfig({ baseUrl: BASE, throwOnError: true, retry: 0 }));
    const failure = await getTag({ client: bare, path: { project_id: PROJECT, id: '65f1a2b3c4d5e6f708091199' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(String(failure)).toMatch(/Body is unusable|already been read/);
  });

  it('is fixed in the SDK transport: the same call throws NotFoundError with status, headers and the parsed body', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404, headers: { 'x-request-id': 'req-42' } })));
    const { client } = createHttpClient({ baseUrl: BASE, auth: { token: 'abc' } });
    const failure = await getTag({ client, path: { project_id: PROJECT, id: '65f1a2b3c4d5e6f708091199' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NotFoundError);
    const error = failure as NotFoundError;
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ success: false, msg: 'Object not found.' });
    expect(error.headers.get('x-request-id')).toBe('req-42');
    expect(error.requestId).toBe('req-42');
    expect(error.message).toContain('Object not found.');
    expect(seen).toHaveLength(1);
  });
});

describe('every non-2xx becomes the Error subclass of its status', () => {
  const cases: [number, new (...args: never[]) => APIError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [413, PayloadTooLargeError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [418, APIError],
  ];
  it.each(cases)('%i', async (status, Class) => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: `status ${status}` }, { status })));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' }, maxRetries: 0 });
    const failure = await sk.tags.get({ id: '65f1a2b3c4d5e6f708091101' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Class);
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toBeInstanceOf(SupportKbError);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as APIError).status).toBe(status);
    // A 403 also names the operation's minimum role (advice.test.ts).
    expect((failure as APIError).message).toBe(`${status} status ${status} (getTag)${status === 403 ? ' — getTag needs the agent role or higher in the project' : ''}`);
    expect((failure as APIError).request.operationId).toBe('getTag');
  });
});

describe('a readable message from whichever error body the service sent', () => {
  const bodies: [string, unknown, string, string | undefined][] = [
    ['plain-text Unauthorized', 'Unauthorized', 'text/plain', 'Unauthorized'],
    ['{success:false,msg}', { success: false, msg: 'you dont have the required role.' }, 'application/json', 'you dont have the required role.'],
    ['{success:false,error}', { success: false, error: 'Default namespace cannot be deleted' }, 'application/json', 'Default namespace cannot be deleted'],
    ['{errors:[objects]}', { errors: [{ value: 'x', msg: 'Invalid value', param: 'email', location: 'body' }] }, 'application/json', 'email: Invalid value'],
    ['{errors:[strings]}', { errors: ['text field is required'] }, 'application/json', 'text field is required'],
    ['{err}', { err: 'error' }, 'application/json', 'error'],
    ['{message}', { message: 'Rate limit exceeded' }, 'application/json', 'Rate limit exceeded'],
    ['{error: object}', { success: false, error: { message: 'E11000 duplicate key' } }, 'application/json', 'E11000 duplicate key'],
    ['an empty body', '', 'text/plain', undefined],
  ];
  it.each(bodies)('%s', async (_name, body, type, expected) => {
    expect(errorBodyMessage(body)).toBe(expected);
    server.use(
      on('get', `/${PROJECT}/tags/:id`, () =>
        new HttpResponse(typeof body === 'string' ? body : JSON.stringify(body), { status: 400, headers: { 'content-type': type } }),
      ),
    );
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, maxRetries: 0 });
    const failure = (await sk.tags.get({ id: '65f1a2b3c4d5e6f708091101' }).catch((e: unknown) => e)) as APIError;
    expect(failure).toBeInstanceOf(BadRequestError);
    expect(failure.message).toBe(`400${expected ? ` ${expected}` : ''} (getTag)`);
  });

  it('keeps the 401 challenge headers', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => new HttpResponse('Unauthorized', { status: 401, headers: { 'content-type': 'text/plain', 'www-authenticate': 'Basic realm="Users"' } })));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    const failure = (await sk.tags.list().catch((e: unknown) => e)) as AuthenticationError;
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(failure.body).toBe('Unauthorized');
    expect(failure.headers.get('www-authenticate')).toBe('Basic realm="Users"');
  });

  it('reports a 200 whose body is not JSON as a ResponseParseError, never a SyntaxError or a status-200 APIError', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => new HttpResponse('<html>proxy page</html>', { status: 200, headers: { 'content-type': 'text/html' } })));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    const failure = (await sk.tags.list().catch((e: unknown) => e)) as ResponseParseError;
    expect(failure).toBeInstanceOf(ResponseParseError);
    expect(failure).not.toBeInstanceOf(APIError);
    expect(failure.status).toBe(200);
    expect(failure.request.operationId).toBe('listTags');
    expect(failure.excerpt).toBe('<html>proxy page</html>');
    expect(failure.message).toBe(`The 200 answer (listTags) is not valid JSON (Unexpected token '<'); it begins: <html>proxy page</html>`);
  });
});

describe('bad input gets a clear error and sends nothing', () => {
  it('rejects a missing project and a missing path parameter before any request', async () => {
    const sk = createClient({ baseUrl: BASE });
    await expect(sk.tags.list()).rejects.toThrow(/listTags needs a project/);
    const scoped = createClient({ baseUrl: BASE, projectId: PROJECT });
    // @ts-expect-error -- id is required
    await expect(scoped.tags.get({})).rejects.toThrow(/getTag needs the path parameter id/);
    expect(seen).toHaveLength(0);
  });

  it('rejects an invalid baseUrl', () => {
    expect(() => createClient({ baseUrl: 'not a url' })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: 'ftp://x.test' })).toThrow(/http/);
  });
});
