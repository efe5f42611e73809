import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { apiOperations } from '@supportkb/sdk/manifest';
import { NotFoundError, PermissionDeniedError, ValidationError } from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { allOperations, roleAllows, withDefs } from '../src/contract';
import { checkTargetConfig, ConfigError, createTarget, targetConfigFromEnv } from '../src/target';
import { deriveTools, describeOperation, listOperationsText } from '../src/tools/index';
import { exposedOperations, ToolsetError } from '../src/operations';
import { formatData, formatError, VERSION } from '../src/server';
import { parseCli, USAGE } from '../src/cli';
import { readFileSync } from 'node:fs';

/** Unit tests of the derivation: tools, schemas and texts come from the manifest and the contract, for every operation alike. */
const ajv = () => addFormats(new Ajv2020({ strict: false, allErrors: true }));
const op = (id: string) => allOperations.get(id as never)!;

describe('tools derived from the manifest and the contract', () => {
  it('covers every operation of the manifest', () => {
    expect([...allOperations.keys()].sort()).toEqual(Object.keys(apiOperations).sort());
    expect(allOperations.size).toBeGreaterThan(60);
  });

  it('lists three fixed tools by default, whatever the API size, under 5k tokens', () => {
    for (const allowWrites of [false, true]) {
      const tools = deriveTools({ allowWrites });
      expect(tools.map((t) => t.name)).toEqual(['list_operations', 'describe_operation', 'call_operation']);
      const bytes = Buffer.byteLength(JSON.stringify({ tools: tools.map(({ operationId, ...tool }) => tool) }));
      expect(bytes / 4).toBeLessThan(5000);
    }
  });

  it('exposes reads only unless writes are allowed, and never the sign-ins', () => {
    const reads = exposedOperations();
    expect(reads.every((o) => o.method === 'GET')).toBe(true);
    expect(reads.map((o) => o.operationId)).toContain('countRequests');
    const all = exposedOperations({ allowWrites: true });
    // Every operation but the three sign-ins.
    expect(all).toHaveLength(allOperations.size - 3);
    expect(all.some((o) => o.resource === 'auth')).toBe(false);
  });

  it('adds one tool per operation of the chosen resources (kb includes kb.contents)', () => {
    const names = (options: Parameters<typeof deriveTools>[0]) =>
      deriveTools(options)
        .map((t) => t.name)
        .slice(3);
    expect(names({ tools: 'per-operation', resources: ['tags'] }).sort()).toEqual(['getTag', 'listTags']);
    expect(names({ tools: 'per-operation', resources: ['tags'], allowWrites: true }).sort()).toEqual(['createTag', 'deleteTag', 'getTag', 'listTags', 'updateTag']);
    expect(names({ tools: 'per-operation', resources: ['kb'] })).toEqual(expect.arrayContaining(['listKnowledgeBases', 'listContents', 'getContent']));
    expect(names({ tools: 'per-operation', allowWrites: true })).toHaveLength(allOperations.size - 3);
    expect(() => deriveTools({ tools: 'per-operation', resources: ['tag', 'auth'] })).toThrow(ToolsetError);
    expect(() => deriveTools({ tools: 'per-operation', resources: ['tag'] })).toThrow(
      'Unknown resource "tag": choose among analytics, conversations, departments, groups, kb, kb.contents, labels, leads, messages, segments, subscriptions, tags, team',
    );
  });

  it("gives each operation the SDK method's parameters: path (but project_id), query (but aliases) and body fields", () => {
    for (const operation of allOperations.values()) {
      const { manifest } = operation;
      const expected = [...manifest.pathParams.filter((p) => p !== 'project_id'), ...manifest.queryParams.filter((q) => !(q in (manifest.queryAliases ?? {}))), ...(manifest.bodyFields ?? [])];
      expect(Object.keys(operation.docs.toolInput.properties).sort(), operation.operationId).toEqual([...new Set(expected)].sort());
      expect(Object.keys(operation.docs.input.properties).sort(), operation.operationId).toEqual([...new Set(expected)].sort());
      for (const required of manifest.pathParams.filter((p) => p !== 'project_id')) expect(operation.docs.toolInput.required, operation.operationId).toContain(required);
    }
  });

  it('gives tool input schemas that compile as JSON Schema 2020-12, stand alone, and check what the contract requires', () => {
    const compiler = ajv();
    for (const { name, inputSchema, operationId } of deriveTools({ tools: 'per-operation', allowWrites: true })) {
      expect(JSON.stringify(inputSchema), name).not.toMatch(/"\$ref"|"x-|"type":\[/); // self-contained, no OpenAPI annotations, single types
      const validate = compiler.compile(inputSchema);
      if (operationId === 'getTag') {
        expect(validate({ id: '65f1a2b3c4d5e6f708091101' })).toBe(true);
        expect(validate({})).toBe(false);
        expect(validate({ id: '65f1a2b3c4d5e6f708091101', project_id: 'x' })).toBe(false); // the project is the server's
      }
      if (operationId === 'createSegment') expect(validate({ name: 'Nordics', match: 'some' })).toBe(false);
    }
  });

  it('describes an operation with input and output schemas that resolve, and examples that pass them', () => {
    const compiler = ajv();
    for (const id of ['getTag', 'listLeads', 'countRequests', 'createMessage']) {
      const described = describeOperation(op(id)) as { input: object; output: object; inputExample: object; outputExample: unknown };
      const input = compiler.compile(described.input);
      expect(input(described.inputExample), `${id} ${JSON.stringify(input.errors)}`).toBe(true);
      const output = compiler.compile(described.output);
      expect(output(described.outputExample), `${id} ${JSON.stringify(output.errors)}`).toBe(true);
    }
    expect(describeOperation(op('listLeads'))).toMatchObject({ method: 'GET', minRole: 'agent', paged: { pageSize: 40 }, aliases: { sort: 'sortField' } });
    expect(withDefs({ $ref: '#/$defs/Tag' })).toHaveProperty('$defs.Tag');
  });

  it('lists the operations a role may call, and says who the server acts as', () => {
    const agent = listOperationsText({ role: 'agent', target: 'the mock' });
    expect(agent).toMatch(/^\d+ operations on the mock, acting as agent\. \d+ operations that change data are not exposed/);
    expect(agent).toContain('listTags: GET /tags — List tags [tags; min role agent; paged]');
    expect(agent).not.toContain('countRequests');
    expect(listOperationsText({ role: 'agent', target: 'the mock', includeDenied: true })).toContain('DENIED for this role');
    const tags = listOperationsText({ role: 'owner', target: 'x', resource: 'tags', allowWrites: true }).split('\n');
    expect(
      tags
        .slice(1)
        .map((line) => line.split(':')[0])
        .sort(),
    ).toEqual(['createTag', 'deleteTag', 'getTag', 'listTags', 'updateTag']);
    expect(roleAllows('guest', 'none')).toBe(true);
    expect(roleAllows('agent', 'admin')).toBe(false);
    expect(roleAllows('owner', 'admin')).toBe(true);
  });
});

describe('results and errors as tool text', () => {
  it('cuts a long list to what fits, saying how to get the rest', () => {
    const leads = Array.from({ length: 100 }, (_, i) => ({ _id: String(i).padStart(24, '0'), fullname: `Lead ${i}` }));
    const text = formatData(op('listLeads'), { perPage: 100, count: 100, leads }, 2000);
    expect(text.length).toBeLessThan(2200);
    expect(text).toMatch(/\[\d+ of 100 items shown: the answer is over 2000 characters\. Ask for a smaller page/);
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ count: 100 });
    expect(formatData(op('deleteGroup'), undefined, 100)).toBe('deleteGroup: done (the answer has no body).');
  });

  it('names the field of an invalid input, and gives a 404 and a 403 their advice', () => {
    const invalid = new ValidationError('request', [{ path: ['path', 'id'], message: 'Invalid string', code: 'invalid_format' } as never], undefined, { operationId: 'getTag' });
    expect(formatError(op('getTag'), invalid, { kind: 'mock' })).toBe('Invalid input for getTag (nothing was sent): id: Invalid string. describe_operation getTag gives the input schema.');
    const missing = new NotFoundError(404, new Headers(), { success: false, msg: 'Object not found.' }, { operationId: 'getTag' });
    expect(formatError(op('getTag'), missing, { kind: 'mock' })).toMatch(
      /^NotFoundError 404 from getTag \(GET \/tags\/\{id\}\): 404 Object not found\. \(getTag\)\nNo object has that id in the project: listTags lists the existing ones\./,
    );
    const denied = new PermissionDeniedError(403, new Headers(), { msg: 'you dont have admin role' }, { operationId: 'countRequests' }, 'countRequests needs the admin role or higher in the project');
    expect(formatError(op('countRequests'), denied, { kind: 'mock' })).toContain('needs the admin role or higher in the project\nThe server acts with a role below admin: restart it with --as admin');
  });
});

