import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  APIError,
  createClient,
  createHttpClient,
  getTag,
  isAPIError,
  NotFoundError,
  operations,
  SupportKbError,
  ValidationError,
  type APIErrorOf,
  type ErrorBodyOf,
  type ErrorMessage,
  type ErrorStatus,
  type GetTagErrors,
  type OperationId,
  type ServerError,
} from '../src/index';
import { zodValidation } from '../src/zod';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/**
 * Typed error bodies (src/errors.ts `isAPIError`, `ErrorBodyOf`, `ErrorStatus`, `APIErrorOf`; the map
 * the generated OperationTypes): an HTTP error's body read as the contract declares it for its operation and
 * status. The guard checks the run-time facts (an `APIError`, its operationId, its status), never the
 * body. The type assertions run under `npm run typecheck` (the root tsconfig includes this folder).
 */
const { server } = useMockServer();
const TAG_ID = '65f1a2b3c4d5e6f708091101';
const failureOf = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
const client = (options: { validate?: ReturnType<typeof zodValidation> } = {}) => createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' }, maxRetries: 0, ...options });

describe('isAPIError(error, operationId, status)', () => {
  it("narrows a 404 of getTag to the contract's ErrorMessage body", async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404 })));
    const error = await failureOf(client().tags.get({ id: TAG_ID }));
    expect(error).toBeInstanceOf(NotFoundError);
    if (!isAPIError(error, 'getTag', 404)) throw new Error('expected the 404 of getTag');
    expectTypeOf(error.body).toEqualTypeOf<ErrorMessage>();
    expectTypeOf(error.status).toEqualTypeOf<404>();
    expectTypeOf(error.request.operationId).toEqualTypeOf<'getTag'>();
    expect(error.body.msg).toBe('Object not found.');
    expect(error.status).toBe(404);
  });

  it("narrows the 401 of getTag to string: the service's plain-text Unauthorized", async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => new HttpResponse('Unauthorized', { status: 401 })));
    const error = await failureOf(client().tags.get({ id: TAG_ID }));
    expect(isAPIError(error, 'getTag', 404)).toBe(false);
    if (!isAPIError(error, 'getTag', 401)) throw new Error('expected the 401 of getTag');
    expectTypeOf(error.body).toEqualTypeOf<string>();
    expect(error.body).toBe('Unauthorized');
  });

  it('is false for another operation, another status, and anything that is not an APIError', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404 })));
    const error = await failureOf(client().tags.get({ id: TAG_ID }));
    expect(isAPIError(error, 'getTag', 404)).toBe(true);
    expect(isAPIError(error, 'getLead', 404)).toBe(false);
    expect(isAPIError(error, 'getTag', 400)).toBe(false);
    expect(isAPIError(error, 'getTag', 500)).toBe(false);
    // Look-alikes are not APIErrors: the guard never trusts a shape.
    const lookalike = Object.assign(new Error('404'), { status: 404, body: { msg: 'x' }, request: { operationId: 'getTag' } });
    for (const value of [
      undefined,
      null,
      'getTag',
      lookalike,
      { status: 404, request: { operationId: 'getTag' } },
      new SupportKbError('x'),
      new ValidationError('request', [], undefined, { operationId: 'getTag' }),
    ]) {
      expect(isAPIError(value, 'getTag', 404)).toBe(false);
    }
    // An APIError without an operationId (a route outside the contract) belongs to no operation.
    expect(isAPIError(new APIError(404, new Headers(), { msg: 'x' }, { method: 'GET', url: `${BASE}/elsewhere` }), 'getTag', 404)).toBe(false);
  });

  it('works the same on the errors of a generated function called with createHttpClient (operationId from the route)', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404 })));
    const http = createHttpClient({ baseUrl: BASE, auth: { token: 'abc' }, maxRetries: 0 });
    const error = await failureOf(getTag({ client: http.client, path: { project_id: PROJECT, id: TAG_ID } }));
    expect(isAPIError(error, 'getTag', 404) && error.body.msg).toBe('Object not found.');
  });

  it('does not check the body: a body the contract does not allow still narrows (validation never checks error bodies)', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ unexpected: 42 }, { status: 404 })));
    // zodValidation() checks requests and 200 bodies only: the same error, body unchecked, with or without it.
    for (const sk of [client(), client({ validate: zodValidation() })]) {
      const error = await failureOf(sk.tags.get({ id: TAG_ID }));
      expect(isAPIError(error, 'getTag', 404)).toBe(true);
      expect((error as APIError).body).toEqual({ unexpected: 42 });
      if (isAPIError(error, 'getTag', 404)) expect(error.body.msg).toBeUndefined(); // typed string, absent at run time
    }
  });

  it('types the body of a status the contract does not declare for the operation as unknown', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ message: 'Rate limit exceeded' }, { status: 429 })));
    const error = await failureOf(client().tags.get({ id: TAG_ID }));
    if (!isAPIError(error, 'getTag', 429)) throw new Error('expected the 429 of getTag');
    expectTypeOf(error.body).toEqualTypeOf<unknown>();
    expect(error.body).toEqual({ message: 'Rate limit exceeded' });
  });

  it('keeps the redaction of every APIError body', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.', token: 'eyJhbGciOiJIUzI1NiJ9.e30.secret' }, { status: 404 })));
    const error = await failureOf(client().tags.get({ id: TAG_ID }));
    expect(isAPIError(error, 'getTag', 404) && error.body).toEqual({ success: false, msg: 'Object not found.', token: '[redacted]' });
  });
});

