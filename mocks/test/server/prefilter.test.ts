import fc from 'fast-check';
import { getResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationIds, operationMeta } from '../../src/manifest';
import { candidateFilter } from '../../src/server/prefilter';
import { createMockService } from '../../src/service/create';
import { inputArb, toRequest } from '../support/arbitraries';

const RUNS = Number(process.env.FC_RUNS ?? 25);
const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const role of ['owner', 'admin', 'agent', 'guest'] as const) tokens[role] = await service.authorization(role);
});

describe('the standalone server prefilter (candidateFilter)', () => {
  it('gives the same answers as the full handler list, for any method, path and prefix', async () => {
    const filter = candidateFilter(service.handlers);
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operationIds.map(operationMeta)),
        fc.constantFrom(...methods),
        fc.constantFrom('', '/v2', '/a/b'),
        fc.boolean(),
        fc.gen(),
        async (meta, method, prefix, slash, gen) => {
          const input = gen(() => inputArb(meta));
          const template = toRequest(meta, input, tokens);
          const url = new URL(template.url);
          url.pathname = `${prefix}${url.pathname}${slash ? '/' : ''}`;
          const make = () => new Request(url, { method, headers: template.headers, body: method === 'GET' || method === 'DELETE' ? undefined : (input.body ?? undefined) });
          service.reset();
          const full = await getResponse(service.handlers, make());
          service.reset();
          const filtered = await getResponse(filter(method, url.pathname), make());
          expect(filtered?.status).toBe(full?.status);
          expect(await filtered?.text()).toBe(await full?.text());
        },
      ),
      { numRuns: RUNS * 8, seed: 0xf117e5 },
    );
  });
});
