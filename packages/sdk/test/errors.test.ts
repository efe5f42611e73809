import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { errorBodyMessage } from '../src/errors';
import {
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createClient,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  ResponseTooLargeError,
  SupportKbError,
  UnprocessableEntityError,
  ValidationError,
} from '../src/index';
import { zodValidation } from '../src/zod';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/** The error classes (src/errors.ts): what each carries, and the message read out of the service's bodies. */
const { server, seen } = useMockServer();
const failureOf = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );

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
    const failure = (await failureOf(sk.tags.get({ id: '65f1a2b3c4d5e6f708091101' }))) as APIError;
    expect(failure).toBeInstanceOf(Class);
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toBeInstanceOf(SupportKbError);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.status).toBe(status);
    // A 403 also names the operation's minimum role (transport.test.ts).
    expect(failure.message).toBe(`${status} status ${status} (getTag)${status === 403 ? ' — getTag needs the agent role or higher in the project' : ''}`);
    expect(failure.request).toEqual({ operationId: 'getTag', method: 'GET', url: `${BASE}/${PROJECT}/tags/65f1a2b3c4d5e6f708091101` });
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

  it.each(bodies)('errorBodyMessage: %s', (_name, body, _type, expected) => {
    expect(errorBodyMessage(body)).toBe(expected);
  });

  it.each(bodies)('the message of a 400 with %s', async (_name, body, type, expected) => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => new HttpResponse(typeof body === 'string' ? body : JSON.stringify(body), { status: 400, headers: { 'content-type': type } })));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, maxRetries: 0 }).tags.get({ id: '65f1a2b3c4d5e6f708091101' }))) as APIError;
    expect(failure).toBeInstanceOf(BadRequestError);
    expect(failure.message).toBe(`400${expected ? ` ${expected}` : ''} (getTag)`);
  });

  it('keeps the 401 challenge headers and the plain-text body', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => new HttpResponse('Unauthorized', { status: 401, headers: { 'content-type': 'text/plain', 'www-authenticate': 'Basic realm="Users"' } })));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT }).tags.list())) as AuthenticationError;
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(failure.body).toBe('Unauthorized');
    expect(failure.headers.get('www-authenticate')).toBe('Basic realm="Users"');
  });

  it('names the request id a gateway sent', () => {
    const failure = APIError.from(502, new Headers({ 'cf-ray': '8c1f2e' }), 'Bad gateway', { operationId: 'listTags' });
    expect(failure.requestId).toBe('8c1f2e');
    expect(failure.message).toBe('502 Bad gateway (listTags) [request 8c1f2e]');
  });
});

describe("the real server's error bodies, at 500 and at a 4xx: the message is what the server said", () => {
  // Bodies the real server sends (routes/*.js): msg first, then error when a string, then message, then err when a string.
  const shapes: [string, Record<string, unknown>, string][] = [
    ['{success:false,msg} (a malformed id: GET /tags/xyz)', { success: false, msg: 'Error getting object.' }, 'Error getting object.'],
    ['{success:false,msg} (a failed save)', { success: false, msg: 'Error saving object.' }, 'Error saving object.'],
    ['{success:false,error}', { success: false, error: 'Default namespace cannot be deleted' }, 'Default namespace cannot be deleted'],
    ['{err} (malformed JSON, uncaught errors)', { err: 'error' }, 'error'],
    ['{success:false,msg,err:{…}}', { success: false, msg: 'Error creating message', err: { name: 'ValidationError', message: 'Message validation failed' } }, 'Error creating message'],
    ['{message}', { message: 'Request failed' }, 'Request failed'],
    ['{success:false,message,error:{…}}', { success: false, message: 'Unable to delete namespace', error: { message: 'Request failed with status code 500' } }, 'Unable to delete namespace'],
    ['{success:false,message,err} (message before err)', { success: false, message: 'Error creating message', err: "You don't belong the conversation" }, 'Error creating message'],
    ['{success:false,error:{}} (an Error serialised empty), then nothing readable', { success: false, error: {} }, ''],
  ];
  const cases = shapes.flatMap(([name, body, said]) => [[500, InternalServerError, name, body, said] as const, [403, PermissionDeniedError, name, body, said] as const]);

  it.each(cases)('%i %s', async (status, Class, _name, body, said) => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(body, { status })));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, maxRetries: 0 }).tags.get({ id: 'xyz' }))) as APIError;
    expect(failure).toBeInstanceOf(Class);
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toBeInstanceOf(SupportKbError);
    expect(failure.status).toBe(status);
    expect(failure.body).toEqual(body);
    const hint = status === 403 ? ' — getTag needs the agent role or higher in the project' : '';
    expect(failure.message).toBe(`${status}${said ? ` ${said}` : ''} (getTag)${hint}`);
    expect(errorBodyMessage(body)).toBe(said || undefined);
  });

  it('a 503 from a proxy with a plain-text body: InternalServerError with that text', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => new HttpResponse('Service Unavailable', { status: 503, headers: { 'content-type': 'text/plain' } })));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, maxRetries: 0 }).tags.get({ id: 'xyz' }))) as APIError;
    expect(failure).toBeInstanceOf(InternalServerError);
    expect(failure.message).toBe('503 Service Unavailable (getTag)');
  });
});

