// @ts-nocheck -- BASELINE: 3 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The round trip every runtime of the matrix runs with the built SDK (plain ES2022 and web APIs
// only: it runs as is on Node, Bun and Deno, and bundled in workerd and the browsers).

/** The stateful mock's seeded project and admin (see mocks/README.md). */
export const PROJECT_ID = '65f1a2b3c4d5e6f708090a0b';
export const ADMIN = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };
/** A well-formed id no tag has. */
export const UNKNOWN_TAG_ID = '65f1a2b3c4d5e6f7080911ff';

/**
 * The name of the tag runtime `id` creates (one per runtime, so the shared mock tells them apart).
 * @param {string} id
 * @returns {string}
 */
export function tagNameOf(id) {
  return `runtime-${id}`;
}

function check(condition, what) {
  if (!condition) throw new Error(`round trip: ${what}`);
}

async function allTags(sk) {
  const tags = [];
  for await (const tag of sk.tags.list()) tags.push(tag);
  return tags;
}

/**
 * Signs in as the seeded admin, lists the tags (every page), creates the runtime's tag, lists again
 * and expects it, then gets an unknown tag and expects a typed `NotFoundError`.
 *
 * @param {typeof import('@supportkb/sdk')} sdk the `@supportkb/sdk` module as loaded by the runtime (its classes are the ones checked).
 * @param {{ baseUrl: string, id: string }} options the API root and the runtime's id (names its tag).
 * @returns {Promise<{ user: string, before: number, created: { id: string, tag: string }, after: number, notFound: { name: string, status: number, message: string } }>}
 *   what was seen (`before`, `after`: the tags listed, all pages).
 * @throws Error `round trip: <what>` on the first step that is not as expected.
 */
export async function roundTrip(sdk, { baseUrl, id }) {
  const { createClient, NotFoundError, APIError, SupportKbError } = sdk;
  const sk = createClient({ baseUrl, projectId: PROJECT_ID, maxRetries: 0, timeout: 15_000 });

  const signedIn = await sk.auth.signIn(ADMIN);
  check(signedIn.user?.email === ADMIN.email, `signed in as ${signedIn.user?.email}`);
  check(sk.authKind === 'jwt' && /^JWT /.test(signedIn.token), 'the client keeps the JWT');

  const before = await allTags(sk);
  check(before.length >= 2, `listed ${before.length} tags, expected the seeded ones`);
  const name = tagNameOf(id);
  check(!before.some((tag) => tag.tag === name), `${name} exists before it is created`);

  const created = await sk.tags.create({ tag: name, color: '#43a047' });
  check(created.tag === name && /^[0-9a-f]{24}$/.test(created._id), `created ${JSON.stringify(created)}`);
  const after = await allTags(sk);
  check(after.length === before.length + 1 && after.some((tag) => tag._id === created._id), `${name} missing from the list after create`);

  const outcome = await sk.tags.get({ id: UNKNOWN_TAG_ID }).then(
    (found) => ({ found }),
    (error) => ({ error }),
  );
  check(!('found' in outcome), `the unknown tag was found: ${JSON.stringify(outcome.found)}`);
  const { error } = outcome;
  check(error instanceof NotFoundError, `the unknown tag gave ${error?.name ?? error}, not NotFoundError`);
  check(error instanceof APIError && error instanceof SupportKbError && error instanceof Error, 'NotFoundError extends APIError, SupportKbError, Error');
  check(error.status === 404 && error.name === 'NotFoundError', `status ${error.status}, name ${error.name}`);

  return {
    user: signedIn.user.email,
    before: before.length,
    created: { id: created._id, tag: created.tag },
    after: after.length,
    notFound: { name: error.name, status: error.status, message: error.message },
  };
}
