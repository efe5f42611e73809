/**
 * Test harness: the stateful service behind MSW's `setupServer`, every answer checked against the
 * contract (see conformance.ts), and a small `api()` client.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createMockService } from '../../src/service/create';
import type { MockService, MockServiceOptions } from '../../src/service/options';
import { createConformanceCollector } from './conformance';

/** Where the tests send requests (any origin works: the handlers answer at `*`). */
export const BASE = 'http://api.supportkb.test';
export const PID = '65f1a2b3c4d5e6f708090a0b';

export interface Harness {
  service: MockService;
  server: ReturnType<typeof setupServer>;
  conformance: ReturnType<typeof createConformanceCollector>;
  api: (path: string, init?: ApiInit) => Promise<ApiResult>;
  as: (role: 'owner' | 'admin' | 'agent' | 'guest') => Promise<string>;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  /** Raw body text (sent as is). */
  raw?: string;
  auth?: string | null;
  headers?: Record<string, string>;
}

export interface ApiResult {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/**
 * Registers beforeAll/afterEach/afterAll hooks: listen, check conformance after each test, reset
 * the store and handlers, close.
 */
export function useMock(options: MockServiceOptions = {}): Harness {
  const conformance = createConformanceCollector();
  const service = createMockService({ clock: { frozen: true }, webhooks: { baseDelayMs: 5 }, ...options, onResponse: conformance.onResponse });
  const server = setupServer(...service.handlers);
  const tokens = new Map<string, string>();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(async () => {
    await service.webhooksIdle();
    server.resetHandlers();
    service.reset();
    const problems = conformance.problems.splice(0);
    expect(problems, 'every answer conforms to the contract').toEqual([]);
  });
  afterAll(() => server.close());
  const as = async (role: 'owner' | 'admin' | 'agent' | 'guest') => {
    if (!tokens.has(role)) tokens.set(role, await service.authorization(role));
    return tokens.get(role)!;
  };
  const api = async (path: string, init: ApiInit = {}): Promise<ApiResult> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.auth) headers.Authorization = init.auth;
    let body: string | undefined;
    if (init.raw !== undefined) body = init.raw;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(`${BASE}${path}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // text body
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  };
  return { service, server, conformance, api, as };
}
