// Captures what the real server's websocket does (the release the harness installs, 2.19.16) into
// test/fixtures/realtime/frames-<version>.json, which test/asyncapi.test.ts checks openapi/asyncapi.yaml
// against: handshake answers (no token, bad token, a teammate's token, a visitor's token), `me` and
// `heartbeat` answers, the open conversations' snapshot, a visitor opening a conversation, a
// conversation's messages and the conversation itself, closing and reopening it, and frames another
// client publishes and broadcasts. Run: `npx node scripts/realtime/capture.mjs` (starts and stops the
// real server with scripts/real-server; needs Debian's redis-server). Loopback only.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { startRealServer } from '../real-server/index.mjs';

const OUT = fileURLToPath(new URL('../../test/fixtures/realtime/frames-2.19.16.json', import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const server = await startRealServer({ log: (line) => console.error(line) });
const out = {};
const captured = [];
const keep = (channel, frames) => {
  for (const frame of frames) captured.push({ channel: typeof channel === 'function' ? channel(frame) : channel, frame });
};
try {
  const { baseUrl, token, projectId } = server;
  const wsUrl = baseUrl.replace('http', 'ws') + '/?token=';
  // raw upgrade status
  const upgrade = (tok, wait = 5000) =>
    new Promise((resolve) => {
      const u = new URL(baseUrl + '/' + (tok === undefined ? '' : '?token=' + encodeURIComponent(tok)));
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', Origin: 'http://evil.example' },
      });
      const t = setTimeout(() => {
        req.destroy();
        resolve('no answer in ' + wait + ' ms');
      }, wait);
      req.on('upgrade', (res, sock) => {
        clearTimeout(t);
        sock.destroy();
        resolve(res.statusCode);
      });
      req.on('response', (res) => {
        clearTimeout(t);
        let b = '';
        res.on('data', (d) => (b += d));
        res.on('end', () => resolve(res.statusCode + ' ' + b));
      });
      req.on('error', (e) => {
        clearTimeout(t);
        resolve('error ' + e.message);
      });
      req.end();
    });
  out.noToken = await upgrade(undefined);
  out.badToken = await upgrade('JWT abc.def.ghi');
  out.ownerToken = await upgrade(token);
  const anon = await (await fetch(baseUrl + '/auth/signinAnonymously', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id_project: projectId }) })).json();
  out.anonTokenUpgrade = await upgrade(anon.token, 8000);
  // sockets
  const open = (tok) =>
    new Promise((resolve, reject) => {
      /** @type {WebSocket & { frames: any[] }} */
      const ws = Object.assign(new WebSocket(wsUrl + encodeURIComponent(tok)), { frames: [] });
      ws.onmessage = (e) => ws.frames.push(JSON.parse(e.data));
      ws.onopen = () => resolve(ws);
      ws.onerror = (e) => reject(new Error('ws error'));
    });
  const a = await open(token);
  const b = await open(token.replace(/^JWT /, ''));
  const send = (ws, f) => ws.send(JSON.stringify(f));
  send(a, { action: 'me' });
  send(a, { action: 'heartbeat', payload: { message: { text: 'ping' } } });
  send(a, { action: 'subscribe', payload: { topic: `/${projectId}/requests` } });
  send(a, { action: 'subscribe', payload: { topic: `/000000000000000000000000/requests` } });
  await sleep(1500);
  keep((f) => (f.action === 'publish' ? 'openConversations' : 'socket'), a.frames);
  out.aAfterSubscribe = a.frames.map((f) => ({
    action: f.action,
    topic: f.payload?.topic,
    method: f.payload?.method,
    isArray: Array.isArray(f.payload?.message),
    len: f.payload?.message?.length,
    payload: f.action !== 'publish' ? f.payload : undefined,
  }));
  a.frames.length = 0;
  // a visitor opens a conversation
  const rid = 'support-group-' + projectId + '-probe' + Date.now();
  const msgRes = await fetch(`${baseUrl}/${projectId}/requests/${rid}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: anon.token },
    body: JSON.stringify({ text: 'hello from a visitor' }),
  });
  out.createMessage = msgRes.status;
  await sleep(2500);
  keep('openConversations', a.frames);
  out.aAfterCreate = a.frames.map((f) => ({
    topic: f.payload.topic,
    method: f.payload.method,
    status: f.payload.message?.status,
    keys: Object.keys(f.payload.message || {})
      .sort()
      .join(','),
  }));
  a.frames.length = 0;
  send(a, { action: 'subscribe', payload: { topic: `/${projectId}/requests/${rid}/messages` } });
  send(b, { action: 'subscribe', payload: { topic: `/${projectId}/requests/${rid}` } });
  await sleep(1500);
  keep('conversationMessages', a.frames);
  keep('conversation', b.frames);
  out.aMessagesSnapshot = a.frames.map((f) => ({ topic: f.payload.topic, method: f.payload.method, len: f.payload.message?.length, texts: (f.payload.message || []).map?.((m) => m.text) }));
  out.bConversationSnapshot = b.frames.map((f) => ({ topic: f.payload.topic, method: f.payload.method, type: f.payload.message === null ? 'null' : typeof f.payload.message }));
  a.frames.length = 0;
  b.frames.length = 0;
  const close = await fetch(`${baseUrl}/${projectId}/requests/${rid}/close`, { method: 'PUT', headers: { authorization: token, 'content-type': 'application/json' }, body: '{}' });
  out.close = close.status;
  await sleep(2500);
  keep((f) => (f.payload.topic.endsWith('/messages') ? 'conversationMessages' : 'openConversations'), a.frames);
  keep('conversation', b.frames);
  out.aAfterClose = a.frames.map((f) => ({ topic: f.payload.topic, method: f.payload.method, status: f.payload.message?.status, text: f.payload.message?.text }));
  out.bAfterClose = b.frames.map((f) => ({ topic: f.payload.topic, method: f.payload.method, status: f.payload.message?.status }));
  a.frames.length = 0;
  b.frames.length = 0;
  const reopen = await fetch(`${baseUrl}/${projectId}/requests/${rid}/reopen`, { method: 'PUT', headers: { authorization: token } });
  out.reopen = reopen.status;
  await sleep(2500);
  keep((f) => (f.payload.topic.endsWith('/messages') ? 'conversationMessages' : 'openConversations'), a.frames);
  keep('conversation', b.frames);
  out.aAfterReopen = a.frames.map((f) => ({ topic: f.payload.topic, method: f.payload.method, status: f.payload.message?.status, text: f.payload.message?.text }));
  a.frames.length = 0;
  b.frames.length = 0;
  // injection
  send(b, { action: 'publish', payload: { topic: `/${projectId}/requests`, message: { injected: true } } });
  send(b, { action: 'broadcast', payload: { topic: `/${projectId}/requests`, message: { injected: 'broadcast' } } });
  await sleep(1000);
  keep('openConversations', a.frames);
  out.aInjected = a.frames;
  out.bOwnInjected = b.frames;
  a.close();
  b.close();
} finally {
  writeFileSync(
    OUT,
    JSON.stringify(
      { server: '@tiledesk/tiledesk-server 2.19.16', handshakes: { noToken: out.noToken, badToken: out.badToken, ownerToken: out.ownerToken, anonymousToken: out.anonTokenUpgrade }, frames: captured },
      null,
      1,
    ) + '\n',
  );
  console.log(`${captured.length} frames written to ${OUT}`);
  await server.stop();
}
