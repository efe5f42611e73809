import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiOperations, roleAllows, roleLadder, roleRank } from '@supportkb/sdk/manifest'; // the built package, as its consumers import it
import { ROLES as mockRoles, roleRank as mockRank } from '../mocks/src/auth/roles';
import { ROLES as mcpRoles } from '../packages/mcp/src/contract';
import { exposedOperations } from '../packages/mcp/src/operations';
import { createTarget } from '../packages/mcp/src/target';
import { listOperationsText } from '../packages/mcp/src/tools/index';
import { isSignIn, operationsOf, roleLadder as ladderOf } from '../scripts/lib/contract-reader.mjs';
import { indexContract } from '../scripts/lib/conformance/contract.mjs';
import { planOf } from '../scripts/lib/conformance/run.mjs';
import { dereferencedContract, root } from './contract-helpers';

/**
 * Issue 28: one source for every fact. The role ladder is written once, as the contract's
 * `TeammateRole` enum (`x-ranked: lowest-first`); the SDK's generator writes it into the manifest, and
 * the mock, the MCP server and the conformance run read it from there. Sign-ins are marked once, by
 * `x-sign-in`, and every consumer reads that mark.
 */
const doc = dereferencedContract();
const readRoleSchema = () => parse(readFileSync(join(root, 'openapi/components/schemas/TeammateRole.yaml'), 'utf8'));

/** Source files of the consumers (generated code is the generator's output, checked by `npm run generate`'s no-diff test). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(root, dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(relative(root, path));
    return /\.(ts|mjs)$/.test(name) ? [relative(root, path)] : [];
  });
}
const CONSUMERS = ['packages/sdk/src', 'packages/sdk/scripts', 'mocks/src', 'packages/mcp/src', 'packages/mcp/scripts', 'scripts/lib/conformance', 'scripts/docs'];

describe('the role ladder has one source: the contract', () => {
  it("is TeammateRole's enum, lowest first, ranked as the real server's role guard ranks (teammate between user and agent, supervisor between agent and admin)", () => {
    const schema = readRoleSchema();
    expect(schema['x-ranked']).toBe('lowest-first');
    expect(ladderOf(doc)).toEqual(schema.enum);
    expect([...roleLadder]).toEqual(schema.enum);
    expect(roleLadder).toEqual(['guest', 'user', 'teammate', 'agent', 'supervisor', 'admin', 'owner']); // middleware/has-role.js of tiledesk-server 2.19.16
  });

  it('is the very array the mock and the MCP server rank with, and the conformance run knows', () => {
    expect(mockRoles).toBe(roleLadder);
    expect(mcpRoles).toBe(roleLadder);
    expect(mockRank).toBe(roleRank);
    expect(readFileSync(join(root, 'scripts/lib/conformance/risks.mjs'), 'utf8')).toContain("import { roleLadder } from '@supportkb/sdk/manifest';");
  });

  it('is written nowhere else: no consumer lists roles in a literal', () => {
    const literal =
      /['"](guest|user|teammate|agent|supervisor|admin|owner)['"]\s*,\s*['"](guest|user|teammate|agent|supervisor|admin|owner)['"]\s*,\s*['"](guest|user|teammate|agent|supervisor|admin|owner)['"]/;
    const found = CONSUMERS.flatMap(sources).filter((file) => literal.test(readFileSync(join(root, file), 'utf8').replace(/MOCK_ROLES = \[[^\]]*\]/, '')));
    expect(found).toEqual([]);
    // The lint rule cannot import it: it is checked to be `none` and the ladder.
    const rule = parse(readFileSync(join(root, 'redocly.yaml'), 'utf8')).rules['rule/operation-min-role-values'].assertions.enum;
    expect(rule).toEqual(['none', ...roleLadder]);
  });

  it('admits a role and every role above it; a role off the ladder passes only none', () => {
    expect(roleAllows('supervisor', 'agent')).toBe(true);
    expect(roleAllows('supervisor', 'admin')).toBe(false);
    expect(roleAllows('teammate', 'user')).toBe(true);
    expect(roleAllows('teammate', 'agent')).toBe(false);
    expect(roleAllows('custom-role', 'guest')).toBe(false);
    expect(roleAllows('custom-role', 'none')).toBe(true);
    expect(roleRank('root')).toBe(-1);
  });

  it("on a deployment, MCP lists a supervisor's and a teammate's operations by their rank, not every operation", async () => {
    for (const [role, allowed, denied] of [
      ['supervisor', 'listTags', 'countRequests'],
      ['teammate', 'listLabels', 'listTags'],
    ] as const) {
      const fetch: typeof globalThis.fetch = async (input) => {
        const url = new URL(new Request(input).url);
        if (url.pathname.endsWith('/project_users/users/65f1a2b3c4d5e6f708091001')) return Response.json([{ _id: '65f1a2b3c4d5e6f708091002', role }]);
        return new Response('unexpected', { status: 500 });
      };
      const claims = Buffer.from(JSON.stringify({ _id: '65f1a2b3c4d5e6f708091001' })).toString('base64url');
      const target = await createTarget(
        { baseUrl: 'https://api.supportkb.test/v2', projectId: '65f1a2b3c4d5e6f708090a0b', token: `JWT eyJhbGciOiJIUzI1NiJ9.${claims}.c2ln` },
        { fetch, maxRetries: 0 },
      );
      expect(await target.role()).toBe(role);
      const text = listOperationsText({ role: await target.role(), target: target.label });
      expect(text, role).toContain(`acting as ${role}.`);
      expect(text, role).toContain(`${allowed}:`);
      expect(text, role).not.toContain(`${denied}:`);
    }
  });
});

describe('sign-ins are marked once in the contract (x-sign-in)', () => {
  const marked = operationsOf(doc)
    .filter(({ operation }) => isSignIn(operation))
    .map(({ operationId }) => operationId)
    .sort();

  it('on the three sign-in operations, and the manifest carries the mark', () => {
    expect(marked).toEqual(['signIn', 'signInAnonymously', 'signInWithCustomToken']);
    expect(
      Object.values(apiOperations)
        .filter((op) => op.signIn)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(marked);
  });

  it('which the MCP server hides and a read-only conformance run still calls', () => {
    const exposed = exposedOperations({ allowWrites: true }).map((op): string => op.operationId);
    expect(marked.filter((id) => exposed.includes(id))).toEqual([]);
    expect(exposed).toHaveLength(Object.keys(apiOperations).length - marked.length);
    const { writes } = planOf(indexContract(doc));
    expect(marked.filter((id) => writes.includes(id))).toEqual([]);
    expect(writes).toContain('createTag');
  });

  it('is the only way a consumer recognises a sign-in: no tag, resource or security shape', () => {
    const shapes = /tags\?\.\[0\] !== 'Authentication'|HIDDEN_RESOURCES|resource !== 'auth'|security\.length === 1 && entry\.security\[0\]\.type === 'apiKey' && !entry\.hasBody/;
    expect(CONSUMERS.flatMap(sources).filter((file) => shapes.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
