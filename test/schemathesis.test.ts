import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createMockService, SEED, type MockServiceOptions } from '@supportkb/mocks';
import { startHttpMock, type HttpMock } from '@supportkb/mocks/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealServer, type RealServer } from '../scripts/real-server/index.mjs';
import { ensureInstalled } from '../scripts/schemathesis/install.mjs';
import { ALL_CHECKS, NO_ANSWER, type Failure, type Summary } from '../scripts/schemathesis/run.mjs';
import { dereferencedContract, operations, root } from './contract-helpers';

/**
 * Property-based tests with Schemathesis (scripts/schemathesis/, the pinned version, installed on
 * first use into build/schemathesis/) of the three deployments the project has: the stateful mock
 * in its default mode, the stateful mock in strict mode, and the real open-source server
 * (scripts/real-server/). Each run is the command behind `npm run schemathesis` (same seed, at most
 * MAX_EXAMPLES cases per operation and phase). The mock in strict mode must pass every check; the
 * default mode and the real server must fail exactly as triaged below: a new failure fails the test,
 * and so does a triaged one that no longer happens (remove it from the list: the list stays true).
 * A failure is one operation × check × status (the summary's `failures`); `no_answer` is the
 * runner's pseudo-check for a request left without an answer.
 */
const exec = promisify(execFile);
const MAX_EXAMPLES = 10;
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
   * does not list 404 like Express, or serves a route the contract leaves out; never 405).
   */
  mock: without('negative_data_rejection', 'unsupported_method'),
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

/** One triaged failure cause: the check, the operations it fails on and the statuses. */
interface Triaged {
  check: string;
  /** operationIds; `allBut([...])` for "every operation except". */
  operations: string[];
  /** The statuses seen (null: no answer). */
  status: (number | null)[];
  /**
   * `server`: a bug or limit of the server (the contract is right); `contract`: the contract is
   * wrong, a fix is proposed (delete the entry once it is in); `documented`: the contract documents
   * the behaviour and the check assumes another.
   */
  kind: 'server' | 'contract' | 'documented';
  why: string;
}
const allBut = (excluded: string[]) => ALL_OPERATIONS.filter((id) => !excluded.includes(id));


/** The operations that need no credentials: ignored_auth never applies to them. */
const OPEN = ['signIn', 'signInAnonymously', 'signInWithCustomToken', 'listLabels', 'getLabels', 'listDefaultLabels', 'getDefaultLabels'];
/**
 * ignored_auth (run in the examples phase; its probes follow a 2xx) sends `Authorization:
 * SCHEMATHESIS-INVALID-VALUE` (no scheme) and expects 401 or 403. The server's passport chain tries
 * the Basic strategy first, which answers a header without a scheme 400 `Bad Request`
 * (node_modules/passport-http/lib/passport-http/strategies/basic.js:72 `if (parts.length < 2) return
 * this.fail(400)`); the contract declares that 400 (BadRequest). A well-formed wrong credential
 * (Basic, or no header at all) gets 401, which ignored_auth checks too and which passes.
 */
const ignoredAuth400 = (why: string, noExampleAnswers2xx: string[]): Triaged => ({
  check: 'ignored_auth',
  operations: allBut([...OPEN, ...noExampleAnswers2xx]),
  status: [400],
  kind: 'server',
  why,
});

/**
 * The real server (`@tiledesk/tiledesk-server` 2.19.16). Files are under
 * build/real-server/node_modules/@tiledesk/tiledesk-server unless they name another package.
 * `contract` entries go away when the contract takes the proposed fix (then delete them).
 */
