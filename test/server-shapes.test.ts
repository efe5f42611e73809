import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../packages/sdk/src/errors';
import { operations, type OperationId } from '../packages/sdk/src/generated/operations.gen';
import { zodValidation } from '../packages/sdk/src/zod';
import { indexContract } from '../scripts/lib/conformance/contract.mjs';
import { dereferencedContract, root } from './contract-helpers';

/**
 * The server-shaped corpus (`test/fixtures/server-shapes/`): bodies the real service sends (captured
 * from it, or written from its route and model code: stored nulls, epoch milliseconds, custom roles,
 * upsert results) and request bodies real clients send. Every one must pass both the contract (Ajv)
 * and the SDK's `zodValidation()` (imported from the SDK's source, so the check follows
 * `npm run generate` without a build); the bodies of `violations.json` break the contract for real
 * and must fail both. `test/contract-mutation.test.ts` breaks the 200 bodies and checks the contract
 * rejects the broken ones.
 */
interface ResponseEntry {
  operationId: string;
  status: number;
  why: string;
  body: unknown;
  contentType?: string;
  /** Response headers the contract requires (e.g. `x-hook-secret`). */
  headers?: Record<string, string>;
}
interface RequestEntry {
  operationId: string;
  why: string;
  body: unknown;
}

const dir = join(root, 'test/fixtures/server-shapes');
const read = <T>(file: string): T[] => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const responseFiles = readdirSync(dir).filter((f) => f.endsWith('.json') && !['requests.json', 'violations.json'].includes(f));
const contract = indexContract(dereferencedContract());
const validator = zodValidation();

/** Ajv's problems with a response entry, through the same checks as `npm run conformance`. */
function contractProblems(entry: ResponseEntry): string[] {
  const contentType = entry.contentType ?? 'application/json';
  // A string body is the text itself for text/* and for the empty body (sent as `application/json` by `res.json(undefined)`).
  const text = typeof entry.body === 'string' && (contentType.startsWith('text/') || entry.body === '') ? entry.body : JSON.stringify(entry.body);
  return contract.checkResponse(entry.operationId, { status: entry.status, contentType, headers: new Headers(entry.headers), text, body: entry.body });
}

/**
 * The SDK's verdict on a 200 body (it validates 200 bodies only; an empty one, whatever its
 * Content-Type, is `undefined`, valid where the contract declares it).
 */
async function sdkAccepts(entry: ResponseEntry): Promise<true | string> {
  if (entry.body === '') {
    return operations[entry.operationId as OperationId].emptyBody ? true : 'an empty body where the contract declares none';
  }
  try {
    await validator.response!(entry.operationId as never, entry.body);
    return true;
  } catch (error) {
    return error instanceof ValidationError ? error.message : String(error);
  }
}

describe('the server-shaped corpus', () => {
  const all = responseFiles.flatMap((file) => read<ResponseEntry>(file).map((entry) => ({ file, entry })));

  it('covers every operation with at least one 200 body', () => {
    const covered = new Set(all.filter(({ entry }) => entry.status === 200).map(({ entry }) => entry.operationId));
    expect(contract.operations.map((op) => op.operationId).filter((id) => !covered.has(id))).toEqual([]);
    for (const { entry } of all) expect(entry.why, `${entry.operationId}: say why the shape is real`).toMatch(/\w{3,}/);
  });

  it.each(all.map(({ file, entry }) => [`${file}: ${entry.operationId} ${entry.status} — ${entry.why.slice(0, 90)}`, entry] as const))('%s', async (_, entry) => {
    expect(contractProblems(entry)).toEqual([]);
    if (entry.status === 200) expect(await sdkAccepts(entry)).toBe(true);
  });
});

describe('request bodies real clients send', () => {
  const requests = read<RequestEntry>('requests.json');
  it.each(requests.map((entry) => [`${entry.operationId} — ${entry.why.slice(0, 90)}`, entry] as const))('%s', async (_, entry) => {
    expect(contract.checkRequest(entry.operationId, entry.body)).toEqual([]);
    await expect(Promise.resolve().then(() => validator.request!(entry.operationId as never, { body: entry.body }))).resolves.toBeUndefined();
  });
});

describe('real violations are still rejected', () => {
  const violations = read<ResponseEntry>('violations.json');
  it('has cases', () => expect(violations.length).toBeGreaterThanOrEqual(5));
  it.each(violations.map((entry) => [`${entry.operationId} — ${entry.why}`, entry] as const))('%s', async (_, entry) => {
    expect(contractProblems(entry).length).toBeGreaterThan(0);
    expect(await sdkAccepts(entry)).not.toBe(true);
  });
});
