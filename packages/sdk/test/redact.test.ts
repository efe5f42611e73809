import { describe, expect, it } from 'vitest';
import { BadRequestError, createClient, createHttpClient, listTags } from '../src/index';
import { MAX_REDACT_DEPTH, REDACTED, redact, redactHeaders, redactText, setField, TOO_DEEP } from '../src/internal/redact';

/** src/internal/redact.ts: what keeps secrets out of logs and errors, and `__proto__` keys from touching prototypes. */
describe('redact()', () => {
  it('replaces the value of every secret-looking field, at any depth', () => {
    const body = { email: 'a@b.test', password: 'p', user: { token: 't', apiKey: 'k', profile: { secret: 's' } }, list: [{ authorization: 'JWT x' }] };
    expect(redact(body)).toEqual({ email: 'a@b.test', password: REDACTED, user: { token: REDACTED, apiKey: REDACTED, profile: { secret: REDACTED } }, list: [{ authorization: REDACTED }] });
  });

  it('leaves an absent secret absent (null and undefined stay as they are)', () => {
    expect(redact({ password: null, token: undefined })).toEqual({ password: null, token: undefined });
  });

  it('returns a copy and never changes its input', () => {
    const body = { password: 'p' };
    expect(redact(body)).not.toBe(body);
    expect(body.password).toBe('p');
  });

  it('cuts cycles', () => {
    const body: Record<string, unknown> = { name: 'loop' };
    body.self = body;
    expect(redact(body)).toEqual({ name: 'loop', self: '[circular]' });
  });

  it('copies a `__proto__` key as data, at any depth', () => {
    const copy = redact(JSON.parse('{"msg":"x","__proto__":{"polluted":"yes","isAdmin":true},"nested":{"__proto__":{"polluted":"deep"}}}')) as Record<string, any>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(copy.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: 'yes', isAdmin: true });
    expect(Object.getPrototypeOf(copy.nested)).toBe(Object.prototype);
    expect(copy.nested.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('redact() of a body nested absurdly deep', () => {
  const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

  it(`copies ${MAX_REDACT_DEPTH} levels and replaces what lies deeper by "${TOO_DEEP}", with no stack overflow (arrays 5,000 deep)`, () => {
    let copy = redact(nested(5_000)) as unknown;
    let depth = 0;
    while (Array.isArray(copy)) [copy, depth] = [copy[0], depth + 1];
    expect([depth, copy]).toEqual([MAX_REDACT_DEPTH, TOO_DEEP]);
    expect(redact({ a: { password: 'p', b: [1] } })).toEqual({ a: { password: REDACTED, b: [1] } }); // shallow bodies untouched
  });

  it('a 400 body of arrays 5,000 deep (10 KB) is a BadRequestError, in both styles, not a RangeError', async () => {
    const fetch = async () => new Response(`${'['.repeat(5_000)}${']'.repeat(5_000)}`, { status: 400, headers: { 'content-type': 'application/json' } });
    const direct = await createClient({ baseUrl: 'https://api.supportkb.test/v2', projectId: 'p', fetch })
      .tags.list()
      .catch((e: unknown) => e);
    const generated = await listTags({ client: createHttpClient({ baseUrl: 'https://api.supportkb.test/v2', fetch }).client, path: { project_id: 'p' } }).catch((e: unknown) => e);
    for (const failure of [direct, generated]) {
      expect(failure).toBeInstanceOf(BadRequestError);
      expect((failure as BadRequestError).message).toBe('400 (listTags)');
      expect(JSON.stringify((failure as BadRequestError).body)).toContain(TOO_DEEP);
    }
  });
});

describe('setField()', () => {
  it('sets `__proto__` as an own field instead of replacing the prototype', () => {
    const target: Record<string, unknown> = {};
    setField(target, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')?.value).toEqual({ polluted: true });
  });
});

describe('redactHeaders()', () => {
  it('redacts Authorization, Cookie and secret headers, from a Headers object or a record', () => {
    expect(redactHeaders(new Headers({ Authorization: 'JWT x', accept: 'application/json', 'x-hook-secret': 's' }))).toEqual({
      authorization: REDACTED,
      accept: 'application/json',
      'x-hook-secret': REDACTED,
    });
    expect(redactHeaders({ Cookie: 'sid=1', 'X-Client': 'sdk' })).toEqual({ Cookie: REDACTED, 'X-Client': 'sdk' });
    expect(redactHeaders(undefined)).toEqual({});
  });
});

describe('redactText()', () => {
  it('redacts the value after a secret-looking key, quoted, cut off or bare', () => {
    expect(redactText('{"token":"abc","name":"x"}')).toBe('{"token":"[redacted]","name":"x"}');
    expect(redactText('{"password":"hunter')).toBe('{"password":"[redacted]"');
    expect(redactText('{"apiKey":12345,"n":1}')).toBe('{"apiKey":"[redacted]","n":1}');
  });

  it('redacts anything shaped like a JWT, wherever it is', () => {
    expect(redactText('<html>session JWT eyJhbGciOiJIUzI1NiJ9.e30.c2ln</html>')).toBe('<html>session JWT [redacted]</html>');
  });
});
