#!/usr/bin/env node
// `npm run schemathesis -- --base-url URL --project ID (--email E --password P | --token T) [options]`
//
// Property-based testing of a deployment (the real server, the stateful mock, any other) against the
// contract with Schemathesis (the pinned version of requirements.in, installed on demand by
// ./install.mjs into build/schemathesis/venv). It bundles the contract, signs in, fixes the path
// parameters that must name this deployment's own things (`project_id`; `project_user_id`: a guest
// teammate the run makes, so updateTeammate and deleteTeammate never demote or disable the caller),
// runs `schemathesis run` (examples, coverage, fuzzing and stateful phases; the stateful phase
// follows the contract's `links`) with a seed, a bound on examples per operation and phase, a
// request timeout and a wall-clock limit, and prints a summary: per check pass/FAIL, and per distinct
// failure (check × operation × status) the operation, the status and a curl line that replays it.
// Reports (summary.json, NDJSON, JUnit, JSON, the console output) go to --report-dir (default
// build/schemathesis/reports/<host>-<port>). Exit 0: no failure; 1: failures; 2: usage, sign-in,
// install or Schemathesis errors (no verdict). README.md in this folder says more.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundledContract, root } from '../lib/contract-source.mjs';
import { DEFAULT_INSTALL_DIR, ensureInstalled } from './install.mjs';

/**
 * A per-operation check setting: `skip` (the check does not run on the operation) or `expect` (a
 * status the check also accepts there).
 * @typedef {{ operationId: string, check: string, skip: true } | { operationId: string, check: string, expect: string }} OperationCheck
 */
/**
 * One example of a failure.
 * @typedef {object} FailureExample
 * @property {string} message the first line of Schemathesis' message
 * @property {string | null} phase
 * @property {string | null} scenario what the phase did, e.g. "Missing request body", "Value not matching the ... pattern"
 * @property {string | null} response the start of the response body (300 characters)
 * @property {string} curl a curl line replaying the request; credentials as "$AUTH"
 */
/**
 * One distinct failure: check × operation × status.
 * @typedef {object} Failure
 * @property {string} check
 * @property {string | null} code
 * @property {string | null} title
 * @property {string} operation as Schemathesis names it: `POST /{project_id}/tags`
 * @property {string | null} operationId
 * @property {number | null} status the status the check objected to (the probe's for ignored_auth); null for no_answer
 * @property {number} count how many test cases failed this way
 * @property {FailureExample[]} examples up to three
 */
/**
 * An error Schemathesis reported (`kind` its event, or `exit` for an exit status without one).
 * @typedef {{ kind: string, type: string | null, phase: string | null, label: string | null, message: string }} SchemathesisError
 */
/**
 * What a run found; also `<reportDir>/summary.json` and `--json FILE`.
 * @typedef {object} Summary
 * @property {string} version
 * @property {string} baseUrl
 * @property {string} projectId
 * @property {number} seed
 * @property {number} maxExamples
 * @property {string[]} checks
 * @property {string[]} phases
 * @property {string} mode generated data: all, positive or negative
 * @property {number} requestTimeout
 * @property {OperationCheck[]} operationChecks the per-operation check settings the run had (`--skip-check`, `--expect-status`)
 * @property {string} command the schemathesis command line (credentials are passed in the environment, never here)
 * @property {number | null} exitCode
 * @property {number} elapsedSeconds the whole run: install check, bundle, sign-in, Schemathesis
 * @property {number | null} schemathesisSeconds Schemathesis' own running time
 * @property {number | null} testCases
 * @property {{ total: number, selected: number, tested: number, errored: number, skipped: number } | null} operations
 * @property {Record<string, string[]> | null} warnings
 * @property {{ covered: number, total: number } | null} links stateful phase: `API Links: N covered / M total`, when Schemathesis printed it
 * @property {string[]} notes
 * @property {string} reportDir
 * @property {SchemathesisError[]} errors
 * @property {Failure[]} failures
 */
/**
 * The options of {@link runSchemathesis} (the command line's, {@link parseCommandLine}).
 * @typedef {object} RunOptions
 * @property {string} baseUrl
 * @property {string} projectId
 * @property {string} [email]
 * @property {string} [password]
 * @property {string} [token]
 * @property {string} [projectSecret]
 * @property {number} [maxExamples]
 * @property {number} [seed]
 * @property {string[]} [checks]
 * @property {string[]} [excludeChecks]
 * @property {string[]} [phases]
 * @property {'all' | 'positive' | 'negative'} [mode]
 * @property {string[]} [includeOperationIds]
 * @property {number} [maxTime]
 * @property {number} [timeoutSeconds]
 * @property {number} [requestTimeout]
 * @property {boolean} [continueOnFailure]
 * @property {boolean} [noShrink] report failing cases as found, without shrinking them
 * @property {boolean} [noJunit] write no junit.xml (the summary needs only the NDJSON and JSON reports)
 * @property {OperationCheck[]} [operationChecks] per-operation check settings
 * @property {string} [workers]
 * @property {string} [contract]
 * @property {string} [reportDir]
 * @property {string} [json]
 * @property {(line: string) => void} [log]
 */

