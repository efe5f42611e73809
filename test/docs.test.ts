import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { bundledContract, operations, root } from './contract-helpers';

it('`npm run docs` builds one self-contained Redoc page carrying every operation and the webhook', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'supportkb-docs-')), 'index.html');
  // The same command as the `docs` script, into a scratch folder.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'build-docs', join(root, 'openapi/openapi.yaml'), '--config', join(root, 'redocly.yaml'), '--inlineBundle', '-o', out],
    { stdio: 'pipe' },
  );
  const html = readFileSync(out, 'utf8');
  // Self-contained: Redoc is inlined, no script is loaded from a CDN.
  expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
  expect(html).toContain('<script type="module">');
  expect(html.length).toBeGreaterThan(1_000_000);
  const doc = bundledContract();
  for (const { operation } of operations(doc)) expect(html, operation.operationId).toContain(`"operationId":"${operation.operationId}"`);
  expect(html).toContain('"message.create"');
  for (const tag of doc.tags) expect(html, tag.name).toContain(`"name":"${tag.name}"`);
});
