import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './contract-helpers';
import { COMMAND_TIMEOUT_MS } from './time-limits';

/**
 * Redocly never sends usage data from this project, and `npm run docs` prints no warning: every
 * Redocly command line of the project names one of its configurations, each of which turns telemetry
 * off, and each command runs here with a preload that logs every DNS lookup and TCP connection the
 * process (and its children) attempts: none may happen. The check catches telemetry: the same lint
 * with a configuration without `telemetry: off` connects to Redocly's collector.
 */
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'supportkb-redocly-'));
const hook = join(dir, 'net-hook.mjs');
writeFileSync(
  hook,
  `import net from 'node:net';
import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
const log = (line) => appendFileSync(process.env.SUPPORTKB_NET_LOG, line + '\\n');
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const target = args[0];
  log('connect ' + (target && typeof target === 'object' ? (target.host ?? target.path) + ':' + (target.port ?? '') : String(target)));
  return connect.apply(this, args);
};
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  log('lookup ' + host);
  return lookup.call(this, host, ...rest);
};
`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node args` in the repository with the network log on; returns its output and what it reached for. */
function watched(args: string[]) {
  const log = join(dir, `net-${Math.random().toString(36).slice(2)}.log`);
  const env: NodeJS.ProcessEnv = { ...process.env, SUPPORTKB_NET_LOG: log, NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`, FORCE_COLOR: '0', NO_COLOR: '1' };
  delete env.REDOCLY_TELEMETRY; // the configurations must turn it off themselves
  const run = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS });
  const network = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { status: run.status, output: `${run.stdout}${run.stderr}`, network };
}

const CONFIGS = ['redocly.yaml', 'scripts/docs/redocly.docs.yaml'];
const WARNINGS = /warning|not expected here|⚠|╔|Redoc 3/i;

describe('Redocly in this project', () => {
  it("is always run with one of the project's configurations, each with telemetry off", () => {
    const scripts = Object.entries(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>);
    const commands = scripts.flatMap(([name, line]) => [...line.matchAll(/\bredocly (\w[\w-]*)[^&|;]*/g)].map((match) => ({ name, command: match[0] })));
    expect(commands.length).toBeGreaterThan(3);
    for (const { name, command } of commands) expect(CONFIGS, `${name}: ${command}`).toContain(/--config (\S+)/.exec(command)?.[1]);
    // The scripts that call the CLI themselves: the docs page (docs config) and the bundled contract (root config).
    expect(readFileSync(join(root, 'scripts/docs/build.mjs'), 'utf8')).toMatch(/'build-docs'[^\n]*'--config', join\(here, 'redocly\.docs\.yaml'\)/);
    expect(readFileSync(join(root, 'scripts/lib/contract-source.mjs'), 'utf8')).toMatch(/'bundle'[^\n]*'--config', join\(root, 'redocly\.yaml'\)/);
    for (const config of CONFIGS) expect(readFileSync(join(root, config), 'utf8'), config).toMatch(/^telemetry: off$/m);
  });

  it.each([
    ['lint', 'redocly.yaml', ['--format', 'summary']],
    ['bundle', 'redocly.yaml', ['-o', join(dir, 'bundled.yaml')]],
    ['bundle', 'scripts/docs/redocly.docs.yaml', ['--ext', 'json', '-o', join(dir, 'decorated.json')]],
  ])(
    '%s with %s: no warning about the configuration, no connection',
    (command, config, extra) => {
      const run = watched([cli, command, 'openapi/openapi.yaml', '--config', config, ...extra]);
      expect(run.status, run.output).toBe(0);
      expect(run.output).not.toMatch(WARNINGS);
      expect(run.network).toEqual([]);
    },
    COMMAND_TIMEOUT_MS,
  );

  it('the docs page build (scripts/docs/build.mjs, as npm run docs runs it): no warning, no banner, no connection', () => {
    const run = watched(['scripts/docs/build.mjs', '--out', join(dir, 'docs/index.html')]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('bundled successfully');
    expect(run.output).not.toMatch(WARNINGS);
    expect(run.network).toEqual([]);
  });

  it('the network log sees telemetry where a configuration leaves it on', () => {
    const config = join(dir, 'telemetry-on.yaml');
    writeFileSync(config, 'extends:\n  - recommended\n');
    const run = watched([cli, 'lint', 'openapi/openapi.yaml', '--config', config, '--format', 'summary']);
    expect(run.network.join('\n')).toMatch(/redocly\.com/);
  });
});
