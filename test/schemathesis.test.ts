import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SEED, type MockServiceOptions } from '@supportkb/mocks';
import { startHttpMock, type HttpMock } from '@supportkb/mocks/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parityScenario } from '../scripts/lib/parity/scenario.mjs';
import { startRealServer, type RealServer } from '../scripts/real-server/index.mjs';
import { ensureInstalled } from '../scripts/schemathesis/install.mjs';
import { ALL_CHECKS, ALL_PHASES, EXPECTED_STATUSES, NO_ANSWER, type Failure, type OperationCheck, type Summary } from '../scripts/schemathesis/run.mjs';
import { dereferencedContract, operations, root } from './contract-helpers';

/**
 * Property-based tests with Schemathesis (scripts/schemathesis/, the pinned version, installed on
 * first use into build/schemathesis/) of the three deployments the project has: the stateful mock
 * in its default mode, the stateful mock in strict mode, and the real open-source server
 * (scripts/real-server/). Each run is the command behind `npm run schemathesis` (same seed, at most
 * MAX_EXAMPLES cases per operation and phase). The mock, in both modes, must pass every check it
 * runs; the real server must fail exactly as triaged below: a new failure fails the test, and so
 * does a triaged one that no longer happens (remove it from the list: the list stays true).
 * A failure is one operation × check × status (the summary's `failures`); `no_answer` is the
 * runner's pseudo-check for a request left without an answer.
 *
 * Budget: `npm test` must stay under 10 minutes on 2 cores, so the three runs go side by side
 * (below) and each stays short (measured: see scripts/schemathesis/README.md). Hence no shrinking
 * (each shrinking step of a failure is another request, and shrinking a request that gets no answer
 * costs a timeout per step: the real server's run took over 240 s with it).
 */
const exec = promisify(execFile);
const MAX_EXAMPLES = 10;
/**
 * Seconds Schemathesis waits for an answer (parseSitemap, which fetches the sitemap first, 4x: see
 * run.mjs): a guard against a hang only. Every deployment answers in milliseconds on loopback, but
 * on a busy 2-core machine (CI, other suites and the other runs beside it) answered requests took
 * over 3 s now and then, which the check counted as a hang on a different operation each run, and
 * two CI runs at once have made tests 14 times slower than idle. The few requests the real server
 * never answers (its triaged `no_answer`, five on an idle machine) cost 20 s each, spent waiting:
 * the mocks' runs go on beside it.
 */
const REQUEST_TIMEOUT = 20;
/** Schemathesis' wall-clock limit per run (run.mjs' `--timeout`): past it there is no verdict. A guard against a hang only: the slowest run, the real server's, takes under 3 minutes on an idle machine. */
const RUN_LIMIT_SECONDS = 1800;
/** The test's own guard: the run's limit plus the time to start its deployment and read the report. */
const RUN_TIMEOUT = (RUN_LIMIT_SECONDS + 60) * 1000;
const admin = SEED.members.owner;
const doc = dereferencedContract();
const ALL_OPERATIONS = operations(doc).map((entry) => entry.operation.operationId as string);

/**
 * object_level_authorization never applies: it needs two identities (`[auth.wfc]` peers) and each
 * run signs in as one teammate.
 */
