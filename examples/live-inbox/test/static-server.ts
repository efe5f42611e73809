import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** A built page served as static files on loopback (no API at all): its origin, the paths it was asked for, and how to stop it. */
export interface StaticSite {
  origin: string;
  served: string[];
  close(): Promise<void>;
}

/** Serves the files of `dir` on `127.0.0.1` (a free port), `/` being `index.html`. */
export async function serveStatic(dir: string): Promise<StaticSite> {
  const served: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    served.push(path);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
