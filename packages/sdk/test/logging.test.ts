import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/internal/logging';
import { createClient, createHttpClient, listTags } from '../src/index';
import { HttpResponse, on, PROJECT, useMockServer, BASE } from './helpers';

/** Logging (src/internal/logging.ts, and the transport's hooks): off by default, level-filtered, secrets redacted. */
const { server } = useMockServer();
const sink = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
/** Answers 503 once, then an empty list. */
const flaky = () => {
  let n = 0;
  return on('get', `/${PROJECT}/tags`, () => (n++ === 0 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json([])));
};

describe('logging', () => {
  it('is off by default: nothing reaches the logger', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const logger = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, logger }).tags.list();
    expect([...Object.values(logger)].every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it('logs requests and answers at debug, failed answers at info, retries at warn', async () => {
    server.use(flaky());
    const logger = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, logLevel: 'debug', logger, initialRetryDelay: 10 }).tags.list();
    expect(logger.debug.mock.calls.map((c) => c[0])).toEqual(expect.arrayContaining([expect.stringMatching(/^\[supportkb\] → GET .*\/tags(\?|$)/), expect.stringMatching(/← 200 GET/)]));
    expect(logger.info.mock.calls.map((c) => c[0])).toEqual([expect.stringMatching(/← 503 GET/)]);
    expect(logger.warn.mock.calls.map((c) => c[0])).toEqual([expect.stringMatching(/retry 1 of GET/)]);
  });

  it('names the operation in the details of each line', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const logger = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, logLevel: 'debug', logger }).tags.list();
    expect(logger.debug.mock.calls.every((c) => c[1]?.operationId === 'listTags')).toBe(true);
  });

  it('drops the lines below the level', async () => {
    server.use(flaky());
    const logger = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, logLevel: 'warn', logger, initialRetryDelay: 10 }).tags.list();
    expect(logger.debug).not.toHaveBeenCalled();
    expect(logger.info).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('logs the generated functions the same way', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const logger = sink();
    await listTags({ client: createHttpClient({ baseUrl: BASE, logLevel: 'debug', logger }).client, path: { project_id: PROJECT } });
    expect(logger.debug.mock.calls.map((c) => [c[0].replace(/ in \d+ ms$/, ''), c[1]?.operationId])).toEqual([
      [`[supportkb] → GET ${BASE}/${PROJECT}/tags`, 'listTags'],
      [`[supportkb] ← 200 GET ${BASE}/${PROJECT}/tags`, 'listTags'],
    ]);
  });

  it('never logs credentials', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const logger = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: TOKEN }, logLevel: 'debug', logger }).tags.list();
    const logged = JSON.stringify([logger.debug.mock.calls, logger.info.mock.calls]);
    expect(logged).toContain('/tags');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(TOKEN);
  });
});

describe('createLogger()', () => {
  it('redacts secrets in details', () => {
    const logger = sink();
    createLogger('info', logger)!.info('x', { headers: { Authorization: 'JWT abc', accept: 'json' }, body: { password: 'p', nested: { secret: 's' } } });
    expect(logger.info).toHaveBeenCalledWith('[supportkb] x', { headers: { Authorization: '[redacted]', accept: 'json' }, body: { password: '[redacted]', nested: { secret: '[redacted]' } } });
  });

  it("is undefined at level 'off'", () => {
    expect(createLogger('off', sink())).toBeUndefined();
  });
});