const REAL_TRIAGED: Triaged[] = [
  ignoredAuth400(
    'a scheme-less Authorization gets 400 from passport-http BasicStrategy (basic.js:72), not 401',
    // their examples get no 2xx, so ignored_auth never probes them
    ['createContent', 'createContentsFromUrls', 'createMessage', 'deleteContent', 'deleteLabels', 'getContent', 'getTeammateByUserId', 'listLeads'],
  ),
  {
    check: 'not_a_server_error',
    operations: ['signIn', 'signInAnonymously', 'createContent', 'createContentsFromUrls', 'parseSitemap', 'createKnowledgeBase', 'updateCurrentTeammate', 'inviteTeammate', 'createGroup', 'createSegment', 'updateSegment', 'createTag', 'cloneDefaultLabels', 'createLead', 'createSubscription'],
    status: [500],
    kind: 'server',
    why: 'a body that is not JSON, or JSON that is not an object, gets 500 {err:"error"}: body-parser raises a 400 error and the global handler (app.js:728) answers every error it does not know 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['getTag', 'updateTag', 'deleteTag', 'getGroup', 'updateGroup', 'deleteGroup', 'getSegment', 'updateSegment', 'deleteSegment', 'getLead', 'updateLead', 'deleteLead', 'getContent', 'deleteContent'],
    status: [500],
    kind: 'server',
    why: 'a path id that is not an ObjectId reaches Mongoose, whose CastError is answered 500 (routes/tag.js:78,47,63; group.js:184,56,162; segment.js:82,54,69; lead.js:454,79,355; kb.js:1664,2300); the contract declares the 500',
  },
  {
    check: 'not_a_server_error',
    operations: ['createTag', 'createGroup', 'createSegment', 'createSubscription', 'createKnowledgeBase', 'upsertLabels'],
    status: [500],
    kind: 'server',
    why: 'a body without the required fields fails Mongoose validation, answered 500 instead of 4xx (routes/tag.js:28, group.js:25, segment.js:23, subscription.js:32, kb.js:1179, labels.js:259)',
  },
  {
    check: 'not_a_server_error',
    operations: ['aggregateRequestsByDay', 'aggregateRequestsByMonth', 'listTags', 'listSegments', 'listContents', 'inviteTeammate', 'cloneDefaultLabels'],
    status: [500],
    kind: 'server',
    why: 'query and body values are used unvalidated and throw: department_id not an ObjectId (pubmodules/analytics/analytics.js:182,254 `new ObjectId`), direction not 1/-1 (routes/tag.js:118, segment.js:124: Mongoose "Invalid sort value"), listContents status NaN or a negative page (kb.js:1555-1580: CastError, BadValue), a non-string email or lang',
  },
  {
    check: 'not_a_server_error',
    operations: ['createSegment', 'upsertLabels', 'cloneDefaultLabels', 'updateKnowledgeBase'],
    status: [500],
    kind: 'server',
    why: 'free-form objects (segment filter values, label data, preview_settings) with keys MongoDB cannot store (with "." or "$", or a NUL byte) fail the write, answered 500 (segment.js:23, labels.js:94,259 (and then every later save of the project\'s labels document), kb.js:1404 {success:false,error:{}})',
  },
  {
    check: 'not_a_server_error',
    operations: ['updateTag'],
    status: [500],
    kind: 'server',
    why: 'renaming a tag to a name another tag has, or upserting an unknown id (without id_project) with the name of another upserted tag, breaks the unique (id_project, tag) index: E11000, answered 500 (routes/tag.js:47)',
  },
  {
    check: NO_ANSWER,
    operations: ['listTags', 'listSegments'],
    status: [null],
    kind: 'server',
    why: 'a negative page makes MongoDB refuse the skip, and the route returns the error without answering (routes/tag.js:128, segment.js:136 `return (err)`): the request hangs',
  },
  {
    check: NO_ANSWER,
    operations: ['createLead'],
    status: [null],
    kind: 'server',
    why: 'a lead whose attributes have a key MongoDB cannot store fails the insert, and routes/lead.js:19 has no catch: the request hangs',
  },
  {
    check: NO_ANSWER,
    operations: ['createContentsFromUrls'],
    status: [null],
    kind: 'server',
    why: 'a `list` that is not an array throws inside the async route (routes/kb.js:1796-1856, outside any try): Express 4 leaves the rejected promise, the request hangs',
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
    why: 'an unknown language gets `res.json(undefined)` (routes/labels.js:119): Content-Type application/json with an empty body, which is no JSON; the contract declares the empty body as text/plain',
  },
  {
    check: 'positive_data_acceptance',
    operations: ['createMessage'],
    status: [422],
    kind: 'contract',
    why: 'an empty `text` is schema-valid but a text message needs a non-empty one (routes/message.js:100 `!req.body.text` → 422 {errors:["text field is required"]}); proposed: MessageCreateRequest.text minLength 1',
  },
  {
    check: 'response_schema_conformance',
    operations: ['upsertLabels'],
    status: [200],
    kind: 'contract',
    why: '`data: {}` is stored as no data (Mongoose minimize), so the entry comes back without `data`; proposed: LabelEntry requires only `lang` (or LabelUpsertRequest.data minProperties 1)',
  },
  {
    check: 'response_schema_conformance',
    operations: ['updateKnowledgeBase'],
    status: [200],
    kind: 'contract',
    why: '`preview_settings: {}` is stored as none (Mongoose minimize), so the knowledge base comes back without `preview_settings`; proposed: KnowledgeBase does not require it (or KnowledgeBaseUpdateRequest.preview_settings minProperties 1)',
  },
  {
    check: 'response_schema_conformance',
    operations: ['createLead', 'listLeads'],
    status: [200],
    kind: 'contract',
    why: 'the server stores `attributes` of any JSON type (models/lead.js:68 `type: Object` is Mixed) and returns it; proposed: Lead.attributes accepts any value in responses (a value the server never validates is open)',
  },
  {
    check: 'response_schema_conformance',
    operations: ['getTeammate', 'updateTeammate', 'deleteTeammate'],
    status: [200],
    kind: 'contract',
    why: 'a teammate\'s tags keep `attributes` of any JSON type (models/tag.js:17 `type: Object`, stored by updateTeammate as sent); proposed: Teammate.tags[].attributes accepts any value in responses',
  },
];