/**
 * The checks of Schemathesis 4.32 (`schemathesis run --help`).
 * @type {readonly string[]}
 */
export const ALL_CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'missing_required_header',
  'unsupported_method',
  'allow_header_conformance',
  'use_after_free',
  'ensure_resource_availability',
  'ignored_auth',
  'object_level_authorization',
];
/**
 * Schemathesis' phases.
 * @type {readonly string[]}
 */
export const ALL_PHASES = ['examples', 'coverage', 'fuzzing', 'stateful'];
/** The options' defaults. */
export const DEFAULTS = { seed: 20261124, maxExamples: 10, timeoutSeconds: 300, workers: '1', requestTimeout: 3 };
/** parseSitemap fetches the sitemap first (3 s on the real server on loopback, whose network is off): its request timeout is 4x the others', at least this many seconds. */
const SITEMAP_MIN_TIMEOUT = 12;
/**
 * The statuses the checks that take `expected-statuses` accept by default (Schemathesis 4.32,
 * `schemathesis/config/_checks.py`); `--expect-status` adds to them for one operation.
 * @type {Readonly<Record<'not_a_server_error' | 'positive_data_acceptance' | 'negative_data_rejection' | 'missing_required_header', readonly string[]>>}
 */
export const EXPECTED_STATUSES = {
  not_a_server_error: ['2xx', '3xx', '4xx'],
  positive_data_acceptance: ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'],
  negative_data_rejection: ['400', '401', '403', '404', '405', '406', '409', '415', '422', '428', '429', '5xx'],
  missing_required_header: ['400', '401', '403', '406', '415', '422'],
};
/** Loaded by Schemathesis before the run (`SCHEMATHESIS_HOOKS`): garbage collection settings of its Python process. */
const HOOKS_FILE = fileURLToPath(new URL('./hooks.py', import.meta.url));
/** Stand-in for the credentials in printed curl lines: `export AUTH='JWT <token>'` first. */
const AUTH_VARIABLE = 'AUTH';
/** The value Schemathesis' ignored_auth check sends as invalid credentials for an apiKey scheme (schemathesis/specs/openapi/_auth_retry.py). */
const INVALID_CREDENTIAL = 'SCHEMATHESIS-INVALID-VALUE';

const USAGE = `Usage: npm run schemathesis -- --base-url URL --project ID (--email E --password P | --token T) [options]

Property-based tests of a deployment against the contract (openapi/) with Schemathesis: generated
valid and invalid requests to all operations, every answer checked. It creates, changes and deletes
data in the project (and makes one guest teammate): point it at a test deployment. Use credentials of
the project's owner or an admin.

  --base-url URL          API root of the deployment, e.g. http://127.0.0.1:4010
  --project ID            project id (every project_id path parameter)
  --email E --password P  sign in as this owner/admin (POST /auth/signin)
  --token T               or use this sign-in token (with or without the "JWT " prefix)
  --project-secret S      the project's JWT secret: signs a custom token for signInWithCustomToken
  --max-examples N        test cases per operation and phase (default ${DEFAULTS.maxExamples})
  --seed N                random seed (default ${DEFAULTS.seed}); the same seed replays the same run
  --checks LIST           comma-separated checks (default all: ${ALL_CHECKS.join(', ')})
  --exclude-checks LIST   checks to leave out
  --phases LIST           comma-separated phases (default all: ${ALL_PHASES.join(', ')})
  --mode MODE             generated data: all (default), positive (valid requests only) or negative
  --include-operation-id ID  only this operation (repeatable)
  --max-time S            let Schemathesis repeat fuzzing and stateful phases until S seconds are spent
  --request-timeout S     a request unanswered after S seconds is a failure of no_answer (default ${DEFAULTS.requestTimeout}; parseSitemap: 4x, at least ${SITEMAP_MIN_TIMEOUT})
  --continue-on-failure   keep testing an operation after its first failure (finds more, takes longer)
  --no-shrink             report a failing case as found, without shrinking it (each shrinking step is a
                          request: costly on requests the deployment never answers)
  --no-junit              write no junit.xml (the summary reads only events.ndjson and report.json)
  --skip-check ID:CHECK   do not run CHECK on operation ID (repeatable), e.g. getLead:use_after_free
  --expect-status ID:CHECK:STATUS
                          let CHECK accept STATUS (e.g. 500, 4xx) on operation ID besides its defaults
                          (repeatable; CHECK: not_a_server_error, positive_data_acceptance,
                          negative_data_rejection, missing_required_header)
  --timeout S             stop Schemathesis (no verdict, exit 2) after S seconds (default ${DEFAULTS.timeoutSeconds})
  --workers N             concurrent workers (default ${DEFAULTS.workers}: with more, CPython 3.11 can fail
                          generating cases in threads, "AST constructor recursion depth mismatch")
  --contract FILE         the contract to test with (default: openapi/openapi.yaml, bundled)
  --report-dir DIR        reports (default build/schemathesis/reports/<host>-<port>)
  --json FILE             also write the summary as JSON there
  --help                  this text

A failure prints as: check, operation (operationId), status, and a curl line; run
\`export ${AUTH_VARIABLE}='JWT <token>'\` first (the token is never printed).`;