describe('error bodies are data', () => {
  const hostileBody = '{"success":false,"msg":"Object not found.","__proto__":{"polluted":"yes","isAdmin":true},"nested":{"__proto__":{"polluted":"deep"}}}';

  it('an error body with `__proto__` keeps it as a field, its prototype untouched', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => new HttpResponse(hostileBody, { status: 404, headers: { 'content-type': 'application/json' } })));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, maxRetries: 0 }).tags.get({ id: '65f1a2b3c4d5e6f708091101' }))) as NotFoundError;
    expect(failure).toBeInstanceOf(NotFoundError);
    const body = failure.body as Record<string, any>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(body.polluted).toBeUndefined();
    expect(body.isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ polluted: 'yes', isAdmin: true });
    expect(JSON.stringify(body)).toContain('"__proto__":{"polluted":"yes","isAdmin":true}');
    expect(failure.message).toContain('404 Object not found.');
  });

  it('secrets a body echoes are redacted in the error, its message, JSON and inspection', async () => {
    const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
    const PASSWORD = 'correct horse battery staple';
    server.use(on('post', '/auth/signin', () => HttpResponse.json({ success: false, msg: 'nope', token: TOKEN, password: PASSWORD }, { status: 401 })));
    const failure = await failureOf(createClient({ baseUrl: BASE, auth: { token: TOKEN } }).auth.signIn({ email: 'a@b.test', password: PASSWORD }));
    const shown = [String(failure), JSON.stringify(failure), inspect(failure, { depth: 10 })].join('\n');
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(shown).not.toContain(TOKEN);
    expect(shown).not.toContain(PASSWORD);
  });
});

describe('the other errors', () => {
  it('ResponseParseError keeps a redacted excerpt and a cause without the body', () => {
    const failure = new ResponseParseError(
      200,
      '{"token":"eyJhbGciOiJIUzI1NiJ9.e30.c2ln","user":',
      { operationId: 'signIn' },
      new SyntaxError('Unexpected end of JSON input, "{"token..." is not valid JSON'),
    );
    expect(failure.excerpt).toBe('{"token":"[redacted]","user":');
    expect(failure.message).toBe('The 200 answer (signIn) is not valid JSON (Unexpected end of JSON input); it begins: {"token":"[redacted]","user":');
    expect(String(failure.cause)).toBe('SyntaxError: Unexpected end of JSON input');
  });

  it('ResponseTooLargeError names the limit and how to raise it', () => {
    const failure = new ResponseTooLargeError(200, 1_000, { operationId: 'listTags' });
    expect([failure.status, failure.limit]).toEqual([200, 1_000]);
    expect(failure.message).toBe(
      'The 200 answer (listTags) is over maxResponseBytes (1000 bytes): reading stopped, connection closed; raise the maxResponseBytes option (client or per call) to accept it',
    );
  });

  it('APIUserAbortError names the operation', () => {
    expect(new APIUserAbortError({ operationId: 'getTag' }).message).toBe('Request aborted (getTag)');
  });
});

describe('ValidationError', () => {
  const validated = () => createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' }, validate: zodValidation() });

  it('of a request body: the body, the path and the query parameters in their own fields, secrets redacted', async () => {
    const failure = (await failureOf(validated().segments.create({ name: 'Nordics', match: 'some' as 'all', password: 'hunter2' } as never))) as ValidationError;
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.direction).toBe('request');
    expect(failure.issues[0]!.path).toEqual(['body', 'match']);
    expect(failure.body).toEqual({ name: 'Nordics', match: 'some', password: '[redacted]' });
    expect(failure.pathParams).toEqual({ project_id: PROJECT });
    expect(failure.queryParams).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it('of a malformed id: nothing sent, so no 500 to retry (the real server answers GET /tags/xyz with 500)', async () => {
    const failure = (await failureOf(validated().tags.get({ id: 'xyz' }))) as ValidationError;
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.issues[0]!.path).toEqual(['path', 'id']);
    expect(seen).toHaveLength(0);
  });

  it('of a query parameter: the query in queryParams, no body', async () => {
    const failure = (await failureOf(validated().leads.list({ limit: 0 }))) as ValidationError;
    expect(failure.issues[0]!.path[0]).toBe('query');
    expect(failure.queryParams).toEqual({ limit: 0, page: 0 });
    expect(failure.body).toBeUndefined();
  });

  it('of a response: the 200 body in .body, and no parameters', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT, createdAt: 42 })));
    const failure = (await failureOf(validated().tags.get({ id: '65f1a2b3c4d5e6f708091101' }))) as ValidationError;
    expect(failure.direction).toBe('response');
    expect(failure.body).toMatchObject({ createdAt: 42 });
    expect(failure.pathParams).toBeUndefined();
    expect(failure.queryParams).toBeUndefined();
  });
});