/**
 * The mock's default mode (valid requests only). It imitates the server, so it shares the server's
 * failures on valid input; anything else it fails is a mock bug (and fails this test).
 */
const MOCK_TRIAGED: Triaged[] = [
  ignoredAuth400('imitates the server: a scheme-less Authorization gets 400, as passport-http BasicStrategy answers it', [
    'createContent', 'createContentsFromUrls', 'createKnowledgeBase', 'createMessage', 'deleteLabels', 'listContents',
  ]),
  {
    check: 'not_a_server_error',
    operations: ['upsertLabels', 'cloneDefaultLabels'],
    status: [500],
    kind: 'server',
    why: 'imitates the server: label data with keys MongoDB cannot store fails the save of the labels document, 500 (routes/labels.js:94,259)',
  },
  {
    check: 'not_a_server_error',
    operations: ['updateTag'],
    status: [500],
    kind: 'server',
    why: 'imitates the server: renaming or upserting a tag to a name another tag has breaks the unique (id_project, tag) index, 500 (routes/tag.js:47)',
  },
  {
    check: 'not_a_server_error',
    operations: ['createMessage'],
    status: [500],
    kind: 'contract',
    why: '`channel: {}` is schema-valid, but it replaces the default channel {name: "chat21"} and the message model requires channel.name: Mongoose validation, 500 "Error creating message" (routes/message.js); proposed: MessageCreateRequest.channel requires `name`',
  },
  {
    check: 'positive_data_acceptance',
    operations: ['createMessage'],
    status: [422],
    kind: 'contract',
    why: 'imitates the server: an empty `text` gets 422 (routes/message.js:100); proposed: MessageCreateRequest.text minLength 1',
  },
  {
    check: 'response_schema_conformance',
    operations: ['upsertLabels'],
    status: [200],
    kind: 'contract',
    why: 'imitates the server: `data: {}` comes back as no `data` (Mongoose minimize); proposed: LabelEntry requires only `lang`',
  },
  {
    check: 'response_schema_conformance',
    operations: ['getDefaultLabels'],
    status: [200],
    kind: 'server',
    why: 'imitates the server: an unknown language gets application/json with an empty body (routes/labels.js:119 res.json(undefined))',
  },
  {
    check: 'use_after_free',
    operations: ['deleteLead', 'deleteSegment'],
    status: [200],
    kind: 'documented',
    why: 'leads and segments are deleted softly (status 1000 / 0), as the contract documents, and getLead/getSegment still return them (routes/lead.js:349, segment.js:63); use_after_free assumes a hard delete',
  },
];

