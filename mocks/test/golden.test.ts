import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHROMIUM, launchChromium, skipWithoutChromium } from '../../test/chromium';
import { firstExample } from '../../test/contract-helpers';
import { indexContract } from '../../scripts/lib/conformance/contract.mjs';
import { dereferencedContract } from '../../scripts/lib/contract-source.mjs';
import { projectTokenAudience } from '../src/auth/tokens';
import { roleRank } from '../src/auth/roles';
import { operationIds } from '../src/manifest';
import { setupNodeMock } from '../src/node';
import { loadScenario } from '../src/scenario/file';
import { RESET_PATH, startHttpMock } from '../src/server';
import { SEED } from '../src/state/seed';
import { servePage } from './fixtures/golden-browser';
import { runGolden, type GoldenAnswer, type GoldenCall, type GoldenPlan } from './fixtures/golden-run';

/**
 * The golden run: one scenario (fixtures/golden-scenario.json: the built-in seed extended, a frozen
 * clock, the default sequential ids, a few ordered answers) and one fixed sequence of calls that
 * covers every operation of the contract, each request built from the contract's own examples. The
 * sequence runs (a) in Node through setupNodeMock and fetch, (b) in headless Chromium through
 * setupBrowserMock and the service worker, with the page's fetch, (c) against the standalone server
 * (startHttpMock) over real HTTP; every answer must be the same on the three transports: status, the
 * headers (but those the transport adds, below) and the body, byte for byte.
 */

/** The contract the package ships, as the conformance run reads it. */
const contract = indexContract(dereferencedContract(fileURLToPath(new URL('../contract/openapi.yaml', import.meta.url))));
const scenarioFile = fileURLToPath(new URL('./fixtures/golden-scenario.json', import.meta.url));
const scenario = loadScenario(scenarioFile);

/**
 * Headers a transport adds or rewrites for its own framing, not the mock: `date`, `connection`,
 * `keep-alive`, `content-length` and `transfer-encoding` (node:http's framing of the standalone
 * server; the in-process transports have no connection, and the body's length is compared as bytes
 * anyway), and `access-control-allow-origin`, which the standalone server sends on every answer (as
 * the service's `cors()` does) because its callers are pages on other origins, while the in-process
 * transports answer inside the caller (Node's fetch, the page's own service worker) where CORS does
 * not apply. Every other header (content-type, www-authenticate, retry-after, x-hook-secret, allow,
 * location, a scenario's own headers, ...) must be the same.
 */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'access-control-allow-origin']);

/** A query parameter's example as `qs` reads it back: objects as `name[key]`, arrays repeated. */
function queryPairs(name: string, value: unknown): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => queryPairs(`${name}[${key}]`, item));
  return [[name, String(value)]];
}

/** The seeded members by role, lowest first. */
const members = Object.values(SEED.members).sort((a, b) => roleRank(a.role) - roleRank(b.role));

/**
 * The plan, from the contract: each operation once, its path parameters, query parameters and body
 * the contract's examples (the seed is the project of those examples, so the ids exist). Credentials:
 * none where the operation needs none (or accepts none: label reads); else the seeded member of the
 * lowest role the operation's `x-min-role` allows — the token a sign-in of the plan answered
 * (signIn's example signs in the agent, signInAnonymously's the guest), else Basic — and, for
 * signInWithCustomToken, a custom token signed with the project's secret.
 *
 * Order: the sign-ins (their tokens are the later calls' credentials), the reads, the creates
 * (POST), the updates (PUT, PATCH), the deletes; among the deletes, the team's last (deleting a
 * teammate revokes a caller's credentials) and a path's children before the path (`/labels/{lang}`
 * before `/labels`). Within a step, the contract's order. Then a few calls where the transports
 * could part: the scenario's own answers (a 429 with Retry-After and a header of its own, a reset, a
 * 404 body), a non-ASCII body, the plain-text 401 with WWW-Authenticate, malformed JSON, and a body
 * over the limit (the standalone server refuses it from Content-Length, the others by reading).
 */
