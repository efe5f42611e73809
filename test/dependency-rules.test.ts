/**
 * The layering rules of `.dependency-cruiser.cjs` (`npm run lint:deps`, in `npm test`) catch what they
 * are for: one planted violation of each in test/fixtures/layering/ (which the lint itself excludes),
 * the query engine's rule under both its names (mocks/src/model/ and mocks/src/mongoose/).
 */
import { createRequire } from 'node:module';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

const require = createRequire(import.meta.url);
const config: IConfiguration = require('../.dependency-cruiser.cjs');

describe('the dependency rules', () => {
  it('find each planted violation (a cycle once), and nothing else', async () => {
    process.chdir(root);
    const result = await cruise(['test/fixtures/layering'], { ruleSet: { forbidden: config.forbidden ?? [] }, validate: true, tsPreCompilationDeps: true, exclude: { path: 'node_modules' } });
    if (typeof result.output === 'string') throw new Error('dependency-cruiser answered with text, not a result');
    const found = result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual([
      'no-circular: test/fixtures/layering/cycle/a.ts → test/fixtures/layering/cycle/b.ts',
      'query-engine-not-resources: test/fixtures/layering/mocks/src/model/engine.ts → test/fixtures/layering/mocks/src/resources/tags.ts',
      'query-engine-not-resources: test/fixtures/layering/mocks/src/mongoose/engine.ts → test/fixtures/layering/mocks/src/resources/tags.ts',
      'sdk-internal-private: test/fixtures/layering/packages/mcp/src/leak.ts → test/fixtures/layering/packages/sdk/src/internal/body.ts',
    ]);
  });
});
