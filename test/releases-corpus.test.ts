import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../packages/sdk/src/errors';
import { operations, type OperationId } from '../packages/sdk/src/generated/operations.gen';
import { zodValidation } from '../packages/sdk/src/zod';
import { indexContract } from '../scripts/lib/conformance/contract.mjs';
import { dereferencedContract, root } from './contract-helpers';
import { EXPECTED_FAILURES } from './releases-expected';

/**
 * The answers of older releases of the real server (test/fixtures/releases/<version>.json.gz, the parity
 * scenario captured on each release by scripts/releases/capture.mjs; `<old>-read-by-<new>`: the
 * scenario on release <new> started on the database where it first ran on release <old>, an upgrade)
 * validated against today's
 * contract (Ajv, the checks of `npm run conformance`) and, for 200 bodies, through the SDK's
 * `zodValidation()`. Today's contract requires what 2.19.16 sends, so older releases fail: every
 * failure must be listed in test/releases-expected.ts, and every listed failure must still happen —
 * the table must match exactly, so a contract fix shows up here as entries to delete.
 *
 * `UPDATE_RELEASES_EXPECTED=1 npx vitest run test/releases-corpus.test.ts` writes the failures it
 * sees to build/releases-actual.json (and still compares), to regenerate the table after a capture.
 */
interface Call {
  id: string;
  op: OperationId;
  method: string;
  url: string;
  status: number;
  contentType?: string;
  headers?: Record<string, string>;
  error?: string;
  body: unknown;
}
const dir = join(root, 'test/fixtures/releases');
const corpora = readdirSync(dir)
  .filter((f) => /^\d+\.\d+\.\d+(?:-read-by-\d+\.\d+\.\d+)?\.json\.gz$/.test(f))
  .map((f): { release: string; calls: Call[] } => JSON.parse(gunzipSync(readFileSync(join(dir, f))).toString('utf8')));
const contract = indexContract(dereferencedContract());
const validator = zodValidation();

/** Every failure of one answer: Ajv's problems, then the SDK's issues on a 200 body. */
async function failuresOf(call: Call): Promise<string[]> {
  const contentType = call.contentType ?? null;
  const text = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
  const problems = contract.checkResponse(call.op, { status: call.status, contentType, headers: new Headers(call.headers), text, body: call.body }).map((p: string) => `ajv ${p}`);
  if (call.status === 200) {
    if (call.body === '') {
      if (!operations[call.op].emptyBody) problems.push('zod an empty body where the contract declares none');
    } else {
      try {
        await validator.response!(call.op, call.body);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        for (const issue of error.issues) problems.push(`zod ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      }
    }
  }
  return problems;
}

/** The release that served a corpus: `X`, or `Y` for an upgrade `X-read-by-Y`. */
const servedBy = (release: string) => release.split('-read-by-').pop()!;

/** The issues of each 200 body of `corpus` that passes window-wide but not when held to `serverVersion`. */
async function releaseFailures(corpus: { calls: Call[] }, serverVersion: string): Promise<Record<string, string[]>> {
  const ofRelease = zodValidation({ serverVersion });
  const out: Record<string, string[]> = {};
  for (const call of corpus.calls) {
    if (call.status !== 200 || call.body === '') continue;
    try {
      await validator.response!(call.op, call.body);
    } catch {
      continue; // fails window-wide already: listed in test/releases-expected.ts
    }
    try {
      await ofRelease.response!(call.op, call.body);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      out[call.id] = error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    }
  }
  return out;
}

describe('older releases through zodValidation({ serverVersion })', () => {
  for (const corpus of corpora) {
    it(`${corpus.release}: every answer that passes window-wide passes on the release that sent it`, async () => {
      expect(await releaseFailures(corpus, servedBy(corpus.release))).toEqual({});
    });
  }

  it("holds a release to its own fields: 2.17.9's teammates fail as 2.19.16 answers, 2.10.104's groups as 2.11.6", async () => {
    const of = (release: string) => corpora.find((c) => c.release === release)!;
    const as2_19 = await releaseFailures(of('2.17.9'), '2.19.16');
    expect(as2_19['listTeammates.default']).toEqual(expect.arrayContaining(['0.roleType: missing: release 2.19.16 sends it (every release from 2.18.1)']));
    expect(Object.keys(as2_19).length).toBeGreaterThanOrEqual(20);
    for (const problems of Object.values(as2_19)) for (const problem of problems) expect(problem).toMatch(/(roleType|permissions): missing/);
    const as2_11 = await releaseFailures(of('2.10.104'), '2.11.6');
    expect(as2_11['createGroup.ok']).toEqual(['enabled: missing: release 2.11.6 sends it (every release from 2.11.6)']);
  });
});

describe('every release through zodValidation() without serverVersion, logging', () => {
  for (const corpus of corpora) {
    it(`${corpus.release}: no 200 body has a field the contract does not describe (no "no release sends" warning)`, async () => {
      const warned: unknown[] = [];
      const logger = { debug() {}, info() {}, error() {}, warn: (_message: string, details?: Record<string, unknown>) => warned.push(details) };
      const logging = zodValidation();
      let checked = 0;
      for (const call of corpus.calls) {
        if (call.status !== 200 || call.body === '') continue;
        try {
          await logging.response!(call.op, call.body, { logger });
          checked++;
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error; // listed in test/releases-expected.ts
        }
      }
      expect(checked).toBeGreaterThan(300);
      expect(warned).toEqual([]);
    });
  }
});

describe("older releases against today's contract", () => {
  const actual: Record<string, Record<string, string[]>> = {};

  it('has a corpus for 2.19.16 and at least four older releases, each with the whole scenario', () => {
    const releases = corpora.map((c) => c.release);
    expect(releases).toContain('2.19.16');
    expect(releases.filter((r) => r !== '2.19.16' && !r.includes('-read-by-')).length).toBeGreaterThanOrEqual(4);
    const sizes = new Set(corpora.map((c) => c.calls.length));
    expect(sizes.size, 'every release ran the same scenario').toBe(1);
    expect(Object.keys(EXPECTED_FAILURES).sort()).toEqual(releases.sort());
  });

  for (const corpus of corpora) {
    it(`${corpus.release}: the failing answers are exactly the expected ones`, async () => {
      const failures: Record<string, string[]> = {};
      for (const call of corpus.calls) {
        if (call.status === 0) continue; // no answer within the wait: nothing to validate
        const problems = await failuresOf(call);
        if (problems.length) failures[call.id] = problems;
      }
      actual[corpus.release] = failures;
      if (process.env.UPDATE_RELEASES_EXPECTED) {
        mkdirSync(join(root, 'build'), { recursive: true });
        const file = join(root, 'build/releases-actual.json');
        let previous = {};
        try {
          previous = JSON.parse(readFileSync(file, 'utf8'));
        } catch {}
        writeFileSync(file, JSON.stringify({ ...previous, [corpus.release]: failures }, null, 2));
      }
      expect(failures).toEqual(EXPECTED_FAILURES[corpus.release]);
    });
  }
});
