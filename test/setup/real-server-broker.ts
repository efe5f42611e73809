import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TestProject } from 'vitest/node';
import { DEFAULT_INSTALL_DIR, serverDirOf, startRealServer, type RealServer } from '../../scripts/real-server/index.mjs';
import { seedProject } from '../../scripts/real-server/seed.mjs';

/**
 * Vitest global setup of the integration project (vitest.config.ts): one real 2.19.16 server
 * (scripts/real-server/) for every test file that only needs a project on one, instead of a start
 * per file (about 12 s of CPU each on this 2-core machine). Nothing starts here: the setup listens
 * on loopback for the test files' requests (test/real-server-shared.ts), starts the server at the
 * first one, and gives each file a project of its own, seeded like `startRealServer()`'s (a fresh
 * owner, its project, the project's JWT secret, its default knowledge base, the paid plan), so no
 * file sees what another stored. The server stops when the run ends. A file that stops the server,
 * starts it in a special way, or could slow it for the others (Schemathesis' run) starts its own.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL files ask for a project on the shared real server (test/real-server-shared.ts). */
    realServerBroker: string;
  }
}

/** What a file gets: a `RealServer` without `stop` (the server is shared: the run stops it). */
export type SharedProject = Omit<RealServer, 'stop'>;

export default async function setup(project: TestProject) {
  let server: Promise<RealServer> | undefined;
  let projects = 0;

  const start = () => {
    server ??= startRealServer().catch((error: unknown) => {
      server = undefined; // the next file tries again (each used to start its own)
      throw error;
    });
    return server;
  };

  /** A fresh owner and project on the shared server. */
  async function newProject(label: string): Promise<SharedProject> {
    const real = await start();
    const { stop: _stop, ...shared } = real;
    const tag = `${label
      .replace(/[^a-z0-9]+/gi, '-')
      .toLowerCase()
      .slice(0, 40)}-${++projects}-${randomBytes(3).toString('hex')}`;
    const owner = { email: `owner-${tag}@real-server.test`, password: `Owner-pass-${randomBytes(6).toString('hex')}`, firstname: 'Olivia', lastname: 'Owner' };
    const seeded = await seedProject({ baseUrl: real.baseUrl, mongoUri: `mongodb://127.0.0.1:${real.ports.mongo}/tiledesk`, serverDir: serverDirOf(DEFAULT_INSTALL_DIR), owner });
    return { ...shared, ...seeded };
  }

  const broker = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    if (req.method !== 'POST' || url.pathname !== '/project') return res.writeHead(404).end();
    newProject(url.searchParams.get('label') ?? 'file').then(
      (shared) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(shared)),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? (error.stack ?? error.message) : String(error)),
    );
  });
  // A start on a loaded machine takes minutes: no socket timeout on the files' requests.
  broker.requestTimeout = 0;
  broker.headersTimeout = 0;
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const address = broker.address();
  if (!address || typeof address === 'string') throw new Error('the real-server broker has no TCP address');
  project.provide('realServerBroker', `http://127.0.0.1:${address.port}`);

  return async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    const started = await server?.catch(() => undefined);
    await started?.stop();
  };
}
