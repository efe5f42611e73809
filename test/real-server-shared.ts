import { request } from 'node:http';
import { inject } from 'vitest';
import { startRealServer, type RealServer } from '../scripts/real-server/index.mjs';
import type { SharedProject } from './setup/real-server-broker';

/**
 * A project of its own, for this test file, on the real server the run shares between files
 * (test/setup/real-server-broker.ts: started at the first file that asks, stopped when the run ends):
 * a fresh owner (`email`, `password`, `token`) and project (`projectId`, `projectSecret`), seeded as
 * `startRealServer()` seeds its one. `stop()` stops nothing: the server is the run's. Run outside the
 * integration project (no broker), the file starts a server of its own, as it did before.
 * @param label names the file in the owner's email (`owner-<label>-...@real-server.test`)
 */
export async function sharedRealServer(label: string): Promise<RealServer> {
  const broker = inject('realServerBroker');
  if (!broker) return startRealServer();
  const shared = await new Promise<SharedProject>((resolve, reject) => {
    const url = new URL('/project', broker);
    url.searchParams.set('label', label);
    // node:http, not fetch: a start on a loaded machine may take longer than fetch's 300 s headers timeout.
    const req = request(url, { method: 'POST' }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`the shared real server: ${body}`));
        const parsed: SharedProject = JSON.parse(body);
        resolve(parsed);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  return { ...shared, stop: async () => {} };
}
