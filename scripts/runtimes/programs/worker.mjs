// The round trip in Cloudflare's workerd: a module worker (bundled with the built SDK by esbuild)
// whose fetch handler runs it against env.BASE_URL and answers `{ ok, result | error }` as JSON.
import * as sdk from '@supportkb/sdk';
import { roundTrip } from './round-trip.mjs';

export default {
  async fetch(_request, env) {
    try {
      const result = await roundTrip(sdk, { baseUrl: env.BASE_URL, id: env.RUNTIME_ID });
      return Response.json({ ok: true, userAgent: navigator.userAgent, result });
    } catch (error) {
      return Response.json({ ok: false, error: String(error?.stack ?? error) }, { status: 500 });
    }
  },
};
