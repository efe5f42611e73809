import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS, WAIT_TIMEOUT_MS } from '../../../test/time-limits';

/**
 * The Streamable HTTP transport (`supportkb-mcp --http`) checked by the MCP conformance suite
 * (`@modelcontextprotocol/conformance` 0.1.16, `conformance server`, its active suite, offline): every
 * scenario must pass but those listed, with their reasons, in conformance-expected-failures.yml
 * (fixtures of the suite's reference server). A listed scenario that passes fails the run too.
 */
const exec = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/supportkb-mcp.mjs', import.meta.url));
const baseline = fileURLToPath(new URL('./conformance-expected-failures.yml', import.meta.url));
const conformance = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

let server: ChildProcess;
let url: string;
let stdout = '';
let stderr = '';

beforeAll(async () => {
  server = spawn(process.execPath, [bin, '--http', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  while (!/http:\/\/\S+\/mcp/.test(stdout)) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`supportkb-mcp --http did not start: ${stdout}${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  url = stdout.match(/(http:\/\/\S+\/mcp)/)![1]!;
});
afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
});

describe('supportkb-mcp --http against the MCP conformance suite', () => {
  it('passes every scenario but the reference server fixtures of its baseline', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const run = await exec(process.execPath, [conformance, 'server', '--url', url, '--expected-failures', baseline], { timeout: COMMAND_TIMEOUT_MS }).then(
      (out) => ({ ...out, code: 0 }),
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']) expect(run.stdout).toMatch(new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`));
    expect(run.stdout).toContain('Baseline check passed: all failures are expected.');
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  it('serves only /mcp, and only to loopback Host headers', async () => {
    expect((await fetch(url.replace('/mcp', '/other'))).status).toBe(404);
    // fetch cannot set Host: node:http can, as a DNS-rebinding page's browser would send it.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
      request(url, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .on('error', reject)
        .end(initialize);
    });
    expect(status).toBe(403);
    expect(stdout).toMatch(/^supportkb-mcp: Streamable HTTP on http:\/\/127\.0\.0\.1:\d+\/mcp, calling the embedded mock .* as the seeded admin \(dynamic tools, read-only\)\n$/);
    expect(stderr).toBe('');
  });
});
