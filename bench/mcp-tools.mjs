#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 8 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The size of @supportkb/mcp's `tools/list` and its time to a first tool result.
//
//   npx node bench/mcp-tools.mjs [--real]     (after `npm run build`)
//
// Each configuration starts `supportkb-mcp` over stdio with the official MCP client (v2) and measures
// the `tools/list` result as the server sends it (compact JSON, UTF-8 bytes), with two token
// estimates: bytes / 4 (the usual rule of thumb) and the count of OpenAI's o200k_base tokenizer
// (`gpt-tokenizer`, offline; other models' tokenizers differ by some percent). "All 64" is the
// per-operation tool of every operation of the contract (`operationTool` of the built package: the
// server itself never exposes the three sign-ins, which answer tokens). Then the time from spawning
// the server to the first `call_operation` result (listTags): on the embedded mock, and with
// `--real` on the real server (`scripts/real-server`, started and stopped here; first start installs it).
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { countTokens } from 'gpt-tokenizer';
import { allOperations, deriveTools, operationTool } from '../packages/mcp/dist/index.js';

const bin = fileURLToPath(new URL('../packages/mcp/bin/supportkb-mcp.mjs', import.meta.url));

/** Starts the server with `env`, runs `work(client)`, closes. Resolves to `work`'s result. */
async function withServer(env, work) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'ignore' });
  const client = new Client({ name: 'mcp-tools-bench', version: '1.0.0' });
  try {
    await client.connect(transport);
    return await work(client);
  } finally {
    await client.close();
  }
}

const size = (value) => {
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json);
  return { bytes, bytesOver4: Math.round(bytes / 4), o200k: countTokens(json) };
};

const configurations = [
  ['default (3 dynamic tools), read-only', {}],
  ['default, --allow-writes', { SUPPORTKB_ALLOW_WRITES: '1' }],
  ['per-operation, --resources tags,leads, read-only', { SUPPORTKB_MCP_TOOLS: 'per-operation', SUPPORTKB_MCP_RESOURCES: 'tags,leads' }],
  ['per-operation, all resources, read-only', { SUPPORTKB_MCP_TOOLS: 'per-operation' }],
  ['per-operation, all resources, --allow-writes', { SUPPORTKB_MCP_TOOLS: 'per-operation', SUPPORTKB_ALLOW_WRITES: '1' }],
];
const rows = [];
for (const [name, env] of configurations) {
  const listed = await withServer(env, (client) => client.listTools());
  const derived = deriveTools({
    tools: env.SUPPORTKB_MCP_TOOLS ?? 'dynamic',
    ...(env.SUPPORTKB_MCP_RESOURCES ? { resources: env.SUPPORTKB_MCP_RESOURCES.split(',') } : {}),
    allowWrites: Boolean(env.SUPPORTKB_ALLOW_WRITES),
  });
  if (listed.tools.length !== derived.length) throw new Error(`${name}: the server listed ${listed.tools.length} tools, deriveTools ${derived.length}`);
  rows.push({ configuration: name, tools: listed.tools.length, ...size(listed) });
}
// Every operation of the contract as its own tool (the naive design), in the shape tools/list sends.
const every = [...allOperations.values()].map((op) => {
  const { operationId, ...tool } = operationTool(op);
  return tool;
});
rows.push({ configuration: 'one tool per operation, all 64 (derived, not served)', tools: every.length, ...size({ tools: every }) });
console.table(rows);

async function firstResult(env) {
  const started = performance.now();
  return withServer(env, async (client) => {
    const connected = performance.now();
    const result = await client.callTool({ name: 'call_operation', arguments: { operationId: 'listTags' } });
    if (result.isError) throw new Error(`listTags failed: ${result.content?.[0]?.text}`);
    return { spawnToConnectedMs: Math.round(connected - started), spawnToFirstResultMs: Math.round(performance.now() - started) };
  });
}
const timings = [];
for (let run = 0; run < 3; run++) timings.push({ target: 'embedded mock', run, ...(await firstResult({})) });
if (process.argv.includes('--real')) {
  const { startRealServer } = await import('../scripts/real-server/index.mjs');
  const server = await startRealServer({ log: (line) => console.error(line) });
  try {
    const env = { SUPPORTKB_BASE_URL: server.baseUrl, SUPPORTKB_PROJECT_ID: server.projectId, SUPPORTKB_EMAIL: server.email, SUPPORTKB_PASSWORD: server.password };
    for (let run = 0; run < 3; run++) timings.push({ target: 'real server (sign-in first)', run, ...(await firstResult(env)) });
  } finally {
    await server.stop();
  }
}
console.table(timings);
