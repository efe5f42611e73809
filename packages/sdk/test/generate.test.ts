import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const sdk = fileURLToPath(new URL('..', import.meta.url));
const root = join(sdk, '../..');

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

it('regenerating the SDK from the contract gives no diff with the committed src/generated', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'supportkb-generate-'));
  const bundle = join(scratch, 'openapi.yaml');
  const output = join(scratch, 'generated');
  execFileSync(process.execPath, [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'bundle', join(root, 'openapi/openapi.yaml'), '--config', join(root, 'redocly.yaml'), '-o', bundle], { stdio: 'pipe' });
  execFileSync(process.execPath, [join(root, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '-f', 'openapi-ts.config.ts'], {
    cwd: sdk,
    stdio: 'pipe',
    env: { ...process.env, SUPPORTKB_GENERATE_INPUT: bundle, SUPPORTKB_GENERATE_OUTPUT: output },
  });
  execFileSync(process.execPath, ['scripts/generate-operations.mjs'], {
    cwd: sdk,
    stdio: 'pipe',
    env: { ...process.env, SUPPORTKB_GENERATE_INPUT: bundle, SUPPORTKB_GENERATE_OUTPUT: output },
  });
  const fresh = files(output);
  const committed = files(join(sdk, 'src/generated'));
  expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
  const differing = [...fresh].filter(([name, text]) => committed.get(name) !== text).map(([name]) => name);
  expect(differing, 'regenerate with `npm run generate` and commit src/generated').toEqual([]);
});
