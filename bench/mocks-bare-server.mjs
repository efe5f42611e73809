#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The floor for bench/mocks.bench.mjs: a bare node:http server that answers every request of the
// benchmark's mix with the very bytes the stateful mock sent for it (status, headers, body), looked
// up by method and URL; the request body is read and discarded. No routing, no state, no JSON.
// Run as a child process: reads the recorded answers as JSON on stdin, prints `listening <port>`.
import { createServer } from 'node:http';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const answers = new Map();
for (const { key, status, headers, body } of JSON.parse(input)) answers.set(key, { status, headers, body: Buffer.from(body, 'base64') });
const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  req.on('data', () => {});
  req.on('end', () => {
    if (!answer) {
      res.writeHead(404, { 'content-length': '0' });
      res.end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
