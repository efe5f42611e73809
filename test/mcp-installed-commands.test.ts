import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';
import { COMMAND_TIMEOUT_MS } from './time-limits';

/**
 * The MCP Inspector commands the READMEs give for an installed copy of `@supportkb/mcp` (the official
 * Inspector by its registry name and version, the package's bin at `node_modules/.bin/supportkb-mcp`):
 * each runs as written in a folder where the package is installed (this repository's root, whose
 * `node_modules` holds the workspace's copy; npx finds the pinned Inspector there, as it would fetch it
 * elsewhere) and answers without a tool error. Needs the built package (`npm run build`).
 */
const exec = promisify(execFile);
const READMES = ['README.md', 'packages/mcp/README.md', 'examples/mcp/README.md'];
const inspector = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies['@modelcontextprotocol/inspector'] as string;
const commands = READMES.flatMap((file) =>
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('npx -y @modelcontextprotocol/inspector@'))
    .map((line) => [file, line] as const),
);

describe('the Inspector commands for an installed copy of @supportkb/mcp', () => {
  it('are in every README that teaches the server, with the version the repository pins', () => {
    expect(new Set(commands.map(([file]) => file))).toEqual(new Set(READMES));
    for (const [file, line] of commands)
      expect(line, file).toMatch(new RegExp(`^npx -y @modelcontextprotocol/inspector@${inspector.replace(/\./g, '\\.')} --cli (-e \\w+=\\w+ )?node_modules/\\.bin/supportkb-mcp --method `));
  });

  // A command two READMEs give alike (the same text, run from the same folder) runs once; each README's test reads its answer.
  const runs = new Map<string, Promise<{ stdout: string }>>();
  const runOnce = (command: string) => {
    let run = runs.get(command);
    if (!run) runs.set(command, (run = exec('sh', ['-c', command], { cwd: root, timeout: COMMAND_TIMEOUT_MS })));
    return run;
  };

  it.each(commands)(
    '%s: %s runs as written and answers without a tool error',
    async (_file, command) => {
      const { stdout } = await runOnce(command);
      const answer = JSON.parse(stdout.slice(stdout.indexOf('{')));
      expect(answer.isError).toBeUndefined();
      expect(answer.tools ?? answer.content).toBeInstanceOf(Array);
    },
    150_000,
  );
});