describe('the types', () => {
  it('ErrorStatus<K>: the statuses the contract declares an error body for', () => {
    expectTypeOf<ErrorStatus<'getTag'>>().toEqualTypeOf<400 | 401 | 403 | 404 | 500>();
    expectTypeOf<ErrorStatus<'getTag'>>().toEqualTypeOf<Extract<keyof GetTagErrors, number>>();
  });

  it('ErrorBodyOf<K, S>: the declared body of that status, a union where the contract gives one, unknown where it declares none', () => {
    expectTypeOf<ErrorBodyOf<'getTag', 404>>().toEqualTypeOf<ErrorMessage>();
    expectTypeOf<ErrorBodyOf<'getTag', 401>>().toEqualTypeOf<string>();
    expectTypeOf<ErrorBodyOf<'createTag', 500>>().toEqualTypeOf<ErrorMessage | ServerError>();
    expectTypeOf<ErrorBodyOf<'getTag', 429>>().toEqualTypeOf<unknown>();
    expectTypeOf<ErrorBodyOf<'getTag', number>>().toEqualTypeOf<unknown>();
    expectTypeOf<ErrorBodyOf<'getTag', 401 | 404>>().toEqualTypeOf<string | ErrorMessage>();
  });

  it('APIErrorOf<K, S>: an APIError (the class, with every member) discriminated by status', () => {
    expectTypeOf<APIErrorOf<'getTag', 404>>().toMatchTypeOf<APIError>();
    const narrow = (error: APIErrorOf<'getTag', 401 | 404>) => (error.status === 401 ? error.body.toUpperCase() : error.body.msg);
    expectTypeOf(narrow).returns.toEqualTypeOf<string>();
  });

  it('isAPIError: an unknown operationId does not compile; a known one narrows unknown and a subclass alike', () => {
    const check = (error: unknown, notFound: NotFoundError) => {
      // @ts-expect-error 'getTags' is not an operationId of the contract
      isAPIError(error, 'getTags', 404);
      // @ts-expect-error the status is a number
      isAPIError(error, 'getTag', '404');
      if (isAPIError(notFound, 'getTag', 404)) expectTypeOf(notFound.body).toEqualTypeOf<ErrorMessage>();
      if (isAPIError(error, 'createTag', 500)) expectTypeOf(error.body).toEqualTypeOf<ErrorMessage | ServerError>();
    };
    expect(check).toBeTypeOf('function');
  });
});

describe('the error bodies the types read come from the generated manifest', () => {
  it('gives every operation of OperationTypes its own `<OperationId>Errors` type of types.gen.ts', () => {
    const source = readFileSync(new URL('../src/generated/operations.gen.ts', import.meta.url), 'utf8');
    const start = source.indexOf('export interface OperationTypes {');
    const body = source.slice(start, source.indexOf('\n}\n', start));
    const pairs = [...body.matchAll(/^ {2}(\w+): \{ data: \w+; response: [^;]+; errors: (\w+) \};$/gm)].map((m) => [m[1]!, m[2]!] as const);
    expect(pairs.map(([id]) => id).sort()).toEqual(Object.keys(operations).sort());
    for (const [id, type] of pairs) expect(type, id).toBe(`${id[0]!.toUpperCase()}${id.slice(1)}Errors`);
    const generated = readFileSync(new URL('../src/generated/types.gen.ts', import.meta.url), 'utf8');
    for (const [, type] of pairs) expect(generated, type).toContain(`export type ${type} = {`);
    expectTypeOf<keyof typeof operations>().toEqualTypeOf<OperationId>();
  });
});
