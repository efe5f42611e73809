// @ts-nocheck -- BASELINE: 4 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The round trip in a browser page (bundled with the built SDK by esbuild): the SDK calls the
// standalone mock on another loopback port (`?api=`), cross-origin, through CORS.
// Sets `window.__result` to `{ ok, result | error }`, then the title to `done`.
import * as sdk from '@supportkb/sdk';
import { roundTrip } from './round-trip.mjs';

const params = new URLSearchParams(location.search);
try {
  const result = await roundTrip(sdk, { baseUrl: params.get('api'), id: params.get('id') });
  window.__result = { ok: true, userAgent: navigator.userAgent, result };
} catch (error) {
  window.__result = { ok: false, error: String(error?.stack ?? error) };
}
document.title = 'done';
