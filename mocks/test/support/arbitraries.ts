/**
 * fast-check arbitraries of requests to the operations: random path parameters, query, bodies and
 * `Authorization` headers, shaped by the manifest (the operation's path, query parameters and body
 * fields), and the Fetch request of one.
 */
import fc from 'fast-check';
import type { OperationMeta } from '../../src/manifest';
import { SEED } from '../../src/state/seed';

const P = SEED.projectId;

export const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);
const seededIds = [
  ...Object.values(SEED.contents),
  ...Object.values(SEED.groups),
  ...Object.values(SEED.segments),
  ...Object.values(SEED.tags),
  ...Object.values(SEED.leads),
  SEED.secondKnowledgeBaseId,
  SEED.members.agent.teammateId,
  SEED.members.agent.userId,
  SEED.guest.uuid,
  SEED.conversation.requestId,
  'IT',
  'EN',
  'default',
];
export const weirdText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '..', '%', '{}', 'null', 'undefined', '__proto__', 'constructor', '-1', '1e309', 'NaN', '[]', 'a'.repeat(300)),
);
// '.' and '..' are not ids a client can send: URLs normalise them away.
const segment = (s: string) => s.length > 0 && s !== '.' && s !== '..';
const idArb = fc.oneof(fc.constantFrom(...seededIds), hex24, weirdText.filter(segment));
export const projectArb = fc.oneof({ weight: 5, arbitrary: fc.constant(P) }, { weight: 1, arbitrary: hex24 }, { weight: 1, arbitrary: weirdText.filter(segment) });
export const authArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('owner', 'admin', 'agent', 'guest').map((role) => `@${role}`),
  weirdText,
  fc.constantFrom('Bearer abc', 'JWT ', 'JWT x.y.z', 'jwt eyJhbGciOiJIUzI1NiJ9.e30.sig', 'Basic !!!', `Basic ${btoa('a:b')}`, `Basic ${btoa(`${SEED.members.agent.email}:wrong`)}`, 'justonetoken'),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** Request bodies: objects of the operation's body fields (from the manifest) with any values, any JSON, odd text, or none. */
export function bodyArb(meta: OperationMeta): fc.Arbitrary<string | undefined> {
  const keys = meta.bodyFields ?? [];
  const shaped = keys.length
    ? fc.dictionary(fc.constantFrom(...keys, 'extra'), fc.oneof(jsonValue, fc.constantFrom(P, 'text', 'url', 'all', 'agent', true, -1, [], {}))).map((o) => JSON.stringify(o))
    : jsonValue.map((v) => JSON.stringify(v));
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: weirdText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Query parameters: the operation's own (from the manifest) and strangers, with odd values. */
export function queryArb(meta: OperationMeta): fc.Arbitrary<[string, string][]> {
  const names = [...meta.queryParams, 'page', 'x'];
  const value = fc.oneof(weirdText, fc.integer({ min: -5, max: 500 }).map(String), fc.constantFrom('true', 'false', '-1', '1', '300', '100', '1000', P, 'createdAt'));
  return fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 });
}

/** One random request of an operation. */
export interface Input {
  params: Record<string, string>;
  query: [string, string][];
  body: string | undefined;
  auth: string | undefined;
}

/** Random requests of an operation: path parameters, query, body and `Authorization`. */
export function inputArb(meta: OperationMeta, project = projectArb, auth = authArb): fc.Arbitrary<Input> {
  const names = [...meta.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, name === 'project_id' ? project : idArb])) as Record<string, fc.Arbitrary<string>>);
  return fc.record({ params, query: queryArb(meta), body: bodyArb(meta), auth });
}

/**
 * The Fetch request of a random input; an `Authorization` of `@<role>` is the role's token from `tokens`.
 */
export function toRequest(meta: OperationMeta, input: Input, tokens: Readonly<Record<string, string>>): Request {
  const path = meta.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(input.params[name]!));
  const url = new URL(`http://api.supportkb.test${path}`);
  for (const [k, v] of input.query) url.searchParams.append(k, v);
  const headers = new Headers();
  if (input.auth !== undefined) {
    const value = input.auth.startsWith('@') ? tokens[input.auth.slice(1)]! : input.auth;
    try {
      headers.set('Authorization', value);
    } catch {
      // Not a valid header value: send none.
    }
  }
  const hasBody = meta.method !== 'GET' && meta.method !== 'DELETE' && input.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');
  return new Request(url, { method: meta.method, headers, body: hasBody ? input.body : undefined });
}