async function buildPlan(): Promise<GoldenPlan> {
  const credentials: Record<string, string> = {};
  for (const member of members) credentials[member.role] = `Basic ${btoa(`${member.email}:${member.password}`)}`;
  const custom = await new SignJWT({ _id: 'golden-customer-1', firstname: 'Golden', lastname: 'Customer', email: 'golden.customer@example.org', sub: 'userexternal' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(projectTokenAudience(SEED.projectId))
    .setIssuedAt(Math.floor(Date.parse(scenario.clock!.start) / 1000))
    .sign(new TextEncoder().encode(SEED.projectSecret));
  credentials.custom = `JWT ${custom}`;

  // A role whose token a sign-in of the plan captures calls with that token (runGolden prefers a
  // captured token to `credentials`); the others with Basic.
  const captured = new Set<string>();
  const calls = contract.operations.map(({ operationId, method, path, operation }): GoldenCall => {
    const parameters: any[] = [...(contract.doc.paths[path].parameters ?? []), ...(operation.parameters ?? [])];
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const example = parameters.find((p) => p.in === 'path' && p.name === name)?.example;
      if (example === undefined) throw new Error(`${operationId}: no example for path parameter ${name}`);
      return encodeURIComponent(String(example));
    });
    const query = parameters.filter((p) => p.in === 'query' && p.example !== undefined).flatMap((p) => queryPairs(p.name, p.example));
    const body = operation.requestBody ? firstExample(operation.requestBody.content['application/json']) : undefined;
    const call: GoldenCall = { operationId, method, path: filled, query, ...(body !== undefined ? { body } : {}), auth: 'none' };
    const security: Record<string, unknown>[] | undefined = operation.security;
    if (operation.tags?.[0] === 'Authentication') {
      if (security?.length) call.auth = 'custom';
      const email = (body as { email?: string } | undefined)?.email;
      const role = email ? members.find((m) => m.email === email)?.role : !security?.length ? 'guest' : undefined;
      if (role && !captured.has(role)) {
        call.capture = role;
        captured.add(role);
      }
    } else if (!security?.some((requirement) => Object.keys(requirement).length === 0)) {
      const minimum = roleRank(operation['x-min-role'] ?? 'guest');
      call.auth = roleRank('guest') >= minimum ? 'guest' : members.find((m) => roleRank(m.role) >= minimum)!.role;
    }
    return call;
  });
  const step = (call: GoldenCall) => {
    const { operation } = contract.operation(call.operationId);
    if (operation.tags?.[0] === 'Authentication') return 0;
    return { GET: 1, POST: 2, PUT: 3, PATCH: 3, DELETE: 4 }[call.method]!;
  };
  const depth = (call: GoldenCall) => contract.operation(call.operationId).path.split('/').length;
  const team = (call: GoldenCall) => (contract.operation(call.operationId).operation.tags?.[0] === 'Team' ? 1 : 0);
  const ordered = calls
    .map((call, i) => ({ call, i }))
    .sort((a, b) => step(a.call) - step(b.call) || (step(a.call) === 4 ? team(a.call) - team(b.call) || depth(b.call) - depth(a.call) : 0) || a.i - b.i)
    .map(({ call }) => call);

  // The tail (above), as the admin: the plan's last call removed the agent.
  const P = SEED.projectId;
  const tail: GoldenCall[] = [
    { operationId: 'listSegments', method: 'GET', path: `/${P}/segments`, query: [], auth: 'admin' }, // its second call: 429 with Retry-After and X-Request-Id
    { operationId: 'getGroup', method: 'GET', path: `/${P}/groups/6a0000000000000000000099`, query: [], auth: 'admin' }, // a reset: no answer
    { operationId: 'getLead', method: 'GET', path: `/${P}/leads/6a0000000000000000000098`, query: [], auth: 'admin' }, // the scenario's 404 body
    { operationId: 'getTag', method: 'GET', path: `/${P}/tags/6a0000000000000000000041`, query: [], auth: 'admin' }, // the scenario's tag, UTF-8
    { operationId: 'listTags', method: 'GET', path: `/${P}/tags`, query: [], auth: 'none' }, // 401 text/plain with WWW-Authenticate
    { operationId: 'createTag', method: 'POST', path: `/${P}/tags`, query: [], auth: 'admin', rawBody: '{"tag": "unfinished' }, // malformed JSON: the global 500
    { operationId: 'createTag', method: 'POST', path: `/${P}/tags`, query: [], auth: 'admin', body: { tag: 'x'.repeat(600_000) } }, // over the body limit: 413
  ];
  return { calls: [...ordered, ...tail], credentials };
}