/**
 * Parses the command line; returns the options of runSchemathesis(), or `{ help }` / `{ problems }`.
 * @param {string[]} argv
 * @returns {{ options: RunOptions } | { help: true } | { problems: string[] }}
 */
export function parseCommandLine(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        project: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        token: { type: 'string' },
        'project-secret': { type: 'string' },
        'max-examples': { type: 'string' },
        seed: { type: 'string' },
        checks: { type: 'string' },
        'exclude-checks': { type: 'string' },
        phases: { type: 'string' },
        mode: { type: 'string' },
        'include-operation-id': { type: 'string', multiple: true },
        'max-time': { type: 'string' },
        timeout: { type: 'string' },
        'request-timeout': { type: 'string' },
        'continue-on-failure': { type: 'boolean', default: false },
        'no-shrink': { type: 'boolean', default: false },
        'no-junit': { type: 'boolean', default: false },
        'skip-check': { type: 'string', multiple: true },
        'expect-status': { type: 'string', multiple: true },
        workers: { type: 'string' },
        contract: { type: 'string' },
        'report-dir': { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return { problems: [error.message] };
  }
  if (values.help) return { help: true };
  const problems = [];
  const integer = (name, min = 1) => {
    if (values[name] === undefined) return undefined;
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) problems.push(`--${name} must be an integer >= ${min}: ${values[name]}`);
    return n;
  };
  const list = (name, allowed) => {
    if (values[name] === undefined) return undefined;
    const items = values[name]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = items.filter((item) => !allowed.includes(item));
    if (unknown.length) problems.push(`--${name}: unknown ${unknown.join(', ')} (known: ${allowed.join(', ')})`);
    return items;
  };
  if (!values['base-url']) problems.push('--base-url is required');
  else if (!URL.canParse(values['base-url'])) problems.push(`--base-url is not a URL: ${values['base-url']}`);
  if (!values.project) problems.push('--project is required');
  if (!values.token && !(values.email && values.password)) problems.push('give --email and --password, or --token');
  const { mode } = values;
  /** @type {RunOptions} */
  const options = {
    // '' only when a problem above says the option is missing (then `{ problems }` is returned)
    baseUrl: values['base-url'] ?? '',
    projectId: values.project ?? '',
    email: values.email,
    password: values.password,
    token: values.token,
    projectSecret: values['project-secret'],
    maxExamples: integer('max-examples'),
    seed: integer('seed', 0),
    checks: list('checks', ALL_CHECKS),
    excludeChecks: list('exclude-checks', ALL_CHECKS),
    phases: list('phases', ALL_PHASES),
    mode: mode === 'all' || mode === 'positive' || mode === 'negative' ? mode : undefined,
    includeOperationIds: values['include-operation-id'],
    maxTime: integer('max-time'),
    timeoutSeconds: integer('timeout'),
    requestTimeout: integer('request-timeout'),
    continueOnFailure: values['continue-on-failure'],
    noShrink: values['no-shrink'],
    noJunit: values['no-junit'],
    operationChecks: operationChecksOf(values['skip-check'] ?? [], values['expect-status'] ?? [], problems),
    workers: values.workers,
    contract: values.contract,
    reportDir: values['report-dir'],
    json: values.json,
  };
  if (values.mode !== undefined && !['all', 'positive', 'negative'].includes(values.mode)) problems.push(`--mode must be all, positive or negative: ${values.mode}`);
  if (values.workers !== undefined && !/^([1-9]\d?|auto)$/.test(values.workers)) problems.push(`--workers must be 1-64 or auto: ${values.workers}`);
  return problems.length ? { problems } : { options };
}

/**
 * `--skip-check ID:CHECK` and `--expect-status ID:CHECK:STATUS` as `{ operationId, check, skip }` /
 * `{ operationId, check, expect }` entries; a malformed one is added to `problems`.
 * @param {string[]} skips
 * @param {string[]} expects
 * @param {string[]} problems
 * @returns {OperationCheck[]}
 */
