import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';

/**
 * Serves MSW's worker script from `@supportkb/mocks` at the root of the app (dev server) and
 * emits it into the build, so no copy is committed and it always matches the installed msw.
 */
function mockServiceWorker(): Plugin {
  const file = createRequire(import.meta.url).resolve('@supportkb/mocks/mockServiceWorker.js');
  return {
    name: 'supportkb-mock-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: readFileSync(file, 'utf8') });
    },
  };
}

export default defineConfig({
  plugins: [mockServiceWorker()],
  // The mock chunk (msw, the contract's schemas and the websocket's hub, ~1 MB) is loaded only without a real API.
  build: { target: 'es2022', chunkSizeWarningLimit: 1536 },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
