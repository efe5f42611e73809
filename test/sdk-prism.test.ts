import * as sdk from '@supportkb/sdk';
import { startPrismMock, type RunningMock } from '@supportkb/mocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { operationSchemas } from '../packages/sdk/src/generated/operation-schemas.gen';
import { dereferencedContract, firstExample, operations, parametersOf, type OperationEntry } from './contract-helpers';

/**
 * Every operation of the contract, called through the built SDK (`@supportkb/sdk`'s dist)
 * against Prism serving the bundled contract. Inputs come from the contract's own examples.
 */
const doc = dereferencedContract();
const entries = operations(doc);
let prism: RunningMock;

beforeAll(async () => {
  prism = await startPrismMock();
});
afterAll(async () => {
  await prism?.stop();
});

/** The call options of an operation, built from the examples of its parameters and request body. */
function inputs(entry: OperationEntry) {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const p of parametersOf(entry)) {
    if (p.in === 'path') path[p.name] = p.example;
    if (p.in === 'query' && p.required) query[p.name] = p.example;
  }
  const body = entry.operation.requestBody ? firstExample(entry.operation.requestBody.content['application/json']) : undefined;
  return {
    ...(Object.keys(path).length ? { path } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

describe('every operation through the built SDK against Prism', () => {
  it('covers every operation, each with an SDK function and a zod response schema', () => {
    expect(entries.length).toBeGreaterThan(60);
    for (const { operation } of entries) {
      expect(typeof (sdk as any)[operation.operationId], operation.operationId).toBe('function');
      expect(operationSchemas[operation.operationId as sdk.OperationId].response, operation.operationId).toBeDefined();
    }
  });

  it.each(entries.map((e) => [e.operation.operationId, e] as const))('%s answers 200 with a body that passes its zod schema', async (operationId, entry) => {
    const http = sdk.createHttpClient({ baseUrl: prism.url, auth: { token: 'JWT eyJhbGciOiJIUzI1NiJ9.e30.signature' }, maxRetries: 0 });
    const call = (sdk as any)[operationId] as (options: object) => Promise<{ data: unknown; response: Response }>;
    const result = await call({ client: http.client, ...inputs(entry) });
    expect(result.response.status).toBe(200);
    const parsed = safeParse(operationSchemas[operationId as sdk.OperationId].response!(), result.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
  });
});

describe('Prism enforces the contract', () => {
  it('answers 401 without Authorization on a protected operation', async () => {
    const http = sdk.createHttpClient({ baseUrl: prism.url, maxRetries: 0 });
    const failure = await sdk.listTags({ client: http.client, path: { project_id: '65f1a2b3c4d5e6f708090a0b' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(sdk.AuthenticationError);
    expect((failure as InstanceType<typeof sdk.AuthenticationError>).status).toBe(401);
    expect((failure as InstanceType<typeof sdk.AuthenticationError>).body).toBe('Unauthorized');
  });

  it('answers 422 on an invalid request body', async () => {
    const response = await fetch(`${prism.url}/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 42 }),
    });
    expect(response.status).toBe(422);
  });
});