const EVERY_CHECK = ALL_CHECKS.filter((check) => check !== 'object_level_authorization');
const without = (...left: string[]) => EVERY_CHECK.filter((check) => !left.includes(check));
const CHECKS = {
  /** Strict mode answers as the contract says, so every check applies, on valid and invalid requests. */
  strict: EVERY_CHECK,
  /**
   * The default mode imitates the server: it takes much invalid input and stores it as the server
   * does (then answers with it), so it gets valid requests only (`--mode positive`; how it treats
   * invalid input is the parity scenario's business, `npm run parity`). Hence no
   * negative_data_rejection; nor unsupported_method (the service answers a method the contract
   * does not list 404 like Express, or serves a route the contract leaves out; never 405); nor
   * ignored_auth: its probe sends `Authorization: SCHEMATHESIS-INVALID-VALUE` (no scheme), which
   * the default mode answers 400 `Bad Request` as passport-http's Basic strategy does (the contract
   * declares that 400; ignored_auth accepts only 401 and 403). The authentication of the routes is
   * the same in both modes, and strict mode (which answers that probe 401) runs ignored_auth.
   */
  mock: without('negative_data_rejection', 'unsupported_method', 'ignored_auth'),
  /**
   * The real server, valid and invalid requests: negative_data_rejection does not apply (the
   * contract states the constraints clients must respect; the server enforces few of them, e.g. it
   * accepts any query value and stores bodies unvalidated), nor unsupported_method (the contract
   * describes a subset of the server's routes: other methods reach routes it leaves out or
   * Express's 404). Its 500s and hangs on invalid input are triaged below.
   */
  real: without('negative_data_rejection', 'unsupported_method'),
};
/** Generated data per target (`--mode`). */
const MODES = { strict: 'all', mock: 'positive', real: 'all' } as const;
/**
 * Phases per target (`--phases`). The default mode gets no coverage phase: with positive data only,
 * that phase is the same fixed list of valid boundary requests (1,442 of its 2,198 cases, 28 of its
 * 83 s) that strict mode's coverage phase sends too, and on valid requests the two modes answer
 * alike (strict mode refuses only what the contract forbids). Its examples, fuzzing and stateful
 * phases stay: those draw other requests and follow the links through stored state.
 */
const PHASES = { strict: ALL_PHASES, mock: ALL_PHASES.filter((phase) => phase !== 'coverage'), real: ALL_PHASES };

/** A check set per operation, with its reason: passed to the run as `--skip-check` / `--expect-status`. */
type Setting = OperationCheck & { why: string };
const skip = (operationId: string, check: string, why: string): Setting => ({ operationId, check, skip: true, why });
const expectStatus = (operationId: string, check: keyof typeof EXPECTED_STATUSES, status: string, why: string): Setting => ({ operationId, check, expect: status, why });

/**
 * Behaviour the contract documents and a check assumes otherwise (not bugs): set for every run.
 * use_after_free runs on the read after a delete, so it is switched off on the read.
 */
const DOCUMENTED: Setting[] = [
  skip('getLead', 'use_after_free', 'deleteLead deletes softly (status 1000, routes/lead.js:352) and getLead returns the lead whatever its status (routes/lead.js:449), as the contract documents'),
  skip('getSegment', 'use_after_free', 'deleteSegment deletes softly (status 0, routes/segment.js:66) and getSegment still returns the segment (routes/segment.js:77), as the contract documents'),
  skip('getGroup', 'use_after_free', 'deleteGroup without force only marks the group trashed (routes/group.js:159) and getGroup still returns it, as the contract documents'),
  skip(
    'getLabels',
    'use_after_free',
    "after deleteLabels getLabels of that language falls back to the default language's entry (routes/labels.js:371, labelService.getLanguage), as the contract documents",
  ),
  expectStatus(
    'removeConversationParticipant',
    'positive_data_acceptance',
    '400',
    'removing a participant from a `request_id` no conversation of the project has: 400 `Unable to remove the participant … from the request …` (routes/request.js:536-556), which the contract declares; no schema can say "an existing conversation"',
  ),
  expectStatus(
    'deleteLabels',
    'positive_data_acceptance',
    '400',
    'the default language cannot be deleted: 400 "You can\'t delete the default language." (routes/labels.js:318), which the contract declares; which language is the default depends on earlier calls',
  ),
];

/**
 * Server bugs the mock imitates on requests the contract allows (it answers as the server does):
 * set for the mock's runs. The real server's run keeps them visible, in REAL_TRIAGED, when its run
 * reaches them.
 */
