// Entry point. Without VITE_SUPPORTKB_API the stateful mock answers every API call inside the
// page, through MSW's service worker, and serves the websocket in the page too (MSW's WebSocket
// interception): the script is served by vite.config.ts from the package.
import { mountApp } from './app.ts';

const projectId = import.meta.env.VITE_SUPPORTKB_PROJECT_ID ?? '65f1a2b3c4d5e6f708090a0b'; // the seeded project
const api = import.meta.env.VITE_SUPPORTKB_API;

if (api) {
  mountApp({ baseUrl: api, projectId, readyText: `Connected to ${api}. Sign in.` });
} else {
  // Loaded only in this branch, so a build with a real API does not ship the mocks.
  const { setupBrowserMock } = await import('@supportkb/mocks/browser');
  const baseUrl = `${location.origin}/api`;
  const mock = setupBrowserMock({ baseUrl });
  await mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass', serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } });
  // The mock, for the browser console (and the test): `supportkbMock.service.realtime.terminateAll()`
  // drops the socket, `supportkbMock.service.reset()` starts over from the seed.
  globalThis.supportkbMock = mock;
  mountApp({ baseUrl, projectId, readyText: 'Mock API ready (service worker). Sign in as owner@acme-support.test / Str0ng-example-passw0rd.' });
}
