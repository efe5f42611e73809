import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry, Har } from 'har-format';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harToScenario, harToSeed, loadHar, loadHarSeed, loadScenario, ScenarioError, validateScenario, type Scenario } from '../src/node';
import { scenarioHandlers } from '../src/scenario/responses';
import { FileTooLargeError, readFileBounded } from '../src/scenario/read-file';
import { startHttpMock } from '../src/server';
import { SEED } from '../src/state/seed';
import { mocksDir } from './support/bin';
import { COMMAND_TIMEOUT_MS } from '../../test/time-limits';

/**
 * Issue 31 (items 13-19): what a scenario file or a recording can hold is checked at load, with one
 * error naming the file and the JSON path (or the entry), instead of answers that fail later.
 */
const P = SEED.projectId;
const API = 'http://api.hardening.test';

/** The first violation of `input` as `path: message`, or `valid`. */
function firstIssue(input: unknown): string {
  try {
    validateScenario(input);
    return 'valid';
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return `${(error as ScenarioError).path}: ${(error as ScenarioError).violation}`;
  }
}

/** A recorded exchange of `GET /<project>/tags`, answered `status` with `[]`. */
function tagsEntry(status: number, headers: { name: string; value: string }[] = []): Entry {
  return {
    startedDateTime: '2027-03-01T09:00:00.000Z',
    time: 1,
    request: { method: 'GET', url: `https://api.example.test/v2/${P}/tags`, httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0 },
    response: { status, statusText: '', httpVersion: 'HTTP/1.1', cookies: [], headers, content: { size: 2, mimeType: 'application/json', text: '[]' }, redirectURL: '', headersSize: -1, bodySize: 2 },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}
const harOf = (...entries: Entry[]): Har => ({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });

describe('scenario values checked at load', () => {
  it('refuses latency and delay above 2^31 - 1 ms (13)', () => {
    expect(firstIssue({ latency: 2 ** 31 })).toMatch(/^latency: Too long: at most 2147483647 ms/);
    expect(firstIssue({ latency: { listTags: { min: 0, max: 2 ** 31 } } })).toMatch(/^latency\.listTags\.max: Too long/);
    expect(firstIssue({ responses: { listTags: [{ delay: 1e12 }] } })).toMatch(/^responses\.listTags\[0\]\.delay: Too long/);
    expect(firstIssue({ latency: 2 ** 31 - 1, responses: { listTags: [{ delay: 2 ** 31 - 1 }] } })).toBe('valid');
  });

  it('refuses statuses outside 200-599 (14)', () => {
    expect(firstIssue({ responses: { listTags: [{ status: 101 }] } })).toMatch(/^responses\.listTags\[0\]\.status: Not a status the mock can answer: 200-599/);
    expect(firstIssue({ responses: { listTags: [{ status: 103 }] } })).toMatch(/^responses\.listTags\[0\]\.status: Not a status/);
    expect(firstIssue({ responses: { listTags: [{ status: 200 }, { status: 599 }] } })).toBe('valid');
  });

  it('refuses a header name that is no token and a value with CR/LF, naming the path (15)', () => {
    expect(firstIssue({ responses: { listTags: [{ headers: { 'x-ok': 'a\r\nset-cookie: x=1' } }] } })).toMatch(/^responses\.listTags\[0\]\.headers\.x-ok: Not a header value/);
    expect(firstIssue({ responses: { listTags: [{ headers: { 'bad name': '1' } }] } })).toMatch(/^responses\.listTags\[0\]\.headers(\.bad name)?: (Not a header name|Invalid key)/);
    expect(firstIssue({ responses: { listTags: [{ headers: { 'x-fine': 'tab\tand latin-1 é' } }] } })).toBe('valid');
  });

  it('refuses a seeded value nested deeper than 128 levels with its JSON path, without exhausting the stack (17)', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const issue = firstIssue({ seed: { leads: [{ fullname: 'Deep', attributes: deep }] } });
    expect(issue).toMatch(/^seed\.leads\[0\]\.attributes\.a\.a…\(128 levels\): Nested deeper than 128 levels/);
    let fine: unknown = 'bottom';
    for (let i = 0; i < 50; i++) fine = { a: fine };
    expect(firstIssue({ seed: { leads: [{ fullname: 'Fine', attributes: fine }] } })).toBe('valid');
  });
});

describe('scenario answers', () => {
  it("never sends a scenario's hop-by-hop or length headers: fetch reads the answer of the standalone server (16)", async () => {
    const scenario: Scenario = { responses: { listTags: [{ status: 200, body: [], headers: { 'Transfer-Encoding': 'chunked', 'content-length': '999', connection: 'close', 'x-kept': 'yes' } }] } };
    const mock = await startHttpMock({ port: 0, serviceOptions: { scenario, warnings: false } });
    try {
      const res = await fetch(`${mock.url}/${P}/tags`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-kept')).toBe('yes');
      expect(res.headers.get('transfer-encoding')).toBeNull();
      expect(await res.json()).toEqual([]);
    } finally {
      await mock.stop();
    }
  });

  it('answers 500 {err: "error"} without a stack when an unvalidated entry cannot be sent (15)', async () => {
    const { handlers } = scenarioHandlers({ responses: { listTags: [{ status: 200, headers: { 'x-bad': 'a\r\nb' } }] } }, API);
    const server = setupServer(...handlers);
    server.listen({ onUnhandledFrame: 'error' });
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (line: string) => void warnings.push(line);
    try {
      const res = await fetch(`${API}/${P}/tags`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ err: 'error' });
      expect(text).not.toMatch(/stack|\/src\/|node_modules/);
      expect(warnings).toEqual(['[@supportkb/mocks] a scenario response of listTags could not be sent (TypeError): answered 500 {"err":"error"}']);
    } finally {
      console.warn = warn;
      server.close();
    }
  });
});

