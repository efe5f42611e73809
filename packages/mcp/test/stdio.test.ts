import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerFactory, type ServerOptions } from '../src/server';
import { createTarget, type Target, type TargetConfig } from '../src/target';
import { requestIdOf, startStdio, type StdioOptions } from '../src/transports';
import { createScrubber, REDACTED } from '../src/scrub';

/**
 * The server over stdio, in this process: JSON-RPC lines written to its stdin stream, answers read
 * from its stdout stream, as an MCP client over a pipe sees them.
 */
interface Session {
  request(method: string, params?: unknown): Promise<any>;
  /** Writes a raw line (no answer awaited). */
  write(line: string): void;
  /** The answer to the request of id `id`, when it comes. */
  answer(id: number | string | null): Promise<any>;
  errors: Error[];
  close(): Promise<void>;
}

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function open(target: Target, options: ServerOptions = {}, stdio: Omit<StdioOptions, 'stdin' | 'stdout'> = {}): Promise<Session> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const errors: Error[] = [];
  const handle = startStdio(createServerFactory(target, options), (error) => errors.push(error), { stdin, stdout, ...stdio });
  const answers = new Map<string, any>();
  const waiters = new Map<string, (value: any) => void>();
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const key = JSON.stringify(message.id ?? null);
      answers.set(key, message);
      waiters.get(key)?.(message);
    }
  });
  const answer = (id: number | string | null) => {
    const key = JSON.stringify(id);
    return answers.has(key) ? Promise.resolve(answers.get(key)) : new Promise((resolve) => waiters.set(key, resolve));
  };
  let next = 1;
  const write = (line: string) => void stdin.write(`${line}\n`);
  const request = (method: string, params?: unknown) => {
    const id = next++;
    write(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
    return answer(id);
  };
  const init = await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'stdio-test', version: '1' } });
  expect(init.result.serverInfo.name).toBe('supportkb');
  write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const session: Session = { request, write, answer, errors, close: async () => void (stdin.end(), await handle.close()) };
  sessions.push(session);
  return session;
}

const toolText = (answer: any) => (answer.result.content as { text: string }[]).map((part) => part.text).join('\n');

describe('stdio: a message over the size limit', () => {
  it('is answered with a JSON-RPC error carrying its id, and the server goes on serving', async () => {
    const session = await open(await createTarget({}), {}, { maxMessageBytes: 1024 * 1024 });
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'call_operation', arguments: { operationId: 'listTags', params: { q: 'x'.repeat(1.5 * 1024 * 1024) } } },
    });
    session.write(huge);
    const refused = await session.answer(7);
    expect(refused.error).toMatchObject({ code: -32600 });
    expect(refused.error.message).toContain('over 1048576 bytes');
    expect(session.errors.map((e) => e.message)).toEqual([expect.stringContaining('skipped a message of')]);
    const tags = await session.request('tools/call', { name: 'call_operation', arguments: { operationId: 'listTags' } });
    expect(JSON.parse(toolText(tags)).map((tag: { tag: string }) => tag.tag)).toEqual(['billing', 'vip']);
  });

  it('by default, 10 MiB: an 11 MiB message without a readable id gets an error with id null, then the next request its answer', async () => {
    const session = await open(await createTarget({}));
    session.write(`{"params":{"pad":"${'y'.repeat(11 * 1024 * 1024)}"},"jsonrpc":"2.0","id":9,"method":"tools/list"}`);
    expect((await session.answer(null)).error).toMatchObject({ code: -32600, message: expect.stringContaining('over 10485760 bytes') });
    const list = await session.request('tools/list');
    expect(list.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['list_operations', 'describe_operation', 'call_operation']);
  });

  it('reads the id of a request from its first members only', () => {
    expect(requestIdOf('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{')).toBe(7);
    expect(requestIdOf('{"jsonrpc":"2.0","method":"x","id":"a-1","params"')).toBe('a-1');
    expect(requestIdOf('{"params":{"id":3},"id":4')).toBeNull();
    expect(requestIdOf('not json')).toBeNull();
  });
});