describe('configuration', () => {
  it('selects the mock without a base URL, a real deployment with one, and says what is missing', () => {
    expect(checkTargetConfig(targetConfigFromEnv({}))).toBe('mock');
    expect(checkTargetConfig(targetConfigFromEnv({ SUPPORTKB_BASE_URL: 'https://x.test/v2', SUPPORTKB_PROJECT_ID: 'p', SUPPORTKB_TOKEN: 't' }))).toBe('real');
    const fails = (env: Record<string, string>) => () => checkTargetConfig(targetConfigFromEnv(env));
    expect(fails({ SUPPORTKB_BASE_URL: 'https://x.test/v2', SUPPORTKB_PROJECT_ID: 'p' })).toThrow('Credentials are missing: set SUPPORTKB_TOKEN, or SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD');
    expect(fails({ SUPPORTKB_BASE_URL: 'https://x.test/v2', SUPPORTKB_PROJECT_ID: 'p', SUPPORTKB_EMAIL: 'a@b.c' })).toThrow('SUPPORTKB_PASSWORD is missing');
    expect(fails({ SUPPORTKB_BASE_URL: 'https://x.test/v2', SUPPORTKB_TOKEN: 't' })).toThrow('SUPPORTKB_PROJECT_ID is required');
    expect(fails({ SUPPORTKB_BASE_URL: 'ftp://x', SUPPORTKB_PROJECT_ID: 'p', SUPPORTKB_TOKEN: 't' })).toThrow('SUPPORTKB_BASE_URL must be an http(s) URL');
    expect(fails({ SUPPORTKB_PASSWORD: 'hunter2-secret' })).toThrow('SUPPORTKB_BASE_URL is not set, but SUPPORTKB_PASSWORD is');
    expect(fails({ SUPPORTKB_ROLE: 'user' })).toThrow('The mock has no seeded user: choose among owner, admin, agent, guest');
    expect(() => targetConfigFromEnv({ SUPPORTKB_ROLE: 'boss' })).toThrow(ConfigError);
    try {
      checkTargetConfig(
        targetConfigFromEnv({ SUPPORTKB_BASE_URL: 'https://x.test/v2', SUPPORTKB_PROJECT_ID: 'p', SUPPORTKB_TOKEN: 'tok-secret', SUPPORTKB_EMAIL: 'a@b.c', SUPPORTKB_PASSWORD: 'pw-secret' }),
      );
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toMatch(/tok-secret|pw-secret/);
    }
  });

  it('reads the command line over the environment', () => {
    expect(parseCli(['--http', '--port', '0', '--as', 'agent'], { SUPPORTKB_ROLE: 'owner', SUPPORTKB_ALLOW_WRITES: 'true' })).toMatchObject({
      http: true,
      port: 0,
      allowWrites: true,
      tools: 'dynamic',
      target: { role: 'agent' },
    });
    expect(parseCli([], { SUPPORTKB_MCP_TOOLS: 'per-operation', SUPPORTKB_MCP_RESOURCES: 'tags, leads' })).toMatchObject({ tools: 'per-operation', resources: ['tags', 'leads'], allowWrites: false });
    expect(() => parseCli(['--resources', 'tags'], {})).toThrow('--resources (SUPPORTKB_MCP_RESOURCES) chooses per-operation tools: add --tools per-operation');
    expect(() => parseCli(['--port', '70000'], {})).toThrow('--port must be an integer from 0 to 65535');
    expect(() => parseCli(['--tools', 'all'], {})).toThrow('must be dynamic or per-operation');
    expect(() => parseCli(['--bogus'], {})).toThrow(/Unknown option '--bogus'.*see supportkb-mcp --help/);
    expect(parseCli(['--help'], {})).toBe('help');
  });

  it('acts on the embedded mock as the seeded admin by default, as another seeded member with a role', async () => {
    const admin = await createTarget({});
    expect(admin.kind).toBe('mock');
    expect(await admin.role()).toBe('admin');
    expect((await admin.client.analytics.countRequests()) as unknown[]).toHaveLength(1);
    const agent = await createTarget({ role: 'agent' }, { maxRetries: 0 });
    await expect(agent.client.analytics.countRequests()).rejects.toBeInstanceOf(PermissionDeniedError);
    expect((await agent.client.tags.list()).map((t) => t.tag)).toEqual(['billing', 'vip']);
  });
});

