/**
 * The security lint (`npm run lint:security`: Spectral + the OWASP API Security ruleset, .spectral.mjs):
 * its exceptions are few, reasoned and current, and the rules it keeps still catch insecure contracts
 * (a small insecure fixture contract made here).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { document, off, offAt } from '../scripts/lib/security-exceptions.mjs';
import { dereferencedContract, root } from './contract-helpers';

const owaspRules: Record<string, unknown> = owasp.rules;

describe('the exceptions', () => {
  const contract = dereferencedContract();
  const at = (pointer: string) =>
    pointer
      .slice(1)
      .split('/')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((node, key) => node?.[key], contract);

  it('name real OWASP rules, each with a one-line reason', () => {
    const all = [...Object.entries(off), ...offAt.map(([, rule, reason]) => [rule, reason] as const)];
    for (const [rule, reason] of all) {
      expect(Object.keys(owaspRules), rule).toContain(rule);
      expect(reason, rule).toMatch(/^[^\n]{20,240}$/);
    }
    for (const [, rule] of offAt) expect(Object.keys(off), `${rule} is off everywhere already`).not.toContain(rule);
  });

  it('point at places that exist in the bundled contract', () => {
    expect(document).toBe('openapi/dist/openapi.yaml');
    for (const [pointer, rule] of offAt) expect(at(pointer), `${rule} at ${pointer}`).toBeDefined();
  });

  it('leave most of the ruleset on', () => {
    const kept = Object.keys(owaspRules).filter((r) => !(r in off));
    expect(kept.length).toBeGreaterThan(Object.keys(off).length * 2);
  });
});

describe('the kept rules still catch insecure contracts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'supportkb-security-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('flags keys in URLs, numeric ids, an unprotected write, plain-http servers, a 429 without Retry-After and missing validation errors', () => {
    const errorBody = { description: 'Error', content: { 'application/json': { schema: { type: 'object', properties: { msg: { type: 'string' } } } } } };
    const insecure = {
      openapi: '3.1.0',
      info: { title: 'Insecure fixture', version: '1.0.0' },
      servers: [{ url: 'http://api.example.com', description: 'production', 'x-internal': false }],
      security: [{ key: [] }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' } } },
      paths: {
        '/things/{thing_id}': {
          parameters: [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'integer' } }],
          delete: {
            operationId: 'deleteThing',
            security: [],
            responses: { '200': { description: 'ok' }, '400': errorBody, '401': errorBody, '500': errorBody },
          },
          put: {
            operationId: 'putThing',
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
            responses: { '200': { description: 'ok' }, '401': errorBody, '429': { ...errorBody, headers: { 'X-Quota': { schema: { type: 'string', enum: ['plan'] } } } }, '500': errorBody },
          },
        },
      },
    };
    const file = join(dir, 'insecure.yaml');
    writeFileSync(file, stringify(insecure));
    const run = spawnSync(process.execPath, [join(root, 'node_modules/@stoplight/spectral-cli/dist/index.js'), 'lint', file, '--ruleset', join(root, '.spectral.mjs'), '-f', 'json', '--quiet'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(1);
    const codes = new Set(JSON.parse(run.stdout).map((d: { code: string }) => d.code));
    for (const code of [
      'owasp:api2:2023-no-api-keys-in-url',
      'owasp:api1:2023-no-numeric-ids',
      'owasp:api2:2023-write-restricted',
      'owasp:api8:2023-no-server-http',
      'owasp:api4:2023-rate-limit-retry-after',
      'owasp:api8:2023-define-error-validation',
    ]) {
      expect([...codes], code).toContain(code);
    }
    for (const code of Object.keys(off)) expect([...codes], `${code} is off`).not.toContain(code);
  });
});
