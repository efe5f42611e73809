import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The SDK's errors across its two builds in one process: an ESM app whose CommonJS dependency also
 * uses the SDK gets errors from `dist/index.cjs` and checks them with the classes of `dist/index.js`
 * (and the other way round). Each class carries a brand (its name under a static property) that its
 * `Symbol.hasInstance` and `isAPIError` check, so `instanceof` and the guard hold across builds, for
 * the class and its ancestors only. Needs the built package (`npm run build -w @supportkb/sdk`).
 */
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
type Sdk = typeof import('../src/index');
let esm: Sdk;
let cjs: Sdk;

beforeAll(async () => {
  expect(existsSync(`${dist}index.cjs`), 'build the SDK first (npm run build -w @supportkb/sdk)').toBe(true);
  esm = (await import(`${dist}index.js`)) as Sdk;
  cjs = createRequire(import.meta.url)(`${dist}index.cjs`) as Sdk;
});

/** Every error class exported by the main entry, by name. */
const CLASSES = [
  'SupportKbError',
  'APIError',
  'BadRequestError',
  'AuthenticationError',
  'PermissionDeniedError',
  'NotFoundError',
  'ConflictError',
  'PayloadTooLargeError',
  'UnprocessableEntityError',
  'RateLimitError',
  'InternalServerError',
  'APIConnectionError',
  'APIConnectionTimeoutError',
  'ResponseParseError',
  'ResponseTooLargeError',
  'APIUserAbortError',
  'ValidationError',
  'WebhookVerificationError',
] as const;
type ClassName = (typeof CLASSES)[number];
const classOf = (sdk: Sdk, name: ClassName) => sdk[name] as unknown as abstract new (...args: never[]) => Error;

describe('SDK errors across the ESM and CommonJS builds', () => {
  it('loads two distinct copies of every class', () => {
    for (const name of CLASSES) {
      expect(typeof classOf(esm, name), name).toBe('function');
      expect(classOf(esm, name), name).not.toBe(classOf(cjs, name));
    }
  });

  it('an error of one build is instanceof the same class of the other, and of its ancestors only', () => {
    const request = { operationId: 'getTag', method: 'GET', url: 'http://127.0.0.1:4010/p/tags/x' };
    for (const [from, to] of [
      [cjs, esm],
      [esm, cjs],
    ] as const) {
      const notFound = from.APIError.from(404, new Headers(), { msg: 'Not found' }, request);
      expect(notFound.name).toBe('NotFoundError');
      expect(notFound instanceof to.NotFoundError).toBe(true);
      expect(notFound instanceof to.APIError).toBe(true);
      expect(notFound instanceof to.SupportKbError).toBe(true);
      expect(notFound instanceof Error).toBe(true);
      expect(notFound instanceof to.BadRequestError).toBe(false);
      expect(notFound instanceof to.InternalServerError).toBe(false);
      expect(notFound instanceof to.APIConnectionError).toBe(false);
      expect(notFound instanceof to.ValidationError).toBe(false);

      const timeout = new from.APIConnectionTimeoutError('Timed out (getTag)', request);
      expect(timeout instanceof to.APIConnectionTimeoutError).toBe(true);
      expect(timeout instanceof to.APIConnectionError).toBe(true);
      expect(timeout instanceof to.SupportKbError).toBe(true);
      expect(timeout instanceof to.APIError).toBe(false);

      const server = from.APIError.from(503, new Headers(), 'Service Unavailable', request);
      expect(server instanceof to.InternalServerError).toBe(true);
      expect(server instanceof to.NotFoundError).toBe(false);
    }
  });

  it('isAPIError of one build accepts an error of the other', () => {
    const request = { operationId: 'getTag', method: 'GET', url: 'http://127.0.0.1:4010/p/tags/x' };
    for (const [from, to] of [
      [cjs, esm],
      [esm, cjs],
    ] as const) {
      const error = from.APIError.from(404, new Headers(), { msg: 'Not found' }, request);
      expect(to.isAPIError(error, 'getTag', 404)).toBe(true);
      expect(to.isAPIError(error, 'getTag', 400)).toBe(false);
      expect(to.isAPIError(error, 'listTags', 404)).toBe(false);
      expect(to.isAPIError(new Error('404'), 'getTag', 404)).toBe(false);
    }
  });

  it('leaves other values and subclasses of your own to the ordinary instanceof', () => {
    for (const value of [null, undefined, 404, 'NotFoundError', {}, Object.create(null), new Error('x'), { name: 'NotFoundError', status: 404 }]) {
      expect(value instanceof esm.NotFoundError).toBe(false);
      expect(value instanceof esm.SupportKbError).toBe(false);
    }
    // An object that only claims the name is no SDK error; a prototype chain through a branded class is.
    class Mine extends esm.NotFoundError {}
    const mine = new Mine(404, new Headers(), undefined);
    expect(mine instanceof Mine).toBe(true);
    expect(mine instanceof esm.NotFoundError && mine instanceof cjs.NotFoundError && mine instanceof cjs.APIError).toBe(true);
    expect(esm.APIError.from(404, new Headers(), undefined) instanceof Mine).toBe(false);
    expect(cjs.APIError.from(404, new Headers(), undefined) instanceof Mine).toBe(false);
  });
});