function operationChecksOf(skips, expects, problems) {
  /** @type {OperationCheck[]} */
  const out = [];
  for (const item of skips) {
    const [operationId, check, ...rest] = item.split(':');
    if (!operationId || check === undefined || !ALL_CHECKS.includes(check) || rest.length) problems.push(`--skip-check wants OPERATION_ID:CHECK: ${item}`);
    else out.push({ operationId, check, skip: true });
  }
  for (const item of expects) {
    const [operationId, check, status, ...rest] = item.split(':');
    if (!operationId || check === undefined || !(check in EXPECTED_STATUSES) || status === undefined || !/^[1-5](\d\d|xx)$/.test(status) || rest.length)
      problems.push(`--expect-status wants OPERATION_ID:CHECK:STATUS with CHECK one of ${Object.keys(EXPECTED_STATUSES).join(', ')}: ${item}`);
    else out.push({ operationId, check, expect: status });
  }
  return out;
}

/**
 * POSTs JSON, resolves to `{ status, body }` (body parsed when JSON).
 * @param {string} url
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, body: any }>}
 */
async function postJson(url, body, headers = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  /** @type {unknown} */
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed };
}

/**
 * The Authorization value for the run: a sign-in with email and password, or the given token.
 * @param {{ baseUrl: string, email?: string, password?: string, token?: string }} options
 * @returns {Promise<string>}
 */
