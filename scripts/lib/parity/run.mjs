// @ts-nocheck -- BASELINE: 4 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Runs the parity scenario (./scenario.mjs) against one deployment and records every answer: status
// (0 when none came within the timeout), media type and body. The same `run` prefix against both
// deployments makes the two runs send byte-identical requests wherever no saved id differs.
import { SignJWT } from 'jose';
import { parityScenario } from './scenario.mjs';

/**
 * A deployment to run the scenario against.
 * @typedef {{ baseUrl: string, projectId: string, email: string, password: string, projectSecret: string }} Target
 */
/** Steps whose `wait` is at most this (ms) are calls the real server never answers; see runScenario. */
const UNANSWERED_WAIT_MS = 5_000;
/** How long such a call has, before the next step, to do on the server what it does (ms). */
const SETTLE_MS = 150;

/**
 * What one call got: status (0 when no answer came within the wait), media type, body, time.
 * @typedef {{ id: string, op: string, method: string, url: string, status: number, contentType: string | null, body: unknown, ms: number, error?: string, headers?: Record<string, string> }} CallRecord
 */

/** Signs a custom token (HS256) for `signInWithCustomToken`. */
async function customToken(claims, { secret, audience }) {
  let jwt = new SignJWT({ sub: 'userexternal', ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (audience) jwt = jwt.setAudience(audience);
  return jwt.sign(new TextEncoder().encode(secret));
}

const resolve = (value, v) => (typeof value === 'function' ? value(v) : value);

/**
 * Runs the scenario against one deployment.
 * @param {object} options
 * @param {import('../conformance/contract.mjs').IndexedContract} options.contract
 * @param {string} options.baseUrl API root without a trailing slash.
 * @param {string} options.projectId
 * @param {string} options.email an owner of the project.
 * @param {string} options.password
 * @param {string} options.projectSecret the project's JWT secret (custom tokens).
 * @param {string} options.run the run's prefix (the same for both deployments).
 * @param {number} [options.timeout] per call, ms (default 5000), unless the step sets its own `wait`.
 * @param {import('./scenario.mjs').Step[]} [options.steps]
 * @param {boolean} [options.recordHeaders] also record each answer's headers (`headers`, names in lower case).
 * @returns {Promise<CallRecord[]>} one record per step.
 */
export async function runScenario(options) {
  const { contract, baseUrl, projectId, email, password, projectSecret, run, timeout = 5_000, steps = parityScenario(), recordHeaders = false } = options;
  const audience = `https://tiledesk.com/projects/${projectId}`;
  const v = {
    run,
    projectId,
    email,
    password,
    agentEmail: `${run}-agent@example.org`,
    customAgent: await customToken({ _id: `${run}-agent`, role: 'agent', email: `${run}-agent@example.org`, firstname: 'Agent', lastname: 'Parity' }, { secret: projectSecret, audience }),
    customUser: await customToken({ _id: `${run}-user`, firstname: 'User', lastname: 'Parity' }, { secret: projectSecret, audience }),
    customNoAud: await customToken({ _id: `${run}-noaud` }, { secret: projectSecret }),
    customBadSignature: await customToken({ _id: `${run}-bad` }, { secret: `${projectSecret}-wrong`, audience }),
  };
  const basic = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
  /** @type {Array<CallRecord | Promise<CallRecord>>} */
  const records = [];
  for (const step of steps) {
    const { method, path } = contract.operation(step.op);
    const params = { project_id: projectId, ...Object.fromEntries(Object.entries(step.path ?? {}).map(([k, value]) => [k, resolve(value, v)])) };
    const filled = path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(params[name])));
    const url = new URL(baseUrl + filled);
    for (const [key, value] of Object.entries(step.query ?? {})) url.searchParams.set(key, String(resolve(value, v)));
    const as = resolve(step.as, v);
    const authorization = { owner: v.owner, basic, agent: v.agent, user: v.user, guest: v.guest, none: undefined }[as] ?? (['owner', 'agent', 'user', 'guest'].includes(as) ? undefined : as);
    const headers = { accept: 'application/json', ...(authorization ? { authorization } : {}) };
    let body;
    if (step.raw !== undefined) body = step.raw;
    else if (step.body !== undefined) body = JSON.stringify(resolve(step.body, v));
    if (body !== undefined) headers['content-type'] = step.contentType ?? 'application/json';
    const record = { id: step.id, op: step.op, method, url: `${url.pathname}${url.search}`, status: 0, contentType: null, body: undefined, ms: 0 };
    const started = performance.now();
    const call = (async () => {
      try {
        const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(step.wait ?? timeout) });
        const text = await response.text();
        record.status = response.status;
        record.contentType = response.headers.get('content-type');
        if (recordHeaders) record.headers = Object.fromEntries(response.headers);
        record.body = text;
        if (/json/i.test(record.contentType ?? '') && text !== '') {
          try {
            record.body = JSON.parse(text);
          } catch {
            record.body = text;
          }
        }
      } catch (error) {
        record.error = error?.name === 'TimeoutError' ? `no answer within ${step.wait ?? timeout} ms` : String(error?.cause?.code ?? error?.message ?? error);
      }
      record.ms = Math.round(performance.now() - started);
      return record;
    })();
    if (step.wait !== undefined && step.wait <= UNANSWERED_WAIT_MS && !step.save) {
      // A call the real server never answers (its route fails after the response was due): the
      // next step goes on once this one has been answered or has had SETTLE_MS to do whatever it
      // does on the server (its route fails within milliseconds), and its record is completed at
      // the end. One after the other, each such call cost its whole wait.
      await Promise.race([call, new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]);
      records.push(call);
      continue;
    }
    await call;
    if (step.save && record.status === 200) step.save(v, record.body, record.status);
    records.push(record);
  }
  return Promise.all(records);
}