/** What must be equal between two transports' answers, and how they differ (empty: the same). */
function differences(label: string, expected: GoldenAnswer, actual: GoldenAnswer): string[] {
  const where = `#${expected.index} ${expected.operationId} ${expected.request}`;
  if (expected.error || actual.error)
    return expected.error === actual.error ? [] : [`${where}: node ${expected.error ?? `answered ${expected.status}`}, ${label} ${actual.error ?? `answered ${actual.status}`}`];
  const out: string[] = [];
  if (expected.status !== actual.status) out.push(`${where}: status ${expected.status} (node) ≠ ${actual.status} (${label})`);
  const kept = (headers: [string, string][] = []) => new Map(headers.filter(([name]) => !TRANSPORT_HEADERS.has(name)));
  const a = kept(expected.headers);
  const b = kept(actual.headers);
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(name) !== b.get(name)) out.push(`${where}: header ${name}: ${JSON.stringify(a.get(name) ?? null)} (node) ≠ ${JSON.stringify(b.get(name) ?? null)} (${label})`);
  }
  if (expected.bytes !== actual.bytes) {
    const x = expected.text ?? '';
    const y = actual.text ?? '';
    let at = 0;
    while (at < x.length && x[at] === y[at]) at++;
    const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
    out.push(`${where}: body differs at character ${at} (${x.length} vs ${y.length} characters${x === y ? ', same text, different bytes' : ''}): node …${around(x)}… ≠ ${label} …${around(y)}…`);
  }
  return out;
}

let plan: GoldenPlan;
let node: GoldenAnswer[];
/** What the Node run's mock warned (a request the contract forbids, or one production never answers). */
let warnings: string[];

beforeAll(async () => {
  plan = await buildPlan();
  const mock = setupNodeMock({ scenario: scenarioFile });
  mock.server.listen({ onUnhandledFrame: 'error' });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    node = await runGolden(plan, 'http://api.golden.test');
    warnings = warn.mock.calls.map((args) => args.join(' '));
  } finally {
    warn.mockRestore();
    mock.server.close();
  }
});

