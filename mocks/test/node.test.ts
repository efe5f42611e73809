import { createServer, type Socket } from 'node:net';
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

  it("leaves a request it does not answer to the caller's onUnhandledFrame strategy: 'error' refuses it, and nothing reaches the network", async () => {
    // Something listens at the address the requests name, only to count who connects: nobody may.
    const sockets: Socket[] = [];
    const listener = createServer((socket) => void sockets.push(socket.destroy()));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { server, service } = setupNodeMock({ warnings: false, onResponse: conformance.onResponse });
    const unhandled: string[] = [];
    server.events.on('request:unhandled', ({ request }) => void unhandled.push(`${request.method} ${new URL(request.url).pathname}`));
    const errors: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void errors.push(args); // MSW's "intercepted a request without a matching request handler"
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const auth = { headers: { Authorization: await service.authorization('admin') } };
      // Answered: an operation's path, and one whose literal segments differ in case only (Express routes both).
      expect((await fetch(`${origin}/${P}/tags`, auth)).status).toBe(200);
      expect((await fetch(`${origin}/${P}/Tags`, auth)).status).toBe(200);
      // Not answered: a path no operation has; one past an operation's; and one an operation's pattern
      // matches under the base URL \`*\` (any leading part: project "requests", "/X" before it) that
      // fits another operation's path, which has no POST.
      const refused = [`/${P}/Nothing`, `/${P}/leads/csv/x`, `/X/requests/tags`];
      for (const path of refused) {
        const failure = await fetch(`${origin}${path}`, { ...auth, method: path === '/X/requests/tags' ? 'POST' : 'GET' }).then(
          (response) => `answered ${response.status}`,
          (reason: unknown) => (reason instanceof Error && reason.cause instanceof Error ? reason.cause.message : String(reason)),
        );
        expect(failure, path).toMatch(/Cannot bypass a request when using the "error" strategy/);
      }
      expect(unhandled).toEqual([`GET /${P}/Nothing`, `GET /${P}/leads/csv/x`, 'POST /X/requests/tags']);
      expect(errors).toHaveLength(refused.length);
    } finally {
      console.error = error;
      server.close();
      await new Promise((resolve) => listener.close(resolve));
    }
    expect(sockets).toHaveLength(0);
  });
});
