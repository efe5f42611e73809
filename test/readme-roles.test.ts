import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { dereferencedContract, operations, root } from './contract-helpers';

/**
 * The README's SDK section states the minimum role of every resource group, where SDK users look;
 * each row must name exactly the `x-min-role` values of the group's operations in the contract.
 */
it('the README states the minimum role of each resource group, as the contract requires it', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/\n(?=## )/).find((part) => part.startsWith('## Use the SDK\n'))!;
  const table = /\*\*Roles\.\*\*[\s\S]*?\n\| resource group \(client\) \| minimum role \|\n\|---\|---\|\n((?:\|.*\|\n)+)/.exec(section);
  expect(table, 'a "**Roles.**" paragraph with a `| resource group (client) | minimum role |` table').not.toBeNull();
  const rows = new Map(
    table![1]!
      .trim()
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map(([, group, roles]) => [group!.replace(/ \(`[^`]+`\)$/, ''), roles!] as const),
  );
  const doc = dereferencedContract();
  const expected = new Map<string, Set<string>>();
  for (const { operation } of operations(doc)) expected.set(operation.tags[0], (expected.get(operation.tags[0]) ?? new Set()).add(operation['x-min-role']));
  expect([...rows.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [group, roles] of expected) {
    const cell = rows.get(group)!;
    const stated = new Set([...cell.matchAll(/\*\*(\w+)\*\*/g)].map((m) => m[1]!));
    if (/^none\b|\bnone to\b/.test(cell)) stated.add('none');
    expect([...stated].sort(), group).toEqual([...roles].sort());
  }
});
