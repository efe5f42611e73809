/**
 * Replaying a recording: an HTTP Archive (HAR 1.2, as `supportkb-record` writes it) turned into a
 * scenario's `responses`, so the recorded exchanges are served by the scenario mechanism — in
 * order, once each, for requests with the same operation, path parameters and query — and every
 * other request (or one past the recorded ones) falls through to the stateful mock.
 */
import type { Entry, Har } from 'har-format';
import type { OperationId } from '@supportkb/sdk';
import { matchRequestUrl } from 'msw';
import { operationIds, operationMeta, type OperationMeta } from '../manifest';
import { jsonDepth, MAX_BODY_DEPTH } from '../http/body';
import { joinPath, routeOrder } from '../service/routes';
import { HEADER_NAME, HEADER_VALUE, type Scenario, type ScenarioResponse } from './format';
import { CONNECTION_HEADERS } from './responses';

/** Options of {@link harToScenario}. */
export interface HarToScenarioOptions {
  /** Called for each entry that is not replayed (no operation of the contract, or a body that is not JSON), with the reason. */
  skipped?: (entry: Entry, reason: string) => void;
}

/** Response headers not replayed: per connection, recomputed by whoever sends the body, or per session. */
const DROPPED_HEADERS = new Set([...CONNECTION_HEADERS, 'date', 'set-cookie']);
/** The value `supportkb-record` writes in place of a secret. */
const REDACTED = 'REDACTED';

/** The operations in the order the mock's MSW handlers try them (a literal segment before a parameter). */
let ordered: OperationMeta[] | undefined;

/**
 * The operation of a recorded request, with its path parameters: the one the mock itself routes the
 * request to (MSW's `matchRequestUrl` on each operation's path under any base path, `*`, in the
 * handlers' order), so the deployment's base path (`/v2`) may prefix the recorded URL.
 */
export function operationOfUrl(method: string, url: string): { operationId: OperationId; params: Record<string, string> } | undefined {
  const target = new URL(url);
  for (const meta of (ordered ??= operationIds.map(operationMeta).sort(routeOrder))) {
    if (meta.method.toUpperCase() !== method.toUpperCase()) continue;
    const match = matchRequestUrl(target, joinPath('*', meta.mswPath));
    // The path's own parameters (the `*` of the base path comes back as parameter `0`).
    if (match.matches)
      return { operationId: meta.operationId, params: Object.fromEntries(meta.pathParams.filter((name) => match.params?.[name] !== undefined).map((name) => [name, String(match.params![name])])) };
  }
  return undefined;
}

/** The recorded body as a scenario body: JSON parsed, an empty body left out; `null` when it cannot be replayed. */
export function bodyOf(entry: Entry): { body?: unknown } | null {
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
 * `skipped`): exchanges without an answer (status 0: a browser's aborted entry, `supportkb-record`'s
 * pending one), requests no operation of the contract matches, and bodies that are not JSON.
 *
 * @param har the parsed HAR file (`JSON.parse(readFileSync('session.har', 'utf8'))`).
 * @returns a scenario with only `responses` (the built-in seed; merge your own `seed` in).
 * @throws {TypeError} when `har` has no `log.entries` array, or an entry cannot be replayed: no
 *   request URL, a status outside 200-599 (but 0), a bad header, a body nested deeper than 100
 *   levels (the message starts with `log.entries[<index>]: `).
 * @example setupNodeMock({ scenario: harToScenario(JSON.parse(readFileSync('session.har', 'utf8'))) })
 */
export function harToScenario(har: Har, options: HarToScenarioOptions = {}): Scenario {
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new TypeError('harToScenario: not an HTTP Archive (no log.entries array)');
  const responses: Record<string, ScenarioResponse[]> = {};
  (entries as Entry[]).forEach((entry, index) => {
    try {
      const built = replayOf(entry, options);
      if (built) (responses[built.operationId] ??= []).push(built.response);
    } catch (error) {
      throw new TypeError(`log.entries[${index}]: ${(error as Error).message}`);
    }
  });
  return { responses };
}

/** One entry as a scenario response of its operation; `undefined` when skipped. @throws {Error} when it cannot be replayed. */
function replayOf(entry: Entry, options: HarToScenarioOptions): { operationId: OperationId; response: ScenarioResponse } | undefined {
  if (entry === null || typeof entry !== 'object' || typeof entry.request?.url !== 'string' || typeof entry.request.method !== 'string' || typeof entry.response?.status !== 'number') {
    throw new Error('not a HAR entry (request.method, request.url and response.status are required)');
  }
  let url: URL;
  try {
    url = new URL(entry.request.url);
  } catch {
    throw new Error(`request.url ${JSON.stringify(entry.request.url.slice(0, 200))} is not an absolute URL`);
  }
  const { status } = entry.response;
  // A browser's export writes an exchange that never got an answer (aborted, blocked, pending) with status 0.
  if (status === 0) {
    options.skipped?.(entry, 'no answer was recorded (status 0: aborted or pending)');
    return undefined;
  }
  const found = operationOfUrl(entry.request.method, entry.request.url);
  if (!found) {
    options.skipped?.(entry, `no operation of the contract is ${entry.request.method} ${url.pathname}`);
    return undefined;
  }
  const match: NonNullable<ScenarioResponse['match']> = {};
  if (Object.keys(found.params).length) match.path = found.params;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (value !== REDACTED && !(name in query)) query[name] = value;
  if (Object.keys(query).length) match.query = query;
  const response: ScenarioResponse = { ...(match.path || match.query ? { match } : {}), times: 1 };
  if (status === 502 && entry.comment?.startsWith('no answer from the target')) {
    response.fault = 'reset';
    return { operationId: found.operationId, response };
  }
  if (!Number.isInteger(status) || status < 200 || status > 599) throw new Error(`response.status ${status} cannot be replayed: the mock answers 200-599`);
  const text = entry.response.content?.text;
  if (typeof text === 'string' && jsonDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) throw new Error(`response.content.text is nested deeper than ${MAX_BODY_DEPTH} levels`);
  const body = bodyOf(entry);
  if (!body) {
    options.skipped?.(entry, `the ${entry.response.content.mimeType || 'recorded'} body is not JSON`);
    return undefined;
  }
  response.status = status;
  if ('body' in body) response.body = body.body as ScenarioResponse['body'];
  const headers: Record<string, string> = {};
  (entry.response.headers ?? []).forEach(({ name, value }, i) => {
    const key = String(name).toLowerCase();
    if (DROPPED_HEADERS.has(key)) return;
    if (!HEADER_NAME.test(key)) throw new Error(`response.headers[${i}].name ${JSON.stringify(String(name).slice(0, 100))} is not a header name (RFC 9110 token characters only)`);
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) throw new Error(`response.headers[${i}] (${key}): not a header value (no CR, LF or other control characters, nothing past U+00FF)`);
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  });
  if (Object.keys(headers).length) response.headers = headers;
  return { operationId: found.operationId, response };
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
