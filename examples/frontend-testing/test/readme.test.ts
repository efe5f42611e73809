import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS } from '../../../test/time-limits';

/**
 * The code blocks of this example's README, as mocks/test/readme-snippets.test.ts runs the mocks'
 * README: each ```ts snippet=<name> block is written to .snippets/<name>.mts (a folder next to
 * test/, so its `../src/leads-inbox.ts` import is the view model) and run with this Node (24; the
 * TypeScript by its type stripping) from the example's folder, against the built packages (`npm run
 * build` first); every `// → text` comment must be in what it prints, and nothing may go to stderr.
 * The ```json block is the scenario file itself; the other blocks are commands (```text).
 */
const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const dir = `${exampleDir}.snippets`;
const readme = readFileSync(`${exampleDir}README.md`, 'utf8');
const blocks = [...readme.matchAll(/^```(\w*)( snippet=([\w-]+))?[^\n]*\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1]!, name: m[3], code: m[4]! }));
const snippets = blocks.filter((b) => b.lang === 'ts' || b.lang === 'js');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/frontend-testing/README.md', () => {
  it('has the setup, scenario, fault and replay snippets, the scenario file and commands only as text', () => {
    expect(snippets.map((s) => s.name)).toEqual(['setup', 'scenario', 'faults', 'replay']);
    expect(blocks.map((b) => b.lang).filter((lang) => !['ts', 'json', 'text'].includes(lang))).toEqual([]);
  });

  it('shows test/scenarios/inbox.json as it is', () => {
    const json = blocks.filter((b) => b.lang === 'json');
    expect(json).toHaveLength(1);
    expect(JSON.parse(json[0]!.code)).toEqual(JSON.parse(readFileSync(`${exampleDir}test/scenarios/inbox.json`, 'utf8')));
  });

  it.concurrent.each(snippets.map((s) => [s.name!, s.code] as const))('runs the %s snippet', async (name, code) => {
    mkdirSync(dir, { recursive: true });
    const file = `${dir}/${name}.mts`;
    writeFileSync(file, code);
    const { stdout, stderr } = await run(process.execPath, [file], { cwd: exampleDir, timeout: COMMAND_TIMEOUT_MS }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`${name} snippet failed:\n${error.stdout}\n${error.stderr}`);
    });
    const expected = [...code.matchAll(/\/\/ → (.+)$/gm)].map((m) => m[1]!.trim());
    expect(expected.length, `${name}: a snippet says what it prints`).toBeGreaterThan(0);
    for (const line of expected) expect(stdout, name).toContain(line);
    expect(stderr).toBe('');
  });
});