describe('the golden run (one scenario, every operation)', () => {
  it('calls each operation of the contract, with requests the contract accepts, answered as it declares', () => {
    const N = operationIds.length;
    const called = new Set(node.map((answer) => answer.operationId));
    expect(called.size).toBe(N);
    expect([...called].sort()).toEqual([...operationIds].sort());
    expect(node).toHaveLength(plan.calls.length);
    expect(warnings).toEqual([]);
    // The N calls of the contract's examples: valid requests, answers as the contract declares them.
    const examples = plan.calls.slice(0, N);
    expect(new Set(examples.map((call) => call.operationId)).size).toBe(N);
    const requestProblems = examples.flatMap((call) => contract.checkRequest(call.operationId, call.body).map((problem) => `${call.operationId}: ${problem}`));
    expect(requestProblems).toEqual([]);
    const answerProblems = node.slice(0, N).flatMap((answer) => {
      if (answer.error) return [`#${answer.index} ${answer.operationId} ${answer.request}: no answer`];
      const headers = new Headers(answer.headers);
      const contentType = headers.get('content-type');
      let body: unknown = answer.text;
      if (answer.text && /json/i.test(contentType ?? '')) body = JSON.parse(answer.text);
      return contract
        .checkResponse(answer.operationId, { status: answer.status!, contentType, headers, text: answer.text!, body })
        .map((problem) => `#${answer.index} ${answer.operationId} ${answer.request} → ${answer.status}: ${problem}`);
    });
    expect(answerProblems).toEqual([]);
    // The plan's order keeps the writes meaningful: every call of the N succeeds, but one: where the
    // contract's examples meet, setDefaultLabels' example made IT the default, which deleteLabels'
    // example (IT again) may not delete — the service's 400. (The agent closing the seeded
    // conversation is among its participants by then: the participants' operations' examples ran
    // before.) Error bodies for the comparison.
    expect(
      node
        .slice(0, N)
        .filter((answer) => answer.status !== 200)
        .map((answer) => `${answer.operationId} ${answer.request} → ${answer.status ?? answer.error} ${answer.text?.slice(0, 200)}`),
    ).toEqual([`deleteLabels DELETE /${SEED.projectId}/labels/IT → 400 {"success":false,"msg":"You can't delete the default language."}`]);
    // The tail: the scenario's answers, the 401, the malformed body, the body over the limit.
    const tail = node.slice(N);
    expect(tail.map((answer) => answer.status ?? answer.error)).toEqual([429, 'network error', 404, 200, 401, 500, 413]);
    expect(new Headers(tail[0]!.headers).get('retry-after')).toBe('2');
    expect(JSON.parse(tail[3]!.text!).tag).toBe('café ☕');
    expect(new Headers(tail[4]!.headers).get('www-authenticate')).toBe('Basic realm="Users"');
    expect([tail[5]!.text, tail[6]!.text]).toEqual(['{"err":"error"}', '{"err":"Request entity too large","limit":512000}']);
  });

  it('answers the same, byte for byte, from the standalone server over HTTP, and again after POST /__supportkb/reset', async () => {
    const server = await startHttpMock({ serviceOptions: { scenario, warnings: false } });
    let answers: GoldenAnswer[];
    let again: GoldenAnswer[];
    try {
      answers = await runGolden(plan, server.url);
      expect((await fetch(`${server.url}${RESET_PATH}`, { method: 'POST' })).status).toBe(204);
      again = await runGolden(plan, server.url);
    } finally {
      await server.stop();
    }
    expect(answers).toHaveLength(node.length);
    expect(node.flatMap((answer, i) => differences('server', answer, answers[i]!))).toEqual([]);
    // The reset brings back the scenario's start: its documents, the ids, the clock, the responses' counters.
    expect(node.flatMap((answer, i) => differences('server after reset', answer, again[i]!))).toEqual([]);
  });

  it('reports a difference as a line naming the call, its operationId and what differs', () => {
    const answer = node.find((a) => a.operationId === 'getTag' && a.status === 200)!;
    const changed: GoldenAnswer = { ...answer, status: 404, headers: [...answer.headers!, ['retry-after', '1']], bytes: btoa('{"tag":"other"}'), text: '{"tag":"other"}' };
    const lines = differences('browser', answer, changed);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(new RegExp(`^#${answer.index} getTag GET /`));
    expect(lines[0]).toContain('status 200 (node) ≠ 404 (browser)');
    expect(lines[1]).toContain('header retry-after: null (node) ≠ "1" (browser)');
    expect(lines[2]).toMatch(/body differs at character 2 /);
    // Transport headers are not compared; a network error against an answer is.
    expect(differences('server', answer, { ...answer, headers: [...answer.headers!, ['date', 'x'], ['connection', 'close']] })).toEqual([]);
    expect(differences('server', answer, { ...answer, status: undefined, headers: undefined, bytes: undefined, text: undefined, error: 'network error' })).toEqual([
      `#${answer.index} getTag ${answer.request}: node answered 200, server network error`,
    ]);
  });

  describe.skipIf(skipWithoutChromium)('in headless Chromium', () => {
    let page: Awaited<ReturnType<typeof servePage>> | undefined;
    afterAll(async () => {
      await page?.close();
    });

    it('answers the same, byte for byte, through setupBrowserMock({ scenario }) and the service worker; the page bundle has no Node built-in', async () => {
      expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
      page = await servePage('./golden-page.js');
      // The browser entry with scenarios bundles for the browser without the file-reading modules.
      expect(page.inputs.filter((input) => input.startsWith('node:') || /scenario\/(file|har-file)\.ts$/.test(input))).toEqual([]);
      // The page's failed answers (the 401, the 429, ...) are console errors of Chromium's: expected.
      const chromium = await launchChromium({ allowConsoleError: (url) => url.startsWith(`${page!.origin}/${SEED.projectId}/`) || url.endsWith('/favicon.ico') });
      let answers: GoldenAnswer[];
      try {
        await chromium.page.goto(`${page.origin}/`);
        await chromium.page.waitForFunction(() => document.title === 'ready');
        expect(await chromium.page.evaluate(() => (window as any).__ready)).toEqual({ scenario: true, controlled: true });
        answers = await chromium.page.evaluate((p) => (window as any).__golden(p), plan);
        expect(chromium.problems).toEqual([]);
      } finally {
        await chromium.close();
      }
      expect(answers).toHaveLength(node.length);
      expect(node.flatMap((answer, i) => differences('browser', answer, answers[i]!))).toEqual([]);
    });
  });
});