describe('secrets never reach a tool result or error', () => {
  const BARE = 's3cr3t-opaque-session-value';
  const PASSWORD = 'correct horse battery staple';
  /** The password of the last sign-in the fake deployment received. */
  let password = '';
  /** A deployment that echoes the credentials it gets: in a 200 body, a 400 body and a 500 text. */
  const echoing: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const credential = request.headers.get('authorization') ?? '';
    const bare = credential.replace(/^JWT /, '');
    const { pathname } = new URL(request.url);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (pathname.endsWith('/auth/signin')) password = ((await request.json()) as { password: string }).password;
    if (pathname.endsWith('/auth/signin')) return json(200, { success: true, token: `JWT ${BARE}`, user: { _id: '65f1a2b3c4d5e6f708091001', email: 'a@b.test' } });
    if (pathname.endsWith('/tags'))
      return json(200, [{ _id: '65f1a2b3c4d5e6f708091101', tag: `seen ${bare}`, color: credential, attributes: { note: `password ${password}`, token: 'opaque-field-value', max_tokens: 512 } }]);
    if (pathname.includes('/tags/')) return json(400, { success: false, msg: `token ${bare} refused`, why: `${credential}` });
    return new Response(`Internal error for ${bare} (${encodeURIComponent(credential)}, ${encodeURIComponent(password)})`, { status: 500, headers: { 'content-type': 'text/plain' } });
  };
  const config: TargetConfig = { baseUrl: 'https://api.supportkb.test/v2', projectId: '65f1a2b3c4d5e6f708090a0b' };

  for (const [label, credentials] of [
    ['a token with its JWT prefix', { token: `JWT ${BARE}` }],
    ['a bare token', { token: BARE }],
    ['an email and password (the server signs in)', { email: 'a@b.test', password: PASSWORD }],
  ] as const) {
    it(`with ${label}: not in a 200 result, a 400 error or a 500 error, in either form`, async () => {
      password = '';
      const target = await createTarget({ ...config, ...credentials }, { fetch: echoing, maxRetries: 0 });
      const session = await open(target);
      const call = (operationId: string, params?: object) => session.request('tools/call', { name: 'call_operation', arguments: { operationId, ...(params ? { params } : {}) } });
      const ok = await call('listTags');
      const bad = await call('getTag', { id: '65f1a2b3c4d5e6f708091101' });
      const failed = await call('countRequests');
      expect(ok.result.isError).toBeUndefined();
      expect([bad.result.isError, failed.result.isError]).toEqual([true, true]);
      for (const answer of [ok, bad, failed]) {
        const text = toolText(answer);
        expect(text).not.toContain(BARE);
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain(encodeURIComponent(PASSWORD));
        expect(text).toContain(REDACTED);
      }
      const tag = JSON.parse(toolText(ok))[0];
      expect(tag.attributes).toEqual({ note: `password ${'password' in credentials ? REDACTED : ''}`, token: REDACTED, max_tokens: 512 }); // any token field; a count of tokens is no secret
    });
  }

  it('scrubs a configured secret in every form it takes, JSON secret fields and JWTs', () => {
    const scrub = createScrubber(() => ['JWT abc.def-ghi', 'p@ss w0rd!']);
    expect(scrub('a abc.def-ghi b JWT abc.def-ghi c JWT%20abc.def-ghi d p%40ss%20w0rd! e p@ss w0rd!')).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED} d ${REDACTED} e ${REDACTED}`);
    expect(scrub('{"jwtSecret":"x","refresh_token":"y","secret":"z","maxTokens":"4","tag":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"}')).toBe(
      `{"jwtSecret":"${REDACTED}","refresh_token":"${REDACTED}","secret":"${REDACTED}","maxTokens":"4","tag":"${REDACTED}"}`,
    );
  });
});
