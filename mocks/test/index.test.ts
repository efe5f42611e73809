import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { operations as sdkOperations } from '@supportkb/sdk';
import { operations, startMock, startPrismMock, type HttpMock, type PrismMock } from '../src/index';
import { SEED } from '../src/state/seed';
import { createConformanceCollector } from './support/conformance';
import { COMMAND_TIMEOUT_MS } from '../../test/time-limits';

// Every answer of the stateful servers started here is checked against the contract too.
const conformance = createConformanceCollector();
afterEach(() => expect(conformance.problems.splice(0)).toEqual([]));
const P = SEED.projectId;

describe('startMock', () => {
  it('starts the stateful mock on a real HTTP server by default, in this process', async () => {
    const mock = await startMock({ port: 0, serviceOptions: { onResponse: conformance.onResponse } });
    expectTypeOf(mock).toEqualTypeOf<HttpMock>();
    try {
      expect(mock).toMatchObject({ kind: 'stateful', pid: process.pid, host: '127.0.0.1' });
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const signIn = await fetch(`${mock.url}/auth/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: SEED.members.admin.email, password: SEED.members.admin.password }),
      });
      expect(signIn.status).toBe(200);
      expect(mock.service.store.tags.size).toBe(2);
    } finally {
      await mock.stop();
    }
  });

  // The one start of `prism mock` among the mocks' tests through the API (startMock and startPrismMock
  // are the same call; each start costs about 4.5 CPU-s): test/prism.test.ts starts the proxy mode,
  // test/bin/cli.test.ts the bin.
  it('starts Prism on the contract as a child process with { kind: "prism" } and says where', async () => {
    const mock = await startMock({ kind: 'prism', startTimeoutMs: COMMAND_TIMEOUT_MS }); // Prism starts in about a second idle
    expectTypeOf(mock).toEqualTypeOf<PrismMock>();
    try {
      expect(mock.kind).toBe('prism');
      expect(mock).toMatchObject({ kind: 'prism', host: '127.0.0.1' });
      expect(mock.service).toBeUndefined();
      expect(mock.pid).not.toBe(process.pid);
      expect((await fetch(`${mock.url}/${P}/labels/default`)).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });
});

describe('operations', () => {
  it("re-exports the SDK's manifest", () => {
    expect(operations).toBe(sdkOperations);
  });
});
