import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS } from '../../../test/time-limits';

/**
 * `supportkb-mcp` over stdio, driven as an MCP client drives it: the MCP Inspector's CLI mode
 * (`@modelcontextprotocol/inspector` 2.12, `--cli`) starts the built server (bin → dist) on the
 * embedded mock and lists or calls its tools, one process per call, as CI would.
 */
const exec = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/supportkb-mcp.mjs', import.meta.url));
const inspector = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')), 'clients/launcher/build/index.js');

interface ToolResult {
  content: { type: string; text: string }[];
  isError?: boolean;
}

/** At most 3 Inspector runs (each an Inspector and a server process) at a time: 2 cores, shared with other suites. */
let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 3) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Runs the Inspector's CLI against the server; resolves to its first JSON answer, its stderr and exit code. */
function inspect(args: string[], env: Record<string, string> = {}): Promise<{ answer: any; stderr: string; code: number }> {
  return slot(() => inspectNow(args, env));
}
async function inspectNow(args: string[], env: Record<string, string>): Promise<{ answer: any; stderr: string; code: number }> {
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  const run = await exec(process.execPath, [inspector, '--cli', ...envArgs, process.execPath, bin, ...args], { timeout: COMMAND_TIMEOUT_MS }).then(
    (out) => ({ ...out, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => error,
  );
  // The CLI prints the answer as JSON; a tool error is followed by one more line of its own.
  const answer = JSON.parse(run.stdout.split('\n{"error":')[0]!);
  return { answer, stderr: run.stderr, code: run.code };
}
const call = (tool: string, args: Record<string, unknown>, env?: Record<string, string>) =>
  inspect(
    ['--method', 'tools/call', '--tool-name', tool, ...Object.entries(args).flatMap(([key, value]) => ['--tool-arg', `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`])],
    env,
  ) as Promise<{
    answer: ToolResult;
    stderr: string;
  }>;
const text = (result: ToolResult) => result.content.map((part) => part.text).join('\n');

/** A README's command run as written from `cwd`; a command two READMEs give alike (the same text, the same folder) runs once and both tests read its answer. */
const commandRuns = new Map<string, Promise<{ stdout: string }>>();
function runCommand(command: string, cwd: string): Promise<{ stdout: string }> {
  const key = `${cwd}\0${command}`;
  let run = commandRuns.get(key);
  if (!run) commandRuns.set(key, (run = slot(() => exec('sh', ['-c', command], { cwd, timeout: COMMAND_TIMEOUT_MS }))));
  return run;
}

describe('supportkb-mcp over stdio, through the MCP Inspector CLI, on the embedded mock', () => {
  // Independent server processes: started side by side (three at a time), each test awaits its own.
  const runs = {
    list: inspect(['--method', 'tools/list', '--strict']),
    perOperation: inspect(['--method', 'tools/list', '--strict'], { SUPPORTKB_MCP_TOOLS: 'per-operation', SUPPORTKB_MCP_RESOURCES: 'tags' }),
    operations: call('list_operations', { resource: 'analytics' }),
    read: call('call_operation', { operationId: 'listTags' }),
    write: call('call_operation', { operationId: 'createTag', params: { tag: 'refund' } }),
    invalid: call('call_operation', { operationId: 'getTag', params: { id: 'not-an-id' } }),
    unknownField: call('call_operation', { operationId: 'listTags', params: { colour: 'red' } }),
    missing: call('call_operation', { operationId: 'getTag', params: { id: '65f1a2b3c4d5e6f7080911ff' } }),
    agent: call('call_operation', { operationId: 'countRequests' }, { SUPPORTKB_ROLE: 'agent' }),
    perOperationCall: call('getTag', { id: '65f1a2b3c4d5e6f708091101' }, { SUPPORTKB_MCP_TOOLS: 'per-operation', SUPPORTKB_MCP_RESOURCES: 'tags' }),
    perOperationInvalid: call('getTag', { id: 'nope' }, { SUPPORTKB_MCP_TOOLS: 'per-operation', SUPPORTKB_MCP_RESOURCES: 'tags' }),
  };
  for (const run of Object.values(runs)) run.catch(() => {}); // each test awaits its own

  it('lists the three dynamic tools, portable (--strict finds nothing), and says on stderr what it serves', async () => {
    const { answer, stderr, code } = await runs.list;
    expect(answer.tools.map((tool: { name: string }) => tool.name)).toEqual(['list_operations', 'describe_operation', 'call_operation']);
    expect(answer.tools[2].annotations).toMatchObject({ readOnlyHint: true });
    expect(code).toBe(0);
    expect(stderr).toContain('supportkb-mcp: stdio, calling the embedded mock (project 65f1a2b3c4d5e6f708090a0b "Acme Support") as the seeded admin (dynamic tools, read-only)');
    expect(stderr).not.toMatch(/Warning|Error/);
  });

  it('lists one tool per read operation of the chosen resources with --tools per-operation', async () => {
    const { answer, code } = await runs.perOperation;
    expect(answer.tools.map((tool: { name: string }) => tool.name)).toEqual(['list_operations', 'describe_operation', 'call_operation', 'getTag', 'listTags']);
    expect(answer.tools[3]).toMatchObject({ title: 'Get a tag', inputSchema: { type: 'object', required: ['id'] }, annotations: { readOnlyHint: true } });
    expect(code).toBe(0);
  });

  it('lists operations by resource, as the admin it acts as', async () => {
    const { answer } = await runs.operations;
    expect(answer.isError).toBeUndefined();
    expect(text(answer)).toMatch(/^\d+ operations on the embedded mock .*, acting as admin\./);
    expect(text(answer)).toContain('countRequests: GET /analytics/requests/count — Count conversations [analytics; min role admin]');
  });

  it('calls a read operation through the SDK and answers its 200 body', async () => {
    const { answer } = await runs.read;
    expect(answer.isError).toBeUndefined();
    expect(JSON.parse(text(answer)).map((tag: { tag: string }) => tag.tag)).toEqual(['billing', 'vip']);
  });

  it('refuses a write while writes are disabled, saying how to enable them', async () => {
    const { answer } = await runs.write;
    expect(answer.isError).toBe(true);
    expect(text(answer)).toBe('createTag changes data (POST /tags) and this server is read-only: writes are disabled. Restart it with --allow-writes (or SUPPORTKB_ALLOW_WRITES=1) to allow them.');
  });

  it('refuses an invalid input before sending, naming the field', async () => {
    const invalid = (await runs.invalid).answer;
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/^Invalid input for getTag \(nothing was sent\): id: .*pattern/);
    const unknown = (await runs.unknownField).answer;
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toBe('Invalid input for listTags: unknown field "colour". Accepted: sortField, direction, page, sort.');
    const perOperation = (await runs.perOperationInvalid).answer;
    expect(perOperation.isError).toBe(true);
    expect(text(perOperation)).toMatch(/Input validation error: Invalid arguments for tool getTag: .*id.*pattern/);
  });

  it("answers a 404 as a tool error with the status, the operationId and the SDK's message and advice", async () => {
    const { answer } = await runs.missing;
    expect(answer.isError).toBe(true);
    expect(text(answer)).toMatch(/^NotFoundError 404 from getTag \(GET \/tags\/\{id\}\): 404 Object not found\. \(getTag\)\nNo object has that id in the project: listTags lists the existing ones\./);
  });

  it("answers a 403 with the SDK's advice (the minimum role) when acting as the agent", async () => {
    const { answer, stderr } = await runs.agent;
    expect(stderr).toContain('as the seeded agent');
    expect(answer.isError).toBe(true);
    expect(text(answer)).toContain('PermissionDeniedError 403 from countRequests');
    expect(text(answer)).toContain('countRequests needs the admin role or higher in the project');
  });

  it('calls a per-operation tool', async () => {
    const { answer } = await runs.perOperationCall;
    expect(answer.isError).toBeUndefined();
    expect(JSON.parse(text(answer))).toMatchObject({ _id: '65f1a2b3c4d5e6f708091101', tag: 'vip' });
  });
});

describe("the root README's MCP section", () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const section = readFileSync(join(root, 'README.md'), 'utf8').split('\n## Let assistants use the API (MCP)\n')[1]!.split('\n## ')[0]!;

  it('shows the no-configuration client entry of examples/mcp', () => {
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
    const example = JSON.parse(readFileSync(join(root, 'examples/mcp/claude_desktop_config.json'), 'utf8'));
    expect(shown.mcpServers['supportkb-mock']).toEqual(example.mcpServers['supportkb-mock']);
  });

  it('runs its Inspector command as written (from the repository root, on the embedded mock)', async () => {
    const command = /```sh\n([\s\S]*?)```/.exec(section)![1]!.trim();
    expect(command).toMatch(/^npx mcp-inspector --cli npx supportkb-mcp /);
    const { stdout } = await runCommand(command, root);
    const answer = JSON.parse(stdout.slice(stdout.indexOf('{')));
    expect(answer.isError).toBeUndefined();
    expect(JSON.parse(answer.content[0].text)).toEqual([{ totalCount: expect.any(Number) }]);
  });
});

describe("examples/mcp's commands", () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const block = /```sh\n([\s\S]*?)```/.exec(readFileSync(join(root, 'examples/mcp/README.md'), 'utf8'))![1]!;
  const commands = block.trim().split('\n');

  it.each(commands.map((command) => [command]))('%s runs as written and answers without a tool error', async (command) => {
    const { stdout } = await runCommand(command, root);
    const answer = JSON.parse(stdout.slice(stdout.indexOf('{')));
    expect(answer.isError).toBeUndefined();
    expect(answer.tools ?? answer.content).toBeInstanceOf(Array);
  });
});
