import { describe, expect, it, vi } from 'vitest';
import { createClient, createLogger } from '../src/index';
import { HttpResponse, on, PROJECT, useMockServer, BASE } from './helpers';

const { server } = useMockServer();
const sink = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('logging', () => {
  it('is off by default: nothing reaches the logger', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const logger = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, logger }).tags.list();
    expect([...Object.values(logger)].every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it('logs requests at debug, failed responses at info and retries at warn, filtered by level', async () => {
    let n = 0;
    server.use(on('get', `/${PROJECT}/tags`, () => (n++ === 0 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json([]))));
    const debug = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, logLevel: 'debug', logger: debug, initialRetryDelay: 10 }).tags.list();
    expect(debug.debug.mock.calls.map((c) => c[0])).toEqual(expect.arrayContaining([expect.stringMatching(/^\[supportkb\] → GET .*\/tags(\?|$)/), expect.stringMatching(/← 200 GET/)]));
    expect(debug.info.mock.calls.map((c) => c[0])).toEqual([expect.stringMatching(/← 503 GET/)]);
    expect(debug.warn.mock.calls.map((c) => c[0])).toEqual([expect.stringMatching(/retry 1 of GET/)]);

    n = 0;
    const warn = sink();
    await createClient({ baseUrl: BASE, projectId: PROJECT, logLevel: 'warn', logger: warn, initialRetryDelay: 10 }).tags.list();
    expect(warn.debug).not.toHaveBeenCalled();
    expect(warn.info).not.toHaveBeenCalled();
    expect(warn.warn).toHaveBeenCalledTimes(1);
  });

  it('redacts secrets in details', () => {
    const logger = sink();
    createLogger('info', logger)!.info('x', { headers: { Authorization: 'JWT abc', accept: 'json' }, body: { password: 'p', nested: { secret: 's' } } });
    expect(logger.info).toHaveBeenCalledWith('[supportkb] x', { headers: { Authorization: '[redacted]', accept: 'json' }, body: { password: '[redacted]', nested: { secret: '[redacted]' } } });
  });
});
