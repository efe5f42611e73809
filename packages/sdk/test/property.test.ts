import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countRequests, createClient, createContent, createHttpClient, getTag, listLeads, listTags, SupportKbError } from '../src/index';
import { zodValidation } from '../src/zod';
import { HttpResponse, on, PROJECT, useMockServer, BASE } from './helpers';

const { server } = useMockServer();

/** A response: any status, any content type, a body that is JSON, almost-JSON, text or bytes. */
const anyResponse = fc.record({
  status: fc.oneof(fc.constantFrom(200, 400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503), fc.integer({ min: 200, max: 599 })),
  type: fc.constantFrom('application/json', 'text/plain', 'text/html', 'application/octet-stream', ''),
  body: fc.oneof(
    fc.json(),
    fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)), // truncated JSON
    fc.string(),
    fc.constant(''),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => String.fromCharCode(...bytes)),
  ),
});

describe('random and malformed responses never escape as anything but an SDK error', () => {
  it.each([
    ['without validation', false],
    ['with validation', true],
  ])('%s', async (_name, validate) => {
    await fc.assert(
      fc.asyncProperty(anyResponse, fc.constantFrom('tags.list', 'leads.list', 'tags.get', 'kb.contents.create', 'analytics.countRequests'), async (answer, op) => {
        server.resetHandlers();
        server.use(
          on(
            op === 'kb.contents.create' ? 'post' : 'get',
            '/*',
            () =>
              new HttpResponse(answer.body, {
                status: answer.status === 204 || answer.status === 205 || answer.status === 304 ? 200 : answer.status,
                headers: answer.type ? { 'content-type': answer.type } : {},
              }),
          ),
        );
        const sk = createClient({ baseUrl: BASE, projectId: PROJECT, maxRetries: 0, ...(validate ? { validate: zodValidation() } : {}) });
        const calls: Record<string, () => PromiseLike<unknown>> = {
          'tags.list': () => sk.tags.list(),
          'leads.list': () => sk.leads.list(),
          'tags.get': () => sk.tags.get({ id: '65f1a2b3c4d5e6f708091101' }),
          'kb.contents.create': () => sk.kb.contents.create({ name: 'n', type: 'text', namespace: PROJECT, content: 'c' }),
          'analytics.countRequests': () => sk.analytics.countRequests(),
        };
        try {
          await calls[op]!();
          expect(answer.status).toBeLessThan(300);
        } catch (error) {
          expect(error).toBeInstanceOf(SupportKbError);
        }
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it('the same through the generated functions on createHttpClient', async () => {
    await fc.assert(
      fc.asyncProperty(anyResponse, fc.constantFrom('listTags', 'listLeads', 'getTag', 'createContent', 'countRequests'), async (answer, op) => {
        server.resetHandlers();
        server.use(
          on(
            op === 'createContent' ? 'post' : 'get',
            '/*',
            () =>
              new HttpResponse(answer.body, {
                status: answer.status === 204 || answer.status === 205 || answer.status === 304 ? 200 : answer.status,
                headers: answer.type ? { 'content-type': answer.type } : {},
              }),
          ),
        );
        const { client } = createHttpClient({ baseUrl: BASE, maxRetries: 0 });
        const path = { project_id: PROJECT };
        const calls: Record<string, () => PromiseLike<unknown>> = {
          listTags: () => listTags({ client, path }),
          listLeads: () => listLeads({ client, path }),
          getTag: () => getTag({ client, path: { ...path, id: '65f1a2b3c4d5e6f708091101' } }),
          createContent: () => createContent({ client, path, body: { name: 'n', type: 'text', namespace: PROJECT, content: 'c' } }),
          countRequests: () => countRequests({ client, path }),
        };
        try {
          await calls[op]!();
          expect(answer.status).toBeLessThan(300);
        } catch (error) {
          expect(error).toBeInstanceOf(SupportKbError);
        }
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it('iterating random pages ends, or throws an SDK error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.jsonValue(), fc.record({ perPage: fc.integer({ min: -2, max: 50 }), count: fc.integer({ min: -5, max: 60 }), leads: fc.array(fc.jsonValue(), { maxLength: 5 }) })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (pages) => {
          server.resetHandlers();
          let i = 0;
          server.use(on('get', `/${PROJECT}/leads`, () => HttpResponse.json(pages[Math.min(i++, pages.length - 1)] as never)));
          const sk = createClient({ baseUrl: BASE, projectId: PROJECT, maxRetries: 0 });
          let seen = 0;
          try {
            for await (const _ of sk.leads.list()) if (++seen > 1_000) break;
          } catch (error) {
            expect(error).toBeInstanceOf(SupportKbError);
          }
          // A page size the service does not give falls back to the page's own length: at most `count` pages (60).
          expect(i).toBeLessThanOrEqual(61);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });
});