const IMITATED: Setting[] = [
  expectStatus(
    'updateTag',
    'not_a_server_error',
    '500',
    'renaming or upserting a tag to a name another tag has breaks the unique (id_project, tag) index: E11000, 500 (routes/tag.js:47); the contract declares the 500, and no schema can say "a name no other tag has"',
  ),
  expectStatus(
    'aggregateRequestsByHour',
    'not_a_server_error',
    '500',
    "a `timezone` MongoDB does not know fails the aggregation, 500 `Error getting analytics.` (pubmodules/analytics/analytics.js:457), as the operation documents; the contract cannot list MongoDB's time zone database",
  ),
  expectStatus(
    'createMessage',
    'not_a_server_error',
    '500',
    'the first message of a conversation with a `departmentid` that names no department of the project fails the routing: 500 `Error creating request` (routes/message.js:249), as the contract declares; no schema can say "an existing department"',
  ),
  expectStatus(
    'updateSubscription',
    'not_a_server_error',
    '500',
    'an update (or an upsert on an unknown id) giving a subscription the event and target another one of the same project has (two upserted ones: no project, no event) breaks the unique (id_project, event, target) index: E11000, 500 `Error updating object.` (routes/subscription.js:57), as the contract declares; observed on the real server',
  ),
  expectStatus(
    'closeConversation',
    'not_a_server_error',
    '500',
    'an owner or admin (the runs sign in as the owner) closing a `request_id` no conversation of the project has: the service rejects and the route answers 500 `Error closing request` (routes/request.js:368), as the contract declares; no schema can say "an existing conversation"',
  ),
  expectStatus(
    'addConversationParticipant',
    'not_a_server_error',
    '500',
    'adding a member to a `request_id` no conversation of the project has: the service rejects and the route answers 500 `Error adding participant` (routes/request.js:399-432), as the contract declares; no schema can say "an existing conversation"',
  ),
  expectStatus(
    'setConversationParticipants',
    'not_a_server_error',
    '500',
    'setting the participants of a `request_id` no conversation of the project has: 500 `Error setting participants` (routes/request.js:434-455), as the contract declares; no schema can say "an existing conversation"',
  ),
  expectStatus(
    'updateConversation',
    'not_a_server_error',
    '500',
    'a field value the request model cannot store (a cast error): 500 `Error updating object.` (routes/request.js:222-328), as the contract declares; the contract takes what the route copies as sent',
  ),
  expectStatus(
    'reopenConversation',
    'not_a_server_error',
    '500',
    'reopening a `request_id` no conversation of the project has: the service rejects and the route answers 500 `Error reopening request` (routes/request.js:384), as the contract declares; no schema can say "an existing conversation"',
  ),
];

/**
 * Strict mode only: the check cannot tell what strict mode does. negative_data_rejection on
 * countMessages: `attributes` is a deepObject query parameter whose values are strings; the check
 * "violates" their type with `false` or `5`, which reach any server as the strings "false" and
 * "5", valid values. positive_data_acceptance on aggregateRequestsByHour: strict mode names an
 * unknown time zone with a 400.
 */
const STRICT_ONLY: Setting[] = [
  skip('countMessages', 'negative_data_rejection', 'deepObject query values are strings on the wire: a generated `false` arrives as the valid string "false"'),
  expectStatus(
    'aggregateRequestsByHour',
    'positive_data_acceptance',
    '400',
    "strict mode refuses a `timezone` MongoDB does not know with a 400 naming it, where the server fails the aggregation with a 500 (the default mode's answer, in IMITATED); the contract takes any string there: it cannot list MongoDB's time zone database",
  ),
];

const settingArgs = (settings: Setting[]) => settings.flatMap((s) => ('skip' in s ? ['--skip-check', `${s.operationId}:${s.check}`] : ['--expect-status', `${s.operationId}:${s.check}:${s.expect}`]));

