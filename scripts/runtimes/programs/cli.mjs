// @ts-nocheck -- BASELINE: 8 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The round trip on a server-side runtime (Node, Bun, Deno), with the built SDK as a user gets it:
// `@supportkb/sdk` resolved through node_modules to packages/sdk/dist (ESM).
// Usage: <runtime> cli.mjs <id> <baseUrl>. Prints `RESULT <json>`, or `ERROR <message>` and exits 1.
import * as sdk from '@supportkb/sdk';
import { roundTrip } from './round-trip.mjs';

function detectRuntime() {
  if (typeof Deno !== 'undefined') return { runtime: 'deno', version: Deno.version.deno };
  if (typeof Bun !== 'undefined') return { runtime: 'bun', version: Bun.version };
  return { runtime: 'node', version: process.versions.node };
}

const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const [id, baseUrl] = args;
try {
  if (!id || !baseUrl) throw new Error('usage: cli.mjs <id> <baseUrl>');
  const result = await roundTrip(sdk, { baseUrl, id });
  console.log(`RESULT ${JSON.stringify({ ...detectRuntime(), ...result })}`);
} catch (error) {
  console.log(`ERROR ${error?.stack ?? error}`);
  // Deno has no process global without a node: import; both exit with 1.
  if (typeof Deno !== 'undefined') Deno.exit(1);
  process.exit(1);
}
