/**
 * CONTRIBUTING.md's recipes name the files a change touches: every repository path it names in
 * backticks exists, so a recipe cannot send a contributor to a file that moved.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

const text = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');

/** The code spans that are paths in the repository: they start with a top-level folder or name a root file. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return [...new Set(spans.filter((span) => /^(openapi|packages|mocks|scripts|test|bench|examples|\.changeset)\/[^<>*]*$/.test(span) || /^[A-Z]+\.md$/.test(span)))];
}

describe('CONTRIBUTING.md', () => {
  const paths = namedPaths(text);

  it('names the files of its recipes', () => {
    expect(paths.length).toBeGreaterThan(15);
    expect(paths).toContain('mocks/src/models/lead.ts');
  });

  it.each(paths)('%s exists', (path) => {
    expect(existsSync(join(root, path))).toBe(true);
  });

  it('has the four recipes and the versioning rule', () => {
    for (const heading of ['## A new field on a resource', '## A new operation', '## A new MCP tool', '## A new scenario fault kind', '## Versioning']) expect(text).toContain(heading);
  });
});
