/**
 * The number of operations is a fact of the contract; code takes it from the SDK's manifest
 * (`Object.keys(operations).length`) and prose that states it ("all 64 operations") is checked here
 * against the contract, so adding an operation fails this test until the docs say the new number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** The operations of the contract's source: every method of every path item, the split files included. */
function contractOperationCount(): number {
  const doc = parse(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8')) as { paths: Record<string, { $ref?: string } & Record<string, unknown>> };
  let count = 0;
  for (const item of Object.values(doc.paths)) {
    const resolved = item.$ref ? (parse(readFileSync(join(root, 'openapi', item.$ref), 'utf8')) as Record<string, unknown>) : item;
    count += Object.keys(resolved).filter((key) => METHODS.has(key)).length;
  }
  return count;
}

/** The Markdown files of the repository that describe it (not the changesets' history, not node_modules). */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'build' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') && entry.name !== 'CHANGELOG.md' ? [path] : [];
  });
}

/** "all 64 operations", "the 64 operations", "64 operations of the contract": each number stated, with where. */
function statedCounts(): { where: string; count: number }[] {
  return markdownFiles(root).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        [...line.matchAll(/\b(?:all|the|every one of the) (\d+) operations\b|\b(\d+) operations of the contract\b/g)].map((m) => ({
          where: `${relative(root, file)}:${i + 1}`,
          count: Number(m[1] ?? m[2]),
        })),
      ),
  );
}

describe('the number of operations', () => {
  const count = contractOperationCount();

  it('is counted from the contract', () => {
    expect(count).toBeGreaterThan(50);
  });

  it('is the number the SDK manifest has', async () => {
    const { operations } = await import('../packages/sdk/src/generated/operations.gen');
    expect(Object.keys(operations)).toHaveLength(count);
  });

  it('is the number every doc states', () => {
    const stated = statedCounts();
    expect(stated.length).toBeGreaterThan(10);
    expect(stated.filter((s) => s.count !== count)).toEqual([]);
  });
});
