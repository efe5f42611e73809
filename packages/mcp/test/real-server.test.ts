import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealServer } from '../../../scripts/real-server/index.mjs';
import { sharedRealServer } from '../../../test/real-server-shared';

/**
 * `supportkb-mcp` on a real deployment: the real open-source server (`scripts/real-server`, on
 * loopback) with the harness's owner's email and password in the environment, driven over stdio by
 * the official MCP client (v2) as an agent would, read-only. No secret may reach a tool result or
 * the server's stderr.
 */
const bin = fileURLToPath(new URL('../bin/supportkb-mcp.mjs', import.meta.url));
let real: RealServer;

beforeAll(async () => {
  real = await sharedRealServer('mcp-real-server');
});
afterAll(async () => {
  await real?.stop();
});

interface ToolResult {
  content: { type: string; text: string }[];
  isError?: boolean;
}

/** Starts the server over stdio with `env`; returns the client, everything it wrote on stderr, and a close. */
async function connect(env: Record<string, string>) {
  const stderr = new PassThrough();
  let logged = '';
  stderr.setEncoding('utf8').on('data', (chunk: string) => (logged += chunk));
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
  transport.stderr?.pipe(stderr);
  const client = new Client({ name: 'real-server-test', version: '1.0.0' });
  await client.connect(transport).catch(async (error: Error) => {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the rest of stderr
    throw new Error(`${error.message}; the server said: ${logged}`);
  });
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolResult;
  return { client, call, stderr: () => logged, close: () => client.close() };
}
const text = (result: ToolResult) => result.content.map((part) => part.text).join('\n');

describe('supportkb-mcp on the real server, read-only', () => {
  it('signs in with the configured email and password, lists, counts and reads, and never echoes a secret', async () => {
    const started = performance.now();
    const env = { SUPPORTKB_BASE_URL: real.baseUrl, SUPPORTKB_PROJECT_ID: real.projectId, SUPPORTKB_EMAIL: real.email, SUPPORTKB_PASSWORD: real.password };
    const mcp = await connect(env);
    const outputs: string[] = [];
    const call = async (name: string, args?: Record<string, unknown>) => {
      const result = await mcp.call(name, args);
      outputs.push(text(result));
      return result;
    };
    try {
      const tags = await call('call_operation', { operationId: 'listTags' });
      const firstResultMs = Math.round(performance.now() - started);
      expect(tags.isError, text(tags)).toBeUndefined();
      expect(Array.isArray(JSON.parse(text(tags)))).toBe(true);
      console.info(`time to first tool result on the real server (spawn, connect, sign in, listTags): ${firstResultMs} ms`);

      const operations = await call('list_operations');
      expect(text(operations)).toMatch(new RegExp(`^\\d+ operations on ${real.baseUrl.replace(/[.]/g, '\\.')} \\(project ${real.projectId}\\), acting as owner\\.`)); // role looked up after the sign-in
      expect(text(operations)).toContain('countRequests: GET /analytics/requests/count');

      const conversations = await call('call_operation', { operationId: 'countRequests' });
      expect(conversations.isError, text(conversations)).toBeUndefined();
      expect(JSON.parse(text(conversations))).toEqual(expect.any(Array)); // `[]` or `[{totalCount}]`

      const team = await call('call_operation', { operationId: 'listTeammates' });
      expect(team.isError, text(team)).toBeUndefined();
      expect(text(team)).toContain(real.userId);

      const leads = await call('call_operation', { operationId: 'listLeads', params: { limit: 5, direction: 1 } });
      expect(JSON.parse(text(leads))).toMatchObject({ perPage: 5 });

      const described = await call('describe_operation', { operationId: 'listLeads' });
      expect(JSON.parse(text(described))).toMatchObject({ operationId: 'listLeads', minRole: 'agent' });

      const missing = await call('call_operation', { operationId: 'getTag', params: { id: '65f1a2b3c4d5e6f7080911ff' } });
      expect(missing.isError).toBe(true);
      expect(text(missing)).toMatch(/^NotFoundError 404 from getTag .*\nNo object has that id in the project: listTags lists the existing ones\./);

      const write = await call('call_operation', { operationId: 'createTag', params: { tag: 'from-an-agent' } });
      expect(write.isError).toBe(true);
      expect(text(write)).toContain('writes are disabled');
    } finally {
      await mcp.close();
    }
    expect(mcp.stderr()).toContain(`supportkb-mcp: stdio, calling ${real.baseUrl} (project ${real.projectId}) (dynamic tools, read-only)`);
    const token = real.token.replace(/^JWT /, '');
    for (const output of [...outputs, mcp.stderr()]) {
      expect(output).not.toContain(real.password);
      expect(output).not.toContain(token);
      expect(output).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./); // no JWT at all
    }
  });

  it('answers a refused sign-in as a tool error naming the variables, never the password', async () => {
    const password = 'Wr0ng-but-secret-passw0rd';
    const mcp = await connect({ SUPPORTKB_BASE_URL: real.baseUrl, SUPPORTKB_PROJECT_ID: real.projectId, SUPPORTKB_EMAIL: real.email, SUPPORTKB_PASSWORD: password });
    try {
      const result = await mcp.call('call_operation', { operationId: 'listTags' });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^AuthenticationError 401 from listTags .*the deployment refused the sign-in of SUPPORTKB_EMAIL: check SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD/s);
      expect(text(result)).not.toContain(password);
    } finally {
      await mcp.close();
    }
    expect(mcp.stderr()).not.toContain(password);
  });
});
