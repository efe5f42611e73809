import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

/**
 * The README's user sections and what they point at. `test/readme.test.ts` executes every
 * `<!-- snippet: name -->` ts/js block; this file checks what cannot be executed there: each user
 * section has an executed snippet, the commands of `sh` snippets are npm scripts, the browser
 * snippet is the code of the browser example, the Quick start stays two lines, and every example
 * is listed, documented, a workspace and tested.
 */
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; workspaces: string[] };
const sections = new Map(
  readme
    .split(/\n(?=## )/)
    .filter((part) => part.startsWith('## '))
    .map((part) => [part.slice(3, part.indexOf('\n')).trim(), part] as const),
);
const snippetsOf = (text: string) => [...text.matchAll(/<!-- snippet: ([\w-]+) -->\n```(ts|js|sh)\n([\s\S]*?)```/g)].map((m) => ({ name: m[1]!, lang: m[2]!, code: m[3]! }));
const examples = readdirSync(join(root, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'examples', entry.name, 'package.json')))
  .map((entry) => entry.name);

describe('README user sections', () => {
  it('has one section per user, each with a snippet that test/readme.test.ts executes', () => {
    const names = [...sections.keys()];
    const users = ['Use the SDK', 'Test your frontend with the mocks', 'Review the API'];
    expect(names).toEqual(expect.arrayContaining(users));
    expect(users.map((name) => names.indexOf(name))).toEqual(users.map((name) => names.indexOf(name)).sort((a, b) => a - b));
    for (const name of users) expect(snippetsOf(sections.get(name)!).filter((s) => s.lang !== 'sh').length, name).toBeGreaterThan(0);
  });

  it('keeps the Quick start to two command lines', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(sections.get('Quick start')!)![1]!;
    expect(block.trim().split('\n')).toEqual(['npm ci && npm run demo', 'npm test']);
  });

  it('names only npm scripts that exist in its command snippets', () => {
    const commands = snippetsOf(readme).filter((s) => s.lang === 'sh');
    expect(commands.map((s) => s.name)).toContain('review-commands');
    for (const { code } of commands) {
      const scripts = [...code.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(pkg.scripts, `npm run ${script}`).toHaveProperty([script]);
    }
  });

  it('shows the browser worker setup exactly as examples/browser-app runs it', () => {
    const section = sections.get('Test your frontend with the mocks')!;
    const block = /\*\*In the browser\*\*[\s\S]*?```ts\n([\s\S]*?)```/.exec(section)![1]!;
    const main = readFileSync(join(root, 'examples/browser-app/src/main.ts'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(main, line).toContain(line);
    expect(existsSync(join(root, 'mocks/public/mockServiceWorker.js'))).toBe(true);
  });

  it('lists every example in the layout table; each has a README, is a workspace and (but the demo) has tests', () => {
    expect(examples).toEqual(expect.arrayContaining(['quickstart', 'webhook-receiver', 'frontend-testing', 'browser-app', 'live-inbox']));
    for (const name of examples) {
      expect(sections.get('Layout'), name).toContain(`| \`examples/${name}/\` |`);
      expect(existsSync(join(root, 'examples', name, 'README.md')), `examples/${name}/README.md`).toBe(true);
      expect(pkg.workspaces).toContain(`examples/${name}`);
      if (name === 'quickstart') continue; // run by test/demo.test.ts
      const tests = readdirSync(join(root, 'examples', name, 'test')).filter((file) => file.endsWith('.test.ts'));
      expect(tests.length, `examples/${name}/test`).toBeGreaterThan(0);
    }
  });
});