describe('examples/mcp', () => {
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../examples/mcp/${file}`, import.meta.url), 'utf8'));
  const entries = [...Object.entries(read('claude_desktop_config.json').mcpServers as Record<string, any>), ...Object.entries(read('.vscode/mcp.json').servers as Record<string, any>)];

  it('configures clients that start the server as written: options and variables it accepts', () => {
    const documented = [
      'SUPPORTKB_BASE_URL',
      'SUPPORTKB_PROJECT_ID',
      'SUPPORTKB_TOKEN',
      'SUPPORTKB_EMAIL',
      'SUPPORTKB_PASSWORD',
      'SUPPORTKB_ROLE',
      'SUPPORTKB_MCP_TOOLS',
      'SUPPORTKB_MCP_RESOURCES',
      'SUPPORTKB_ALLOW_WRITES',
    ];
    const targets = new Set<string>();
    for (const [name, entry] of entries) {
      if (entry.type === 'http') {
        expect(entry.url, name).toBe('http://127.0.0.1:3333/mcp'); // where `supportkb-mcp --http` listens by default
        continue;
      }
      expect([entry.command, ...entry.args.slice(0, 2)], name).toEqual(['npx', '-y', '@supportkb/mcp']);
      const env = (entry.env ?? {}) as Record<string, string>;
      for (const key of Object.keys(env)) {
        expect(documented, `${name}: ${key}`).toContain(key);
        expect(USAGE, key).toContain(key);
      }
      const options = parseCli(entry.args.slice(2), env);
      if (typeof options === 'string') throw new Error(`${name} asks for ${options}`);
      targets.add(checkTargetConfig(options.target));
      expect(options.allowWrites, name).toBe(false);
    }
    expect([...targets].sort()).toEqual(['mock', 'real']);
  });
});

describe('the server version', () => {
  it("is the package's, so serverInfo and --version follow each release", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(manifest.version);
  });
});