describe('recordings checked at load (14, 15, 19)', () => {
  it('skips aborted entries (status 0) and names the entry of every error', () => {
    const skipped: string[] = [];
    const replay = harToScenario(harOf(tagsEntry(200), tagsEntry(0), tagsEntry(201)), { skipped: (_entry, reason) => skipped.push(reason) });
    expect(replay.responses?.listTags?.map((r) => r.status)).toEqual([200, 201]);
    expect(skipped).toEqual(['no answer was recorded (status 0: aborted or pending)']);
    expect(() => harToScenario(harOf(tagsEntry(200), tagsEntry(101)))).toThrow(/^log\.entries\[1\]: response\.status 101 cannot be replayed: the mock answers 200-599$/);
    expect(() => harToScenario(harOf(tagsEntry(200, [{ name: 'x-bad', value: 'a\r\nb' }])))).toThrow(/^log\.entries\[0\]: response\.headers\[0\] \(x-bad\): not a header value/);
    expect(() => harToScenario(harOf(tagsEntry(200, [{ name: 'bad name', value: 'b' }])))).toThrow(/^log\.entries\[0\]: response\.headers\[0\]\.name "bad name" is not a header name/);
    const badUrl = tagsEntry(200);
    badUrl.request.url = '/relative';
    expect(() => harToScenario(harOf(tagsEntry(200), badUrl))).toThrow(/^log\.entries\[1\]: request\.url "\/relative" is not an absolute URL$/);
    expect(() => harToSeed(harOf(tagsEntry(200), badUrl))).toThrow(/^log\.entries\[1\]: request\.url "\/relative" is not an absolute URL$/);
    // Transfer-Encoding in a recording is dropped as before.
    expect(harToScenario(harOf(tagsEntry(200, [{ name: 'Transfer-Encoding', value: 'chunked' }]))).responses?.listTags?.[0]?.headers).toBeUndefined();
  });
});

describe('file sizes (18)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'supportkb-hardening-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads at most the limit: a larger file and an endless device are refused, naming the limit and how to raise it', () => {
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify({ seed: { tags: [{ tag: 'x'.repeat(2048) }] } }));
    expect(() => readFileBounded(file, 1024)).toThrow(FileTooLargeError);
    expect(() => readFileBounded('/dev/zero', 64 * 1024)).toThrow('larger than the limit of 64 KiB (raise it with --max-file-size SIZE, or the maxFileBytes option)');
    expect(() => loadScenario(file, { maxFileBytes: 1024 })).toThrow(/^big\.json: Cannot read .*big\.json: the scenario file is larger than the limit of 1 KiB/);
    expect(loadScenario(file).seed?.tags).toHaveLength(1);
    expect(() => loadScenario('/dev/zero', { maxFileBytes: 1024 * 1024 })).toThrow(/larger than the limit of 1 MiB/);
    expect(() => loadHar('/dev/zero', { maxFileBytes: 1024 })).toThrow(/^Cannot load the recording \/dev\/zero: the file is larger than the limit of 1 KiB/);
    expect(() => loadHarSeed('/dev/zero', { maxFileBytes: 1024 })).toThrow(/^Cannot load the recording \/dev\/zero: the file is larger than the limit of 1 KiB/);
  });

  it('supportkb-mock refuses each in one line with exit 2, naming the file (and the entry) (13, 17, 18, 19)', () => {
    const write = (name: string, value: unknown) => {
      const path = join(dir, name);
      writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
      return path;
    };
    const run = (...args: string[]) => spawnSync(process.execPath, [`${mocksDir}bin/mock.mjs`, '--port', '0', ...args], { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS });
    const cases: [string[], RegExp][] = [
      [['--scenario', write('slow.json', { latency: 2 ** 31 })], /^supportkb-mock: slow\.json: latency: Too long: at most 2147483647 ms \(2\^31 - 1, the longest timer\)\n$/],
      [
        ['--scenario', write('deep.json', `{"seed":{"leads":[{"fullname":"D","attributes":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}]}}`)],
        /^supportkb-mock: deep\.json: seed\.leads\[0\]\.attributes\.a\.a…\(128 levels\): Nested deeper than 128 levels/,
      ],
      [
        ['--scenario', '/dev/zero', '--max-file-size', '1MiB'],
        /^supportkb-mock: zero: Cannot read \/dev\/zero: the scenario file is larger than the limit of 1 MiB \(raise it with --max-file-size SIZE, or the maxFileBytes option\)\n$/,
      ],
      [['--from-har', '/dev/zero'], /^supportkb-mock: Cannot load the recording \/dev\/zero: the file is larger than the limit of 128 MiB/],
      [
        ['--from-har', write('early.har', harOf(tagsEntry(200), tagsEntry(103)))],
        /^supportkb-mock: .*early\.har: log\.entries\[1\]: response\.status 103 cannot be replayed: the mock answers 200-599\n$/,
      ],
      [['--max-file-size', '12XB'], /^supportkb-mock: invalid --max-file-size "12XB"/],
    ];
    for (const [args, line] of cases) {
      const result = run(...args);
      expect([result.status, result.stderr], args.join(' ')).toEqual([2, expect.stringMatching(line)]);
      expect(result.stderr.split('\n')).toHaveLength(2);
    }
  });
});
