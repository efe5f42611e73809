/**
 * Replaying a recording: an HTTP Archive (HAR 1.2, as `supportkb-record` writes it) turned into a
 * scenario's `responses`, so the recorded exchanges are served by the scenario mechanism — in
 * order, once each, for requests with the same operation, path parameters and query — and every
 * other request (or one past the recorded ones) falls through to the stateful mock.
 */
import type { Entry, Har } from 'har-format';
import type { OperationId } from '@supportkb/sdk';
import { apiOperations } from '@supportkb/sdk/manifest';
import type { Scenario, ScenarioResponse } from './format';

/** Options of {@link harToScenario}. */
export interface HarToScenarioOptions {
  /** Called for each entry that is not replayed (no operation of the contract, or a body that is not JSON), with the reason. */
  skipped?: (entry: Entry, reason: string) => void;
}

/** Response headers not replayed: per connection, recomputed by whoever sends the body, or per session. */
const DROPPED_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length', 'content-encoding', 'date', 'set-cookie']);
/** The value `supportkb-record` writes in place of a secret. */
const REDACTED = 'REDACTED';

interface Route {
  readonly id: OperationId;
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Literal segments: more of them is a more concrete path (OpenAPI matches those first). */
  readonly literals: number;
}

let routes: Route[] | undefined;
function allRoutes(): Route[] {
  return (routes ??= (Object.entries(apiOperations) as [OperationId, { method: string; path: string }][]).map(([id, { method, path }]) => {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => segment.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`).replace(/\\\{([^}\\]+)\\\}/g, (_m, name: string) => (names.push(name), '([^/]+)')))
      .join('/');
    // Any prefix: the deployment's base path (`/v2`) is part of the recorded URL.
    return { id, method: method.toUpperCase(), pattern: new RegExp(`^(.*?)${source}/?$`), names, literals: path.split('/').filter((s) => s && !s.startsWith('{')).length };
  }));
}

/**
 * The operation of a recorded request, with its path parameters: the shortest base path first,
 * then the most concrete template.
 */
export function operationOfUrl(method: string, url: string): { operationId: OperationId; params: Record<string, string> } | undefined {
  const { pathname } = new URL(url);
  let best: { route: Route; prefix: number; params: Record<string, string> } | undefined;
  for (const route of allRoutes()) {
    if (route.method !== method.toUpperCase()) continue;
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    const prefix = m[1]!.length;
    if (best && (prefix > best.prefix || (prefix === best.prefix && route.literals <= best.route.literals))) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 2]!)));
    best = { route, prefix, params };
  }
  return best && { operationId: best.route.id, params: best.params };
}

/** The recorded body as a scenario body: JSON parsed, an empty body left out; `null` when it cannot be replayed. */
function bodyOf(entry: Entry): { body?: unknown } | null {
  const { content } = entry.response;
  const text = content.text ?? '';
  if (content.encoding === 'base64') return null;
  if (text === '') return entry.response.bodySize > 0 || content.size > 0 ? null : {};
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/**
 * Turns a recording into a scenario whose `responses` replay it: per operation, one entry per
 * recorded exchange in the order recorded (`times: 1`, matched on the path parameters and the
 * query parameters — a `REDACTED` query value matches any), answering the recorded status, JSON
 * body (`REDACTED` values as recorded) and headers (not `Content-Length`, `Date`, `Set-Cookie` nor
 * the per-connection ones). An exchange the target never answered (`supportkb-record`'s 502 with
 * "no answer from the target") is replayed as a connection reset. Not replayed (reported to
 * `skipped`): requests no operation of the contract matches, and bodies that are not JSON.
 *
 * @param har the parsed HAR file (`JSON.parse(readFileSync('session.har', 'utf8'))`).
 * @returns a scenario with only `responses` (the built-in seed; merge your own `seed` in).
 * @throws {TypeError} when `har` has no `log.entries` array.
 * @example setupNodeMock({ scenario: harToScenario(JSON.parse(readFileSync('session.har', 'utf8'))) })
 */
export function harToScenario(har: Har, options: HarToScenarioOptions = {}): Scenario {
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new TypeError('harToScenario: not an HTTP Archive (no log.entries array)');
  const responses: Record<string, ScenarioResponse[]> = {};
  for (const entry of entries as Entry[]) {
    const found = operationOfUrl(entry.request.method, entry.request.url);
    if (!found) {
      options.skipped?.(entry, `no operation of the contract is ${entry.request.method} ${new URL(entry.request.url).pathname}`);
      continue;
    }
    const match: NonNullable<ScenarioResponse['match']> = {};
    if (Object.keys(found.params).length) match.path = found.params;
    const query: Record<string, string> = {};
    for (const [name, value] of new URL(entry.request.url).searchParams) if (value !== REDACTED && !(name in query)) query[name] = value;
    if (Object.keys(query).length) match.query = query;
    const response: ScenarioResponse = { ...(match.path || match.query ? { match } : {}), times: 1 };
    if (entry.response.status === 502 && entry.comment?.startsWith('no answer from the target')) {
      response.fault = 'reset';
    } else {
      const body = bodyOf(entry);
      if (!body) {
        options.skipped?.(entry, `the ${entry.response.content.mimeType || 'recorded'} body is not JSON`);
        continue;
      }
      response.status = entry.response.status;
      if ('body' in body) response.body = body.body as ScenarioResponse['body'];
      const headers: Record<string, string> = {};
      for (const { name, value } of entry.response.headers) {
        const key = name.toLowerCase();
        if (DROPPED_HEADERS.has(key)) continue;
        headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
      }
      if (Object.keys(headers).length) response.headers = headers;
    }
    (responses[found.operationId] ??= []).push(response);
  }
  return { responses };
}

/**
 * A scenario with the replay of a recording first: the recording's entries before the scenario's
 * own for each operation; seed, latency and clock the scenario's.
 */
export function withReplay(scenario: Scenario | undefined, replay: Scenario): Scenario {
  if (!scenario) return replay;
  const responses: Record<string, ScenarioResponse[]> = { ...(scenario.responses as Record<string, ScenarioResponse[]> | undefined) };
  for (const [id, entries] of Object.entries(replay.responses ?? {}) as [string, ScenarioResponse[]][]) responses[id] = [...entries, ...(responses[id] ?? [])];
  return { ...scenario, responses };
}
