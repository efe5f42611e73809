import { afterEach, describe, expect, it } from 'vitest';
import { setupNodeMock } from '../src/node';
import { SEED } from '../src/state/seed';
import { createConformanceCollector } from './support/conformance';

const conformance = createConformanceCollector();
afterEach(() => expect(conformance.problems.splice(0)).toEqual([]));
const P = SEED.projectId;

describe('setupNodeMock (msw/node, in this process)', () => {
  it('gives an MSW server and its service, answering at the base URL given', async () => {
    const { server, service } = setupNodeMock({ baseUrl: 'https://api.tiledesk.com/v2', onResponse: conformance.onResponse });
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const res = await fetch(`https://api.tiledesk.com/v2/${P}/labels/IT`);
      expect((await res.json()).lang).toBe('IT');
      expect(service.baseUrl).toBe('https://api.tiledesk.com/v2');
    } finally {
      server.close();
    }
  });
});
