// @ts-nocheck -- BASELINE: 3 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The round trip in a browser page against the mocks' browser worker (bundled by esbuild with the
// built SDK and the built `@supportkb/mocks/browser`): MSW's service worker answers the page's
// requests to `<origin>/api`, so nothing reaches a server. Sets `window.__result` to
// `{ ok, controlled, result | error }`, then the title to `done`.
import * as sdk from '@supportkb/sdk';
import { setupBrowserMock } from '@supportkb/mocks/browser';
import { roundTrip } from './round-trip.mjs';

const params = new URLSearchParams(location.search);
const baseUrl = `${location.origin}/api`;
try {
  if (!window.isSecureContext || !('serviceWorker' in navigator)) throw new Error(`no service workers here (secure context: ${window.isSecureContext})`);
  const { worker } = setupBrowserMock({ baseUrl });
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } });
  const result = await roundTrip(sdk, { baseUrl, id: params.get('id') });
  window.__result = { ok: true, userAgent: navigator.userAgent, controlled: Boolean(navigator.serviceWorker.controller), result };
} catch (error) {
  window.__result = { ok: false, error: String(error?.stack ?? error) };
}
document.title = 'done';