async function authorizationFor({ baseUrl, email, password, token }) {
  if (token) return /^jwt /i.test(token) ? token : `JWT ${token}`;
  const answer = await postJson(`${baseUrl}/auth/signin`, { email, password });
  if (answer.status !== 200 || typeof answer.body?.token !== 'string') {
    throw new Error(`signing in as ${email} at ${baseUrl}/auth/signin answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
  return /^jwt /i.test(answer.body.token) ? answer.body.token : `JWT ${answer.body.token}`;
}

/**
 * A teammate the run may change and disable: a guest made by signInAnonymously, looked up with
 * getTeammateByUserId. Resolves to its project_user id, or undefined (with the reason in `note`).
 */
async function sacrificialTeammate({ baseUrl, projectId, authorization }) {
  const guest = await postJson(`${baseUrl}/auth/signinAnonymously`, { id_project: projectId, firstname: 'schemathesis-guest' });
  const uuid = guest.body?.user?._id;
  if (guest.status !== 200 || !uuid) return { note: `signInAnonymously answered ${guest.status}` };
  const response = await fetch(`${baseUrl}/${projectId}/project_users/users/${encodeURIComponent(uuid)}`, { headers: { authorization }, signal: AbortSignal.timeout(15_000) });
  const found = await response.json().catch(() => undefined);
  const id = [found].flat()[0]?._id;
  return id ? { id } : { note: `getTeammateByUserId answered ${response.status}` };
}

/** A custom token for signInWithCustomToken, signed with the project's secret (a user of role `user`). */
async function customToken(projectId, secret) {
  const { SignJWT } = await import('jose');
  return new SignJWT({ _id: `schemathesis-${Date.now().toString(36)}`, firstname: 'Schemathesis', sub: 'userexternal' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(`https://tiledesk.com/projects/${projectId}`)
    .setIssuedAt()
    .sign(new TextEncoder().encode(secret));
}

const tomlString = (value) => JSON.stringify(String(value));

/**
 * schemathesis.toml for the run: credentials from the environment, fixed path parameters,
 * per-operation headers, and the checks. `ignored_auth` runs in the examples phase only: it sends
 * two probes (no credentials, invalid ones) after every 2xx, tripling the requests of every case,
 * and one confirmation per operation is what it can tell; on a deployment that answers malformed
 * credentials with 400 it would fail every case, hiding what the other checks find.
 * @param {{ parameters: Record<string, string>, operationHeaders: Record<string, Record<string, string>>, checks: string[], requestTimeout: number, operationChecks?: OperationCheck[] }} options
 * @returns {string}
 */
function configToml({ parameters, operationHeaders, checks, requestTimeout, operationChecks = [] }) {
  const lines = ['# Written by scripts/schemathesis/run.mjs for one run.', 'headers = { Authorization = "${SUPPORTKB_SCHEMATHESIS_AUTHORIZATION}" }', ''];
  lines.push('[checks]', 'enabled = false', ...checks.map((check) => `${check}.enabled = true`), '');
  if (checks.includes('ignored_auth')) {
    for (const phase of ['coverage', 'fuzzing', 'stateful']) lines.push(`[phases.${phase}.checks]`, 'ignored_auth.enabled = false', '');
  }
  // Requests with methods the contract does not declare only serve unsupported_method (and then
  // reach routes the contract does not describe): without that check, the coverage phase sends none.
  if (!checks.includes('unsupported_method')) lines.push('[phases.coverage]', 'unexpected-methods = []', '');
  // The stateful phase follows the contract's own links only: the links Schemathesis infers (66 on
  // this contract, most from the sign-ins' answers) draw every scenario into signIn with generated
  // credentials, which never leads anywhere.
  lines.push('[phases.stateful.inference]', 'algorithms = []', '');
  lines.push('[parameters]');
  for (const [name, value] of Object.entries(parameters)) lines.push(`${tomlString(name)} = ${tomlString(value)}`);
  for (const [operationId, headers] of Object.entries(operationHeaders)) {
    lines.push('', '[[operations]]', `include-operation-id = ${tomlString(operationId)}`);
    lines.push(
      `headers = { ${Object.entries(headers)
        .map(([k, v]) => `${k} = ${tomlString(v)}`)
        .join(', ')} }`,
    );
  }
  // Per-operation check settings (--skip-check, --expect-status): one [[operations]] table per
  // operation; Schemathesis merges every table that applies to an operation.
  const byOperation = new Map();
  for (const entry of operationChecks) byOperation.set(entry.operationId, [...(byOperation.get(entry.operationId) ?? []), entry]);
  for (const [operationId, entries] of byOperation) {
    lines.push('', '[[operations]]', `include-operation-id = ${tomlString(operationId)}`);
    const expected = new Map();
    for (const entry of entries) {
      if (entry.skip) lines.push(`checks.${entry.check}.enabled = false`);
      else expected.set(entry.check, [...(expected.get(entry.check) ?? EXPECTED_STATUSES[entry.check]), entry.expect]);
    }
    for (const [check, statuses] of expected) lines.push(`checks.${check}.expected-statuses = [${[...new Set(statuses)].map(tomlString).join(', ')}]`);
  }
  // parseSitemap fetches the sitemap from the network before it answers (seconds for an unreachable
  // host): a longer timeout, and no coverage phase (a dozen boundary cases, a minute on the real server).
  lines.push('', '[[operations]]', 'include-operation-id = "parseSitemap"', `request-timeout = ${Math.max(requestTimeout * 4, SITEMAP_MIN_TIMEOUT)}`, 'phases.coverage.enabled = false');
  return `${lines.join('\n')}\n`;
}

/** A shell word for `value`: single quotes, or ANSI-C quoting ($'...') when it holds control characters. */
function shellQuote(value) {
  const text = String(value);
  if (!/[\u0000-\u001f\u007f-\u009f]/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  const escaped = text
    .replace(/[\\']/g, (c) => `\\${c}`)
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (c.charCodeAt(0) < 0x80 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return `$'${escaped}'`;
}

function decodeBody(body) {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'object' && typeof body.$base64 === 'string') return Buffer.from(body.$base64, 'base64').toString('utf8');
  if (typeof body === 'object' && typeof body.string === 'string') return body.string;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** The probe ignored_auth sent, from its message: `(invalid credentials provided)` or no credentials at all. */
function ignoredAuthProbe(message) {
  if (/invalid credentials/i.test(message)) return 'invalid';
  if (/no credentials|without credentials|missing/i.test(message)) return 'none';
  return 'generated';
}

/**
 * A curl line that replays the request; credentials as "$AUTH" (or the probe's invalid value).
 * @param {{ method: string, uri: string, headers?: Record<string, string | string[]>, body?: unknown }} request
 * @param {{ check: string, message: string }} failure
 * @returns {string}
 */
export function curlOf(request, { check, message }) {
  const parts = ['curl', '-X', request.method];
  let auth = 'run';
  if (check === 'ignored_auth') auth = ignoredAuthProbe(message);
  for (const [name, values] of Object.entries(request.headers ?? {})) {
    if (name.toLowerCase() === 'authorization') continue;
    for (const value of [values].flat()) parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (auth === 'run' || auth === 'generated') parts.push('-H', `"Authorization: $${AUTH_VARIABLE}"`);
  else if (auth === 'invalid') parts.push('-H', shellQuote(`Authorization: ${INVALID_CREDENTIAL}`));
  const body = decodeBody(request.body);
  if (body !== undefined) parts.push('--data-binary', shellQuote(body));
  parts.push(shellQuote(request.uri));
  return parts.join(' ');
}

/** The status a failure is about: the probe's for ignored_auth (from the message), else the recorded response's. */
function statusOf(check, message, interaction) {
  if (check === 'ignored_auth') {
    const m = /got `(\d{3})/.exec(message);
    if (m) return Number(m[1]);
  }
  return interaction?.response?.status_code ?? null;
}

/** Pseudo-check of the summary: a request the deployment did not answer within the request timeout (Schemathesis reports it as a ReadTimeout error). */
export const NO_ANSWER = /** @type {const} */ ('no_answer');
const NO_ANSWER_MESSAGE = 'no answer';

/**
 * Reads Schemathesis' NDJSON event stream into distinct failures (check × operation × status; each
 * with how many times it happened and up to three examples: the message, the phase and scenario,
 * the response's start and a curl line), errors and the run's figures. A request left without an
 * answer becomes a failure of the pseudo-check `no_answer` (status null) instead of an error.
 * @param {string} ndjson
 * @param {{ operationIds?: Map<string, string> }} [options] `operationIds`: operation label → operationId
 * @returns {{ failures: Failure[], errors: SchemathesisError[] }}
 */
export function parseEvents(ndjson, { operationIds = new Map() } = {}) {
  /** @type {Map<string, Failure>} */
  const failures = new Map();
  /** @type {SchemathesisError[]} */
  const errors = [];
  const add = ({ check, code = null, title = null, operation, status, message, interaction, caseValue, phase }) => {
    const request = interaction?.request ?? { method: caseValue.method, uri: caseValue.path, headers: caseValue.headers, body: caseValue.body };
    const key = `${check} ${operation} ${status}`;
    /** @type {Failure} */
    const entry = failures.get(key) ?? { check, code, title, operation, operationId: operationIds.get(operation) ?? null, status, count: 0, examples: [] };
    failures.set(key, entry);
    entry.count++;
    const curl = curlOf(request, { check, message });
    const firstLine = message.split('\n')[0];
    if (entry.examples.length >= 3 || entry.examples.some((e) => e.curl === curl || (e.message === firstLine && e.scenario === (caseValue.meta?.phase?.data?.description ?? null)))) return;
    const responseBody = decodeBody(interaction?.response?.content);
    entry.examples.push({
      message: firstLine,
      phase: caseValue.meta?.phase?.name ?? phase ?? null,
      scenario: caseValue.meta?.phase?.data?.description ?? null,
      response: responseBody === undefined ? null : responseBody.slice(0, 300),
      curl,
    });
  };
  for (const line of ndjson.split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    const [kind] = Object.keys(event);
    if (kind === undefined) continue;
    const data = event[kind];
    if (kind === 'NonFatalError' || kind === 'FatalError') {
      const type = data.value?.type ?? data.info?.type ?? null;
      errors.push({
        kind,
        type,
        phase: data.phase ?? null,
        label: data.label ?? null,
        message: String(data.value?.message ?? data.info?.message ?? data.info?.title ?? JSON.stringify(data).slice(0, 300)),
      });
    }
    if (kind !== 'ScenarioFinished' || !data.recorder) continue;
    const { recorder, phase } = data;
    for (const [caseId, interaction] of Object.entries(recorder.interactions ?? {})) {
      if (interaction && !interaction.response) {
        const caseValue = recorder.cases?.[caseId]?.value ?? {};
        // A stateful scenario's label is "Stateful tests": the case names its operation.
        const operation = caseValue.method && caseValue.path ? `${caseValue.method} ${caseValue.path}` : recorder.label;
        add({ check: NO_ANSWER, operation, status: null, message: NO_ANSWER_MESSAGE, interaction, caseValue, phase });
      }
    }
    for (const [caseId, checks] of Object.entries(recorder.checks ?? {})) {
      for (const result of checks) {
        if (result.status !== 'failure') continue;
        const info = result.failure_info?.failure ?? {};
        const interaction = recorder.interactions?.[caseId];
        const message = String(info.message ?? '');
        add({
          check: result.name,
          code: info.code,
          title: info.title,
          operation: info.operation ?? recorder.label,
          status: statusOf(result.name, message, interaction),
          message,
          interaction,
          caseValue: recorder.cases?.[caseId]?.value ?? {},
          phase,
        });
      }
    }
  }
  // A request left without an answer is a failure of `no_answer` (with the request and the
  // transport's error: a timeout, a connection closed without a response), not again an error.
  const unanswered = new Map([...failures.values()].filter((f) => f.check === NO_ANSWER).map((f) => [f.operation, f]));
  const rest = [];
  for (const error of errors) {
    const entry = error.kind === 'NonFatalError' && error.label !== null ? unanswered.get(error.label) : undefined;
    if (!entry) rest.push(error);
    else if (entry.examples[0]?.message === NO_ANSWER_MESSAGE) entry.examples[0].message = `no answer: ${error.type ? `${error.type}: ` : ''}${error.message}`;
  }
  return { failures: [...failures.values()], errors: rest };
}

/** The stateful phase's link coverage, from Schemathesis' output (`API Links: 25 covered / 31 selected / 31 total`). */
function linksOf(output) {
  const m = /API Links:\s+(\d+) covered \/ \d+ selected \/ (\d+) total/.exec(output);
  return m ? { covered: Number(m[1]), total: Number(m[2]) } : null;
}

/** Operation labels as Schemathesis writes them (`POST /{project_id}/tags`) → operationId. */
function operationIdsOf(contract) {
  const map = new Map();
  for (const [path, item] of Object.entries(contract.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId) map.set(`${method.toUpperCase()} ${path}`, operation.operationId);
    }
  }
  return map;
}

/**
 * The summary printed at the end: per check its failures, then one block per distinct failure.
 * @param {Summary} summary
 * @returns {string}
 */
export function formatSummary(summary) {
  const out = [];
  const { failures } = summary;
  const byCheck = new Map();
  for (const f of failures) byCheck.set(f.check, [...(byCheck.get(f.check) ?? []), f]);
  out.push(
    `Schemathesis ${summary.version} against ${summary.baseUrl}: seed ${summary.seed}, at most ${summary.maxExamples} examples per operation and phase, phases ${summary.phases.join(', ')}, ${summary.elapsedSeconds.toFixed(1)} s`,
  );
  out.push(`${summary.testCases ?? '?'} test cases${summary.links ? `; stateful phase: ${summary.links.covered} of ${summary.links.total} links followed` : ''}`);
  for (const note of summary.notes) out.push(`note: ${note}`);
  const settings = (summary.operationChecks ?? []).map((c) => `${c.operationId}: ${c.check} ${'skip' in c ? 'off' : `also ${c.expect}`}`);
  if (settings.length) out.push(`per-operation settings: ${settings.join('; ')}`);
  for (const check of [...summary.checks, ...(byCheck.has(NO_ANSWER) ? [NO_ANSWER] : [])]) {
    const list = byCheck.get(check) ?? [];
    out.push(`  ${list.length ? 'FAIL' : 'pass'}  ${check}${list.length ? `: ${list.length} operation${list.length > 1 ? 's' : ''}` : ''}`);
  }
  for (const [check, list] of byCheck) {
    out.push('', `${check}:`);
    for (const f of list) {
      const [example] = f.examples;
      out.push(`  ${f.operation} (${f.operationId ?? '?'}) -> ${f.status ?? 'no answer'}${f.count > 1 ? ` (${f.count} times)` : ''}${example?.message ? `: ${example.message}` : ''}`);
      if (example) out.push(`    ${example.curl}`);
    }
  }
  for (const e of summary.errors) out.push(`error: ${e.label ? `${e.label}: ` : ''}${e.message}`);
  const operations = failures.length;
  out.push(
    '',
    `${operations} failure${operations === 1 ? '' : 's'} (check × operation × status) in ${byCheck.size} check${byCheck.size === 1 ? '' : 's'}, ${summary.errors.length} error${summary.errors.length === 1 ? '' : 's'}; reports in ${summary.reportDir}${failures.length ? ` (curl lines: export ${AUTH_VARIABLE}='JWT <token>' first)` : ''}`,
  );
  return out.join('\n');
}

/**
 * Runs Schemathesis against a deployment; resolves to the summary (also written to
 * `<reportDir>/summary.json`). Throws on usage, sign-in, install or Schemathesis errors.
 * @param {RunOptions} options
 * @returns {Promise<Summary>}
 */
export async function runSchemathesis(options) {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const url = new URL(baseUrl);
  const reportDir = resolve(options.reportDir ?? join(DEFAULT_INSTALL_DIR, 'reports', `${url.hostname}-${url.port || url.protocol.replace(':', '')}`));
  const seed = options.seed ?? DEFAULTS.seed;
  const maxExamples = options.maxExamples ?? DEFAULTS.maxExamples;
  const checks = (options.checks ?? ALL_CHECKS).filter((check) => !(options.excludeChecks ?? []).includes(check));
  const phases = options.phases ?? [...ALL_PHASES];
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULTS.timeoutSeconds;
  const requestTimeout = options.requestTimeout ?? DEFAULTS.requestTimeout;

  const installed = await ensureInstalled({ log });
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const contract = options.contract ? bundledContract(resolve(options.contract)) : bundledContract();
  const contractFile = join(reportDir, 'openapi.json');
  writeFileSync(contractFile, JSON.stringify(contract));

  const authorization = await authorizationFor({ ...options, baseUrl });
  const notes = [];
  const parameters = { 'path.project_id': options.projectId };
  const excluded = [];
  const teammate = await sacrificialTeammate({ baseUrl, projectId: options.projectId, authorization });
  if (teammate.id) parameters['path.project_user_id'] = teammate.id;
  else {
    excluded.push('getTeammate', 'updateTeammate', 'deleteTeammate');
    notes.push(`getTeammate, updateTeammate and deleteTeammate left out: no guest teammate to change (${teammate.note})`);
  }
  /** @type {Record<string, Record<string, string>>} */
  const operationHeaders = {};
  if (options.projectSecret) operationHeaders.signInWithCustomToken = { Authorization: `JWT ${await customToken(options.projectId, options.projectSecret)}` };
  const configFile = join(reportDir, 'schemathesis.toml');
  const operationChecks = options.operationChecks ?? [];
  writeFileSync(configFile, configToml({ parameters, operationHeaders, checks, requestTimeout, operationChecks }));

  const ndjsonFile = join(reportDir, 'events.ndjson');
  const args = ['--config-file', configFile, 'run', contractFile, '--url', baseUrl, '--seed', String(seed), '--max-examples', String(maxExamples)];
  args.push('--phases', phases.join(','), '--workers', String(options.workers ?? DEFAULTS.workers));
  args.push('--request-timeout', String(requestTimeout), '--generation-database', 'none', '--no-color', '--output-truncate', 'true');
  if (options.continueOnFailure) args.push('--continue-on-failure');
  if (options.noShrink) args.push('--no-shrink');
  // The summary reads the NDJSON events (failures, errors) and the JSON report (figures); junit.xml is for CI tools.
  args.push('--report', options.noJunit ? 'ndjson,json' : 'ndjson,junit,json', '--report-dir', reportDir, '--report-ndjson-path', ndjsonFile);
  if (!options.noJunit) args.push('--report-junit-path', join(reportDir, 'junit.xml'));
  args.push('--report-json-path', join(reportDir, 'report.json'));
  for (const id of options.includeOperationIds ?? []) args.push('--include-operation-id', id);
  for (const id of excluded) args.push('--exclude-operation-id', id);
  if (options.maxTime) args.push('--max-time', String(options.maxTime));
  if (options.mode) args.push('--mode', options.mode);
  const command = `schemathesis ${args.map((a) => (/[\s"'$]/.test(a) ? shellQuote(a) : a)).join(' ')}`;
  log(`running ${command}`);

  const outputFile = join(reportDir, 'output.txt');
  const exit = await new Promise((resolvePromise, reject) => {
    const child = spawn(installed.schemathesis, args, {
      cwd: reportDir,
      env: {
        // Without npm's own variables (dozens under `npm test`): requests reads the whole environment
        // for proxy settings on every request.
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
        SUPPORTKB_SCHEMATHESIS_AUTHORIZATION: authorization,
        // hooks.py: the Python process's own settings (garbage collection), none that changes the run's cases or checks.
        SCHEMATHESIS_HOOKS: HOOKS_FILE,
        // Hypothesis' caches (its Unicode tables: seconds of CPU to compute) kept across runs; the report
        // directory, its default place, is emptied before each run. No example database (`--generation-database none`).
        HYPOTHESIS_STORAGE_DIRECTORY: join(DEFAULT_INSTALL_DIR, 'hypothesis'),
        PYTHONUNBUFFERED: '1',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-Number(child.pid), 'SIGKILL'); // no pid (a failed spawn): NaN, which throws
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutSeconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      writeFileSync(outputFile, Buffer.concat(chunks));
      resolvePromise({ code, signal, timedOut });
    });
  });
  const output = readFileSync(outputFile, 'utf8');
  if (exit.timedOut) throw new Error(`Schemathesis did not finish within ${timeoutSeconds} s (--timeout); its output so far: ${outputFile}`);
  let ndjson = '';
  try {
    ndjson = readFileSync(ndjsonFile, 'utf8');
  } catch {
    throw new Error(`Schemathesis exited ${exit.code ?? exit.signal} without an event report:\n${output.trim().split('\n').slice(-20).join('\n')}`);
  }
  const parsed = parseEvents(ndjson, { operationIds: operationIdsOf(contract) });
  let report = {};
  try {
    report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'));
  } catch {}
  /** @type {Summary} */
  const summary = {
    version: installed.version,
    baseUrl,
    projectId: options.projectId,
    seed,
    maxExamples,
    checks,
    phases,
    mode: options.mode ?? 'all',
    requestTimeout,
    operationChecks,
    command,
    exitCode: exit.code,
    elapsedSeconds: (Date.now() - started) / 1000,
    schemathesisSeconds: report.running_time ?? null,
    testCases: report.test_cases?.generated ?? null,
    operations: report.operations ?? null,
    warnings: report.warnings ?? null,
    links: linksOf(output),
    notes,
    reportDir: relative(root, reportDir) || '.',
    errors: parsed.errors,
    failures: parsed.failures,
  };
  if (exit.code !== 0 && exit.code !== 1 && !summary.errors.length)
    summary.errors.push({ kind: 'exit', type: null, phase: null, label: null, message: `schemathesis exited ${exit.code ?? exit.signal}: ${output.trim().split('\n').slice(-5).join(' | ')}` });
  writeFileSync(join(reportDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  if (options.json) writeFileSync(resolve(options.json), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const parsed = parseCommandLine(process.argv.slice(2));
  if ('help' in parsed) {
    console.log(USAGE);
    process.exit(0);
  }
  if ('problems' in parsed) {
    console.error(`schemathesis: ${parsed.problems.join('; ')}\n\n${USAGE}`);
    process.exit(2);
  }
  try {
    const summary = await runSchemathesis({ ...parsed.options, log: (line) => console.error(line) });
    console.log(formatSummary(summary));
    process.exit(summary.errors.length ? 2 : summary.failures.length ? 1 : 0);
  } catch (error) {
    console.error(`schemathesis: ${error.message}`);
    process.exit(2);
  }
}
