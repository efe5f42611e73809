import { describe, expect, it } from 'vitest';
import { delay } from 'msw';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, createClient, InternalServerError, NotFoundError, RateLimitError } from '../src/index';
import { kyRetryOptions } from '../src/internal/retry';
import { HttpResponse, on, PROJECT, useMockServer, BASE } from './helpers';

const { server, seen } = useMockServer();
const TAG = { _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT };
/** Small delays keep the suite fast; the shape (exponential, jittered, capped) is what is asserted. */
const fast = { baseUrl: BASE, projectId: PROJECT, initialRetryDelay: 100, maxRetryDelay: 1_000 } as const;
const gaps = () => seen.slice(1).map((s, i) => s.at - seen[i]!.at);

/** Answers `responses` in order, then the last one forever. */
function sequence(...responses: (() => Response | Promise<Response>)[]) {
  let n = 0;
  return () => responses[Math.min(n++, responses.length - 1)]!();
}

describe('fault injection (default policy: 2 retries for idempotent methods on 408/429/5xx/connection errors)', () => {
  it('404: one attempt, NotFoundError', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404 })));
    const sk = createClient(fast);
    await expect(sk.tags.get({ id: TAG._id })).rejects.toBeInstanceOf(NotFoundError);
    expect(seen).toHaveLength(1);
  });

  it('503 once: two attempts, the second succeeds after a jittered backoff of 50-100 ms', async () => {
    server.use(
      on(
        'get',
        `/${PROJECT}/tags/:id`,
        sequence(
          () => HttpResponse.json({ err: 'error' }, { status: 503 }),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    const sk = createClient(fast);
    await expect(sk.tags.get({ id: TAG._id })).resolves.toEqual(TAG);
    expect(seen).toHaveLength(2);
    expect(gaps()[0]).toBeGreaterThanOrEqual(45);
    expect(gaps()[0]).toBeLessThan(400);
  });

  it('429 with Retry-After: 2 waits two seconds (no jitter), then succeeds', async () => {
    server.use(
      on(
        'get',
        `/${PROJECT}/tags/:id`,
        sequence(
          () => HttpResponse.json({ message: 'Rate limit exceeded' }, { status: 429, headers: { 'Retry-After': '2' } }),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    const sk = createClient(fast);
    await expect(sk.tags.get({ id: TAG._id })).resolves.toEqual(TAG);
    expect(seen).toHaveLength(2);
    expect(gaps()[0]).toBeGreaterThanOrEqual(1_990);
    expect(gaps()[0]).toBeLessThan(2_600);
  });

  it('Retry-After as an HTTP-date, cut to maxRetryAfter', async () => {
    const later = new Date(Date.now() + 60_000).toUTCString();
    server.use(
      on(
        'get',
        `/${PROJECT}/tags/:id`,
        sequence(
          () => HttpResponse.json({}, { status: 503, headers: { 'Retry-After': later } }),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    const sk = createClient({ ...fast, maxRetryAfter: 300 });
    await expect(sk.tags.get({ id: TAG._id })).resolves.toEqual(TAG);
    expect(gaps()[0]).toBeGreaterThanOrEqual(290);
    expect(gaps()[0]).toBeLessThan(900);
  });

  it('500 always: three attempts with growing waits, then InternalServerError', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ err: 'error' }, { status: 500 })));
    const sk = createClient(fast);
    const failure = await sk.tags.get({ id: TAG._id }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InternalServerError);
    expect((failure as InternalServerError).status).toBe(500);
    expect(seen).toHaveLength(3);
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(45); // 100 ms × [0.5, 1]
    expect(second).toBeGreaterThanOrEqual(95); // 200 ms × [0.5, 1]
    expect(second!).toBeLessThan(600);
  });

  it('any other 5xx (507) is retried too', async () => {
    server.use(
      on(
        'get',
        `/${PROJECT}/tags/:id`,
        sequence(
          () => HttpResponse.json({}, { status: 507 }),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    await expect(createClient(fast).tags.get({ id: TAG._id })).resolves.toEqual(TAG);
    expect(seen).toHaveLength(2);
  });

  it('connection reset once: retried, then succeeds', async () => {
    server.use(
      on(
        'get',
        `/${PROJECT}/tags/:id`,
        sequence(
          () => HttpResponse.error(),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    const sk = createClient(fast);
    await expect(sk.tags.get({ id: TAG._id })).resolves.toEqual(TAG);
    expect(seen).toHaveLength(2);
  });

  it('connection errors on every attempt: APIConnectionError after 3 attempts', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.error()));
    const sk = createClient(fast);
    await expect(sk.tags.get({ id: TAG._id })).rejects.toBeInstanceOf(APIConnectionError);
    expect(seen).toHaveLength(3);
  });

  it('a response slower than the timeout: each attempt times out, then APIConnectionTimeoutError', async () => {
    server.use(
      on('get', `/${PROJECT}/tags/:id`, async () => {
        await delay(1_000);
        return HttpResponse.json(TAG);
      }),
    );
    const sk = createClient({ ...fast, timeout: 150, maxRetries: 1 });
    const failure = await sk.tags.get({ id: TAG._id }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect(seen).toHaveLength(2);
  });

  it('an abort stops the call at once with APIUserAbortError and no retry', async () => {
    server.use(
      on('get', `/${PROJECT}/tags/:id`, async () => {
        await delay(2_000);
        return HttpResponse.json(TAG);
      }),
    );
    const sk = createClient(fast);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(sk.tags.get({ id: TAG._id }, { signal: controller.signal })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });

  it('an abort during a backoff wait stops the retries', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({}, { status: 429, headers: { 'Retry-After': '5' } })));
    const sk = createClient(fast);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(sk.tags.get({ id: TAG._id }, { signal: controller.signal })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });
});

describe('method safety and overrides', () => {
  it('does not retry POST by default', async () => {
    server.use(
      on(
        'post',
        `/${PROJECT}/tags`,
        sequence(
          () => HttpResponse.json({}, { status: 503 }),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    const sk = createClient(fast);
    await expect(sk.tags.create({ tag: 'vip' })).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('retries POST when the client opts in', async () => {
    server.use(
      on(
        'post',
        `/${PROJECT}/tags`,
        sequence(
          () => HttpResponse.json({}, { status: 503 }),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    await expect(createClient({ ...fast, retryNonIdempotent: true }).tags.create({ tag: 'vip' })).resolves.toEqual(TAG);
    expect(seen).toHaveLength(2);
  });

  it('retries POST when the call opts in', async () => {
    server.use(
      on(
        'post',
        `/${PROJECT}/tags`,
        sequence(
          () => HttpResponse.json({}, { status: 503 }),
          () => HttpResponse.json(TAG),
        ),
      ),
    );
    await expect(createClient(fast).tags.create({ tag: 'vip' }, { retryNonIdempotent: true })).resolves.toEqual(TAG);
    expect(seen).toHaveLength(2);
  });

  it('honours maxRetries per client', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({}, { status: 502 })));
    await expect(createClient({ ...fast, maxRetries: 0 }).tags.get({ id: TAG._id })).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('honours maxRetries per call', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({}, { status: 502 })));
    await expect(createClient(fast).tags.get({ id: TAG._id }, { maxRetries: 4 })).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(5);
  });

  it("a 500 answered to a malformed id is retried like any 5xx: its status and body are the same as a database failure's", async () => {
    // The real server: GET /{project}/tags/xyz → 500 {success:false,msg:"Error getting object."}.
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Error getting object.' }, { status: 500 })));
    const failure = await createClient(fast)
      .tags.get({ id: 'xyz' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InternalServerError);
    expect((failure as InternalServerError).message).toBe('500 Error getting object. (getTag)');
    expect(seen).toHaveLength(3);
  });

  it('a 429 that stays rate-limited ends in RateLimitError', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json({ message: 'Rate limit exceeded' }, { status: 429, headers: { 'Retry-After': '0' } })));
    await expect(createClient(fast).tags.list()).rejects.toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(3);
  });
});

describe('kyRetryOptions()', () => {
  it('the default policy: 2 retries of idempotent methods on 408, 429 and the common 5xx, 500 ms doubling up to 8 s', () => {
    const options = kyRetryOptions();
    expect(options).toMatchObject({
      limit: 2,
      methods: ['get', 'put', 'head', 'delete', 'options', 'trace'],
      statusCodes: [408, 429, 500, 502, 503, 504],
      maxRetryAfter: 60_000,
      backoffLimit: 8_000,
      retryOnTimeout: true,
    });
    expect([1, 2, 3].map((attempt) => options.delay!(attempt))).toEqual([500, 1_000, 2_000]);
  });

  it('retryNonIdempotent adds POST and PATCH; maxRetries is floored and never negative', () => {
    expect(kyRetryOptions({ retryNonIdempotent: true }).methods).toEqual(expect.arrayContaining(['post', 'patch']));
    expect(kyRetryOptions({ maxRetries: 2.7 }).limit).toBe(2);
    expect(kyRetryOptions({ maxRetries: -1 }).limit).toBe(0);
  });

  it('jitter draws each delay in [50 %, 100 %]', () => {
    const { jitter } = kyRetryOptions();
    for (let i = 0; i < 100; i++) {
      const delay = (jitter as (delay: number) => number)(1_000);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(1_000);
    }
  });
});
