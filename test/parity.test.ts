import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndexedContract } from '../scripts/lib/conformance/contract.mjs';
import { compareRuns } from '../scripts/lib/parity/compare.mjs';
import { KNOWN_DIFFERENCES } from '../scripts/lib/parity/known-differences.mjs';
import { runScenario } from '../scripts/lib/parity/run.mjs';
import { parityScenario } from '../scripts/lib/parity/scenario.mjs';
import { startParityTargets } from '../scripts/lib/parity/targets.mjs';
import type { RealServer } from '../scripts/real-server/index.mjs';
import { sharedRealServer } from './real-server-shared';

/**
 * Parity of the stateful mock with the real server (the unmodified open-source server on loopback):
 * the same scenario of calls — every operation with valid and invalid bodies, unknown and malformed
 * ids, wrong roles, odd paging and sorting — against both, answers compared call by call (status,
 * and the body's shape with the texts of error messages). At least 98% must be identical, and the
 * differences must be exactly the listed ones (scripts/lib/parity/known-differences.mjs), each with
 * its reason.
 */
let targets: Awaited<ReturnType<typeof startParityTargets>>;
let real: RealServer | undefined;

beforeAll(async () => {
  // A project of its own on the run's shared real server (test/real-server-shared.ts), as fresh as a server of its own.
  real = await sharedRealServer('parity');
  targets = await startParityTargets({ mockOptions: { warnings: false }, real });
});
afterAll(async () => {
  await targets?.stop(); // the mock (targets given a real server leave it running)
  await real?.stop(); // nothing on the shared server; a server of its own outside the integration project
});

describe('the stateful mock answers as the real server does', () => {
  it('on the parity scenario: at least 98% identical, and only the listed differences', async () => {
    const contract = await loadIndexedContract();
    const steps = parityScenario();
    // Every operation of the contract is on the scenario (a new operation needs its calls in scripts/lib/parity/scenario/).
    const called = new Set(steps.map((step) => step.op));
    expect(contract.operations.map((op) => op.operationId).filter((id) => !called.has(id))).toEqual([]);
    const run = `parity-${Date.now().toString(36)}`;
    // The two runs are independent (two deployments): side by side.
    const [real, mock] = await Promise.all([runScenario({ contract, ...targets.real, run, steps, timeout: 10_000 }), runScenario({ contract, ...targets.mock, run, steps, timeout: 10_000 })]);
    const result = compareRuns(real, mock);
    const ratio = result.same / result.total;
    console.log(
      `parity: ${result.total} calls, same status ${result.sameStatus}, same status and shape ${result.same} (${(100 * ratio).toFixed(1)}%), listed differences ${Object.keys(KNOWN_DIFFERENCES).length}`,
    );
    const unexplained = result.differences
      .filter((d) => !(d.id in KNOWN_DIFFERENCES))
      .map((d) => `${d.id} ${d.method} ${d.url}\n  real ${d.real.status} ${d.real.body.slice(0, 400)}\n  mock ${d.mock.status} ${d.mock.body.slice(0, 400)}`);
    expect(unexplained, unexplained.join('\n')).toEqual([]);
    const stale = Object.keys(KNOWN_DIFFERENCES).filter((id) => !result.differences.some((d) => d.id === id));
    expect(stale, 'listed differences that no longer happen: remove them from known-differences.mjs').toEqual([]);
    expect(ratio).toBeGreaterThanOrEqual(0.98);
  });

  it("compares a posted message's answer without the conversation's last_message, which the real server stores by a race", () => {
    const record = (id: string, body: unknown) => ({ id, op: 'createMessage', method: 'POST', url: '/p/requests/r/messages', status: 200, contentType: 'application/json', body, ms: 1 });
    const message = { _id: 'm', text: 'Anyone there?', request: { _id: 'r', status: 200 } };
    const withLast = { ...message, request: { ...message.request, attributes: { last_message: { _id: 'm', text: 'Anyone there?' } } } };
    // The same answer with and without the stored last_message: the same (an `attributes` left empty by it goes too).
    expect(compareRuns([record('a', message)], [record('a', withLast)]).same).toBe(1);
    // Anything else of the conversation still counts: another attribute, or the request's own fields.
    const other = { ...message, request: { ...message.request, attributes: { last_message: {}, client: 'x' } } };
    expect(compareRuns([record('a', message)], [record('a', other)]).same).toBe(0);
    expect(compareRuns([record('a', message)], [record('a', { ...withLast, request: { ...withLast.request, status: 'open' } })]).same).toBe(0);
    // Another operation's last_message is compared as it is.
    expect(compareRuns([{ ...record('a', message), op: 'getConversation' }], [{ ...record('a', withLast), op: 'getConversation' }]).same).toBe(0);
  });
});