/** One triaged failure cause: the check, the operations it fails on and the statuses. */
interface Triaged {
  check: string;
  /** operationIds; `allBut([...])` for "every operation except". */
  operations: string[];
  /** The statuses seen (null: no answer). */
  status: (number | null)[];
  /**
   * `server`: a bug or limit of the server (the contract is right, and declares what the server
   * sends); `documented`: the contract documents the behaviour and the check assumes another.
   */
  kind: 'server' | 'documented';
  why: string;
  /** For no_answer: the parity scenario's calls the real server never answers for the same cause (scripts/lib/parity/scenario.mjs). */
  parity?: string[];
}
const allBut = (excluded: string[]) => ALL_OPERATIONS.filter((id) => !excluded.includes(id));

/** The operations that need no credentials: ignored_auth never applies to them. */
const OPEN = ['signIn', 'signInAnonymously', 'signInWithCustomToken', 'listLabels', 'getLabels', 'listDefaultLabels', 'getDefaultLabels', 'listDepartments', 'getDepartment'];

/**
 * The real server (`@tiledesk/tiledesk-server` 2.19.16). Files are under
 * build/real-server/node_modules/@tiledesk/tiledesk-server unless they name another package.
 */
const REAL_TRIAGED: Triaged[] = [
  {
    check: 'ignored_auth',
    // Their examples get no 2xx, so ignored_auth never probes them (the conversations': the real server has no conversation with the example's request_id).
    operations: allBut([
      ...OPEN,
      'createContent',
      'createContentsFromUrls',
      'createMessage',
      'deleteContent',
      'deleteLabels',
      'getContent',
      'getTeammateByUserId',
      'listLeads',
      'getConversation',
      'updateConversation',
      'addConversationParticipant',
      'setConversationParticipants',
      'removeConversationParticipant',
      'assignConversation',
      'transferConversationToAgent',
      'closeConversation',
      'reopenConversation',
    ]),
    status: [400],
    kind: 'documented',
    why: 'ignored_auth probes with `Authorization: SCHEMATHESIS-INVALID-VALUE` (no scheme) and accepts only 401 or 403; the passport chain tries the Basic strategy first, which answers a header without a scheme 400 `Bad Request` (node_modules/passport-http/lib/passport-http/strategies/basic.js:72 `if (parts.length < 2) return this.fail(400)`), as the contract declares (BadRequest). A well-formed wrong credential, or none, gets 401, which the same check also probes and which passes',
  },
  {
    check: 'not_a_server_error',
    operations: [
      'signIn',
      'signInAnonymously',
      'createContent',
      'createContentsFromUrls',
      'parseSitemap',
      'createKnowledgeBase',
      'updateKnowledgeBase',
      'updateCurrentTeammate',
      'updateTeammate',
      'inviteTeammate',
      'createGroup',
      'createSegment',
      'updateSegment',
      'createTag',
      'upsertLabels',
      'cloneDefaultLabels',
      'createLead',
      'createMessage',
      'createSubscription',
      'updateSubscription',
      'closeConversation',
      'assignConversation',
    ],
    status: [500],
    kind: 'server',
    why: 'a body that is not JSON, or JSON that is not an object, gets 500 {err:"error"}: body-parser raises a 400 error and the global handler (app.js:728) answers every error it does not know 500; the contract declares the 500',
  },
  {
    check: 'not_a_server_error',
    operations: [
      'getTag',
      'updateTag',
      'deleteTag',
      'getGroup',
      'updateGroup',
      'deleteGroup',
      'getSegment',
      'updateSegment',
      'deleteSegment',
      'getLead',
      'updateLead',
      'deleteLead',
      'getContent',
      'deleteContent',
      'getSubscription',
      'updateSubscription',
      'deleteSubscription',
      'getDepartment',
    ],
    status: [500],
    kind: 'server',
    why: 'a path id that is not an ObjectId reaches Mongoose, whose CastError is answered 500 (routes/tag.js:78,47,63; group.js:184,56,162; segment.js:82,54,69; lead.js:454,79,355; kb.js:1664,2300; subscription.js:130,57,72; department.js:250); the contract declares the 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['createTag', 'createGroup', 'createSegment', 'createSubscription', 'createKnowledgeBase', 'upsertLabels'],
    status: [500],
    kind: 'server',
    why: 'a body without the required fields fails Mongoose validation, answered 500 instead of 4xx (routes/tag.js:28, group.js:25, segment.js:23, subscription.js:32, kb.js:1179, labels.js:259); the contract declares the 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['aggregateRequestsByDay', 'aggregateRequestsByMonth', 'listContents', 'listSegments', 'inviteTeammate', 'cloneDefaultLabels', 'updateTeammate'],
    status: [500],
    kind: 'server',
    why: 'query and body values are used unvalidated and throw or fail the query: a department_id that is no ObjectId (pubmodules/analytics/analytics.js:182,254 `new ObjectId(...)` throws; app.js:728 answers {err:"error"}), a direction that is not 1/-1 (mquery.js:1325 "Invalid sort value", thrown at routes/segment.js:132), a listContents status that is no number (routes/kb.js:1612, CastError of NaN), an email that is no string (routes/project_user.js:49 `email.toLowerCase()`), a lang that is no string (routes/labels.js:94, the save fails), a teammate tag whose color is no string (routes/project_user.js:336, the cast fails); the contract declares each 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['updateTag'],
    status: [500],
    kind: 'server',
    why: 'a request the contract allows: upserting an unknown tag id with the name of another tag breaks the unique (id_project, tag) index, E11000, answered 500 (routes/tag.js:47); the contract declares the 500 and no schema can say "a name no other tag has"',
  },
  {
    check: 'not_a_server_error',
    operations: ['aggregateRequestsByHour'],
    status: [500],
    kind: 'server',
    why: 'a request the contract allows: a `timezone` MongoDB does not know fails the `$hour` of the aggregation once a conversation matches, 500 `Error getting analytics.` (pubmodules/analytics/analytics.js:457) instead of a 400, as the operation documents',
  },
  {
    check: 'not_a_server_error',
    operations: ['listConversations'],
    status: [500],
    kind: 'server',
    why: 'query values reach Mongoose unvalidated: one it cannot cast (`ticket_id=null&ticket_id=null`, a `hasbot` that is no boolean, a `dept_id` or `lead` that is no ObjectId) fails the find, answered 500 `Error getting requests.` with the CastError (routes/request.js:1561); the contract declares the 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['closeConversation', 'reopenConversation'],
    status: [500],
    kind: 'server',
    why: "a request the contract allows: closing (as owner or admin) or reopening a `request_id` no conversation of the project has (the example's: the real server's project has none) makes the service reject, answered 500 `Error closing request` / `Error reopening request` (routes/request.js:368,384) instead of 404; the contract declares the 500",
  },
  {
    check: 'not_a_server_error',
    operations: ['addConversationParticipant', 'setConversationParticipants'],
    status: [500],
    kind: 'server',
    why: "a request the contract allows: adding a member to, or setting the participants of, a `request_id` no conversation of the project has (the example's: the real server's project has none) makes the service reject, answered 500 `Error adding participant` / `Error setting participants` (routes/request.js:399-432, 450-452) instead of 404; the contract declares the 500",
  },
  {
    check: 'response_schema_conformance',
    operations: ['removeConversationParticipant'],
    status: [200],
    kind: 'server',
    why: "removing a member a conversation does not have, when its participants hold a value that is no ObjectId (addConversationParticipant stores any member string): the populate fails, requestService.js:1987 resolves its callback's `undefined` and the route answers `res.json(undefined)`, a 200 with Content-Type application/json and no body; the contract does not describe this answer yet",
  },
  {
    check: 'not_a_server_error',
    operations: ['updateConversation'],
    status: [500],
    kind: 'server',
    why: 'updating a conversation whose participants hold a value that is no ObjectId (addConversationParticipant stores any member string): the populate of the answer fails with a CastError, answered 500 `Error updating object.` (routes/request.js:222-328); the contract declares the 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['getConversation'],
    status: [500],
    kind: 'server',
    why: 'a conversation whose participants hold a value that is no ObjectId (addConversationParticipant stores any member string unvalidated) fails the populate of participatingAgents with a CastError, answered 500 `Error getting object.` (routes/request.js:2461); the contract declares the 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['exportLeadsCsv'],
    status: [500],
    kind: 'server',
    why: 'a `sort` MongoDB refuses (a path with an empty part, e.g. a leading dot, or a part that starts with `$`), a `direction` mquery refuses or a negative `page`: the find fails and routes/lead.js:440-443 passes the error to `next(err)`, which the global handler answers 500 {err:"error"} (listLeads, an async route, never answers the same requests); the contract declares the 500',
  },
  {
    check: NO_ANSWER,
    operations: ['setConversationParticipants'],
    status: [null],
    kind: 'server',
    why: 'a body that is not a list (here none: `{}`) makes `req.body.forEach` throw in the async route (routes/request.js:438), a rejected promise nobody catches: the request hangs',
    parity: ['setConversationParticipants.object'],
  },
  {
    check: NO_ANSWER,
    operations: ['listTags', 'listSegments'],
    status: [null],
    kind: 'server',
    why: 'a sort field MongoDB refuses (a part that starts with `$`, an empty part, a trailing dot: here a leading dot) or a negative page makes MongoDB refuse the find, and the route returns the error without answering (routes/tag.js:128, segment.js:136 `return (err)`): the request hangs',
    parity: ['listTags.page-negative', 'listSegments.sort-dollar', 'listSegments.sort-trailing-dot', 'listSegments.page-negative'],
  },
  {
    check: NO_ANSWER,
    operations: ['listLeads'],
    status: [null],
    kind: 'server',
    why: 'a status that is no number (here the repeated `status=null&status=null`) fails the cast of the find, and the route returns the error without answering (routes/lead.js:562 `return (err)`): the request hangs',
    parity: ['listLeads.status-abc', 'listLeads.page-negative', 'listLeads.sort-dollar', 'listLeads.direction-abc'],
  },
  {
    check: NO_ANSWER,
    operations: ['createLead'],
    status: [null],
    kind: 'server',
    why: 'a lead the database refuses (here attributes with a key that contains "." below the levels the contract checks) fails the insert in leadService.createWitId, and routes/lead.js:19 has no catch: the request hangs',
    parity: ['createLead.attributes-dollar-key', 'createLead.attributes-dotted-key', 'createLead.fullname-object', 'createLead.email-array', 'createLead.lead_id-object'],
  },
  {
    check: 'content_type_conformance',
    operations: ['signInWithCustomToken'],
    status: [401],
    kind: 'server',
    why: 'passport answers a failed authentication `Unauthorized` with no Content-Type at all (node_modules/passport/lib/middleware/authenticate.js:174 res.end); the contract declares it text/plain, the nearest it can',
  },
  {
    check: 'response_schema_conformance',
    operations: ['getDefaultLabels'],
    status: [200],
    kind: 'server',
    why: 'a language with no built-in labels (the contract takes only the built-in codes) gets `res.json(undefined)` (routes/labels.js:119): Content-Type application/json with an empty body, which is no JSON; the contract declares the empty body as text/plain',
  },
];

