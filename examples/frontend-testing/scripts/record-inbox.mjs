#!/usr/bin/env node
// Records test/recordings/inbox.har again: the inbox view model (src/leads-inbox.ts) signing in and
// loading two pages of leads from the REAL server the contract describes (scripts/real-server:
// the unmodified open-source server on loopback), through the recording proxy of @supportkb/mocks.
// In this repository, after `npm run build` (needs Debian's redis-server, as `npm run real-server`):
//
//   npx node examples/frontend-testing/scripts/record-inbox.mjs
//
// The leads are created directly on the server (not recorded); the recording holds only what the
// inbox sends and gets, with the password and the token redacted by the proxy.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supportkb/sdk';
import { startRecordingProxy } from '@supportkb/mocks/record';
import { startRealServer } from '../../../scripts/real-server/index.mjs';
import { createLeadsInbox } from '../src/leads-inbox.ts';

const out = fileURLToPath(new URL('../test/recordings/inbox.har', import.meta.url));
const server = await startRealServer({ log: (line) => console.error(line) });
try {
  const owner = createClient({ baseUrl: server.baseUrl, projectId: server.projectId, auth: { token: server.token } });
  await owner.leads.create({ fullname: 'Nadia No-Phone', email: 'nadia@customers.example' }); // the server stores phone: null
  const piero = await owner.leads.create({ fullname: 'Piero Rossi', email: 'piero@customers.example' });
  await owner.leads.update({ id: piero._id, phone: '+39 02 1234567', tags: ['vip'] });
  const sara = await owner.leads.create({ fullname: 'Sara Bianchi' });
  await owner.leads.update({ id: sara._id, phone: '+39 06 7654321' });

  const proxy = await startRecordingProxy({ target: server.baseUrl });
  let har;
  try {
    const sk = createClient({ baseUrl: proxy.url, projectId: server.projectId, maxRetries: 0 });
    await sk.auth.signIn({ email: server.email, password: server.password });
    const inbox = createLeadsInbox(sk, { perPage: 2 });
    for (const page of [0, 1]) {
      await inbox.load(page);
      if (inbox.state.status !== 'ready') throw new Error(`page ${page}: ${inbox.state.error}`);
    }
  } finally {
    har = await proxy.stop();
  }
  writeFileSync(out, `${JSON.stringify(har, null, 2)}\n`);
  console.log(`recorded ${har.log.entries.length} exchanges into ${out} (${Buffer.byteLength(JSON.stringify(har, null, 2))} bytes)`);
} finally {
  await server.stop();
}