/** The command behind `npm run schemathesis` (scripts/schemathesis/run.mjs); resolves to its summary (--json). */
async function schemathesis(name: string, args: string[]): Promise<{ summary: Summary; stdout: string }> {
  const json = join(root, 'build/schemathesis/reports', `${name}.summary.json`);
  const all = [...args, '--max-examples', String(MAX_EXAMPLES), '--report-dir', join(root, 'build/schemathesis/reports', name), '--json', json];
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

beforeAll(async () => {
  await ensureInstalled(); // first use: a virtualenv and pip with hashes, about 15 s (a minute with an empty pip cache)
}, 600_000);

// TEMPORARY guard: strict mode is being added to createMockService (`strict: true`); while the built
// service does not take the option (`service.strict` stays unset), the strict run is skipped. Remove
// this guard (and `strictAccepted`) once the option exists.
const strictAccepted = (createMockService({ strict: true } as MockServiceOptions) as { strict?: boolean }).strict === true;

for (const mode of ['default', 'strict'] as const) {
  describe.skipIf(mode === 'strict' && !strictAccepted)(`Schemathesis against the stateful mock (${mode} mode)`, () => {
    let mock: HttpMock;
    beforeAll(async () => {
      // No webhook deliveries: the runs subscribe generated URLs.
      const serviceOptions = { webhooks: { delivery: 'none' }, ...(mode === 'strict' ? { strict: true } : {}) } as MockServiceOptions;
      mock = await startHttpMock({ serviceOptions });
    });
    afterAll(async () => {
      await mock?.stop();
    });

    it(mode === 'strict' ? 'passes every check' : 'fails only as triaged', async () => {
      const checks = mode === 'strict' ? CHECKS.strict : CHECKS.mock;
      const { summary, stdout } = await schemathesis(`mock-${mode}`, [
        '--base-url', mock.url, '--project', SEED.projectId, '--email', admin.email, '--password', admin.password,
        '--project-secret', SEED.projectSecret, '--checks', checks.join(','), '--mode', MODES[mode === 'strict' ? 'strict' : 'mock'],
      ]);
      expect(summary.checks).toEqual(checks);
      expect(summary.operations?.tested, stdout).toBe(ALL_OPERATIONS.length);
      expect(summary.links?.covered ?? 0, 'the stateful phase follows the contract\'s links').toBeGreaterThanOrEqual(5);
      expectTriaged(summary, stdout, mode === 'strict' ? [] : MOCK_TRIAGED);
    }, 180_000);
  });
}

describe('Schemathesis against the real server', () => {
  let server: RealServer;
  beforeAll(async () => {
    server = await startRealServer();
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  it('fails only as triaged', async () => {
    const { summary, stdout } = await schemathesis('real-server', [
      '--base-url', server.baseUrl, '--project', server.projectId, '--email', server.email, '--password', server.password,
      '--project-secret', server.projectSecret, '--checks', CHECKS.real.join(','), '--mode', MODES.real,
    ]);
    expect(summary.checks).toEqual(CHECKS.real);
    expect(summary.operations?.tested, stdout).toBe(ALL_OPERATIONS.length);
    expect(summary.links?.covered ?? 0, 'the stateful phase follows the contract\'s links').toBeGreaterThanOrEqual(5);
    expectTriaged(summary, stdout, REAL_TRIAGED);
  }, 240_000);
});

it('keeps every triaged entry about a check the run makes and an operation of the contract', () => {
  for (const [triaged, checks] of [[REAL_TRIAGED, CHECKS.real], [MOCK_TRIAGED, CHECKS.mock]] as const) {
    for (const t of triaged) {
      expect([...checks, NO_ANSWER], t.why).toContain(t.check);
      expect(t.operations.filter((id) => !ALL_OPERATIONS.includes(id)), t.why).toEqual([]);
      expect(t.why.length, t.check).toBeGreaterThan(20);
    }
  }
});