/** The command behind `npm run schemathesis` (scripts/schemathesis/run.mjs); resolves to its summary (--json). */
async function schemathesis(name: string, args: string[]): Promise<{ summary: Summary; stdout: string }> {
  const json = join(root, 'build/schemathesis/reports', `${name}.summary.json`);
  const all = [
    ...args,
    '--max-examples',
    String(MAX_EXAMPLES),
    '--request-timeout',
    String(REQUEST_TIMEOUT),
    '--timeout',
    String(RUN_LIMIT_SECONDS),
    '--no-shrink',
    '--no-junit', // the summary reads events.ndjson and report.json only
    '--report-dir',
    join(root, 'build/schemathesis/reports', name),
    '--json',
    json,
  ];
  rmSync(json, { force: true });
  const result = await exec(process.execPath, [join(root, 'scripts/schemathesis/run.mjs'), ...all], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch((error) => error);
  // Exit 0: no failure, 1: failures, 2: errors (then the summary lists them) or no verdict at all (no summary).
  if (!existsSync(json)) throw new Error(`npm run schemathesis (${name}) exited ${result.code} without a summary:\n${result.stderr}\n${result.stdout}`);
  return { summary: JSON.parse(readFileSync(json, 'utf8')), stdout: result.stdout };
}

const key = (check: string, operationId: string | null, status: number | null) => `${check} ${operationId} ${status ?? 'no answer'}`;
const describeFailure = (f: Failure) => `${key(f.check, f.operationId, f.status)}: ${f.examples[0]?.message ?? ''}\n    ${f.examples[0]?.curl ?? ''}`;

/**
 * Compares a run with its triaged list: returns the failures no entry covers, and the triaged
 * operation × check pairs that did not fail (with any of the entry's statuses).
 */
function compare(summary: Summary, triaged: Triaged[]): { unexpected: string[]; gone: string[] } {
  const covered = (f: Failure) => triaged.some((t) => t.check === f.check && t.operations.includes(f.operationId ?? '') && t.status.includes(f.status));
  const unexpected = summary.failures.filter((f) => !covered(f)).map(describeFailure);
  const gone: string[] = [];
  for (const t of triaged) {
    for (const operationId of t.operations) {
      if (!summary.failures.some((f) => f.check === t.check && f.operationId === operationId && t.status.includes(f.status))) gone.push(`${key(t.check, operationId, t.status[0] ?? null)} (${t.why})`);
    }
  }
  return { unexpected, gone };
}

function expectTriaged(summary: Summary, stdout: string, triaged: Triaged[]) {
  expect(summary.errors, stdout).toEqual([]);
  const { unexpected, gone } = compare(summary, triaged);
  expect(unexpected, `failures not triaged (${summary.reportDir}):\n${unexpected.join('\n')}`).toEqual([]);
  expect(gone, `triaged failures that no longer happen: remove them from the list\n${gone.join('\n')}`).toEqual([]);
}

/** Per-operation settings without their reasons, in one order (to compare with what a summary records). */
const recorded = (settings: readonly OperationCheck[]) =>
  settings
    .map((setting) => ('skip' in setting ? { operationId: setting.operationId, check: setting.check, skip: true } : { operationId: setting.operationId, check: setting.check, expect: setting.expect }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

beforeAll(async () => {
  await ensureInstalled(); // first use: a virtualenv and pip with hashes, about 15 s (a minute with an empty pip cache)
});

/**
 * The real server's run starts first and goes on beside the mock's two (those stay one after the
 * other: both mocks answer from this test process). Each run is a ping-pong between Schemathesis (one
 * worker, one request at a time) and a deployment, so either side waits on the other much of the
 * time; one after the other the three took 356 s on CI.
 */
let server: RealServer | undefined;
let realRun: Promise<{ summary: Summary; stdout: string }> | undefined;
beforeAll(() => {
  realRun = (async () => {
    server = await startRealServer();
    return schemathesis('real-server', [
      '--base-url',
      server.baseUrl,
      '--project',
      server.projectId,
      '--email',
      server.email,
      '--password',
      server.password,
      '--project-secret',
      server.projectSecret,
      '--checks',
      CHECKS.real.join(','),
      '--mode',
      MODES.real,
      '--phases',
      PHASES.real.join(','),
      ...settingArgs(DOCUMENTED),
    ]);
  })();
  // Awaited, and its failure reported, by the real server's test below.
  realRun.catch(() => undefined);
});
afterAll(async () => {
  await realRun?.catch(() => undefined);
  await server?.stop();
}, RUN_TIMEOUT);

for (const mode of ['default', 'strict'] as const) {
  describe(`Schemathesis against the stateful mock (${mode} mode)`, () => {
    let mock: HttpMock;
    beforeAll(async () => {
      // No webhook deliveries: the runs subscribe generated URLs.
      const serviceOptions: MockServiceOptions = { webhooks: { delivery: 'none' }, warnings: false, ...(mode === 'strict' ? { strict: true } : {}) };
      mock = await startHttpMock({ serviceOptions });
    });
    afterAll(async () => {
      await mock?.stop();
    });

    it(
      'passes every check it runs',
      async () => {
        const checks = mode === 'strict' ? CHECKS.strict : CHECKS.mock;
        const settings = [...DOCUMENTED, ...IMITATED, ...(mode === 'strict' ? STRICT_ONLY : [])];
        const { summary, stdout } = await schemathesis(`mock-${mode}`, [
          '--base-url',
          mock.url,
          '--project',
          SEED.projectId,
          '--email',
          admin.email,
          '--password',
          admin.password,
          '--project-secret',
          SEED.projectSecret,
          '--checks',
          checks.join(','),
          '--mode',
          MODES[mode === 'strict' ? 'strict' : 'mock'],
          '--phases',
          PHASES[mode === 'strict' ? 'strict' : 'mock'].join(','),
          ...settingArgs(settings),
        ]);
        expect(summary.checks).toEqual(checks);
        expect(summary.phases).toEqual(PHASES[mode === 'strict' ? 'strict' : 'mock']);
        expect(recorded(summary.operationChecks)).toEqual(recorded(settings));
        expect(summary.operations?.tested, stdout).toBe(ALL_OPERATIONS.length);
        expect(summary.links?.covered ?? 0, "the stateful phase follows the contract's links").toBeGreaterThanOrEqual(5);
        expectTriaged(summary, stdout, []);
      },
      RUN_TIMEOUT,
    );
  });
}

describe('Schemathesis against the real server', () => {
  it(
    'fails only as triaged',
    async () => {
      const { summary, stdout } = await realRun!;
      expect(summary.checks).toEqual(CHECKS.real);
      expect(recorded(summary.operationChecks)).toEqual(recorded(DOCUMENTED));
      expect(summary.operations?.tested, stdout).toBe(ALL_OPERATIONS.length);
      expect(summary.links?.covered ?? 0, "the stateful phase follows the contract's links").toBeGreaterThanOrEqual(5);
      expectTriaged(summary, stdout, REAL_TRIAGED);
    },
    RUN_TIMEOUT,
  );
});

it('keeps every triaged entry and setting about a check the run makes and an operation of the contract', () => {
  for (const t of REAL_TRIAGED) {
    expect([...CHECKS.real, NO_ANSWER], t.why).toContain(t.check);
    expect(
      t.operations.filter((id) => !ALL_OPERATIONS.includes(id)),
      t.why,
    ).toEqual([]);
    expect(t.why.length, t.check).toBeGreaterThan(20);
  }
  for (const [settings, checks] of [
    [DOCUMENTED, CHECKS.real],
    [DOCUMENTED, CHECKS.mock],
    [IMITATED, CHECKS.mock],
    [STRICT_ONLY, CHECKS.strict],
  ] as const) {
    for (const s of settings) {
      expect(checks, s.why).toContain(s.check);
      expect(ALL_OPERATIONS, s.why).toContain(s.operationId);
      expect(s.why.length, s.check).toBeGreaterThan(20);
    }
  }
});

it("names, for every request the real server never answers, the parity scenario's calls of the same cause", () => {
  // The parity scenario waits briefly (1 s, not the sitemap's 20 s) for the calls the real server never answers.
  const neverAnswered = new Map(
    parityScenario()
      .filter((step) => step.wait !== undefined && step.wait < 5_000)
      .map((step) => [step.id, step.op]),
  );
  for (const t of REAL_TRIAGED.filter((entry) => entry.check === NO_ANSWER)) {
    expect(t.parity?.length ?? 0, t.why).toBeGreaterThan(0);
    for (const id of t.parity ?? []) {
      expect(neverAnswered.has(id), `${id} is no call the parity scenario finds unanswered`).toBe(true);
      expect(t.operations, id).toContain(neverAnswered.get(id));
    }
  }
});
