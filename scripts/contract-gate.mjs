#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 20 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Breaking-change gate (`npm run contract:gate`): compares the current contract with the contract of
// the last release and fails on a change that breaks the SDK's users, unless a pending changeset bumps
// @supportkb/sdk by major.
//
// Inputs (all optional):
//   --baseline <file>    the released contract (default openapi/released/openapi.yaml, written by
//                        `npm run version-packages` through `npm run contract:baseline`)
//   --current <file>     a bundled contract to check (default: openapi/openapi.yaml, bundled by Redocly
//                        into a temporary file, so the check never reads a stale openapi/dist)
//   --changesets <dir>   the pending changesets (default .changeset)
//   --json               print the result as JSON instead of text
// Output: one line per breaking change (operation · place · what changed · why it breaks), the number
// of non-breaking changes, and the verdict.
// Exit codes: 0 no breaking change, or breaking changes covered by a pending major changeset for
// @supportkb/sdk (listed); 1 breaking changes without one; 2 bad arguments or unreadable contracts.
// Classification: api-smart-diff plus the project's rules (scripts/lib/contract-diff.mjs).
// Imported, it runs nothing: `contractChanges()` is the diff it computes, which the docs' changelog
// (scripts/docs/changelog.mjs) publishes.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareContracts, majorSdkChangesets, readBundledContract, SDK_PACKAGE } from './lib/contract-diff.mjs';
import { bundledContract } from './lib/contract-source.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The released contract the gate compares with, by default. */
export const BASELINE = join(root, 'openapi/released/openapi.yaml');

/**
 * The gate's diff, for other tools (the docs' changelog, scripts/docs/changelog.mjs): the changes
 * from the released contract to the current one, as the gate classifies them.
 * @param {{ baseline?: string, current?: any }} [options] `baseline`: the released contract's file
 *   (default {@link BASELINE}); `current`: a bundled contract (default: openapi/openapi.yaml, bundled now)
 * @returns {{ breaking: import('./lib/contract-diff.mjs').ContractChange[], nonBreaking: import('./lib/contract-diff.mjs').ContractChange[] }}
 * @throws {Error} when the baseline is missing or a contract cannot be read or compared
 */
export function contractChanges({ baseline = BASELINE, current } = {}) {
  if (!existsSync(baseline)) throw new Error(`no released contract at ${baseline}: write it with \`npm run contract:baseline\` (done by \`npm run version-packages\`).`);
  return compareContracts(readBundledContract(baseline), current ?? bundledContract());
}

/** The command line (above). */
function main() {
  function fail(message) {
    console.error(`contract-gate: ${message}`);
    process.exit(2);
  }

  let args;
  try {
    args = parseArgs({
      options: {
        baseline: { type: 'string', default: BASELINE },
        current: { type: 'string' },
        changesets: { type: 'string', default: join(root, '.changeset') },
        json: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(error.message);
  }

  const baselineFile = resolve(args.baseline);
  if (!existsSync(baselineFile)) fail(`no released contract at ${baselineFile}: write it with \`npm run contract:baseline\` (done by \`npm run version-packages\`).`);

  let current;
  try {
    current = args.current ? readBundledContract(resolve(args.current)) : bundledContract();
  } catch (error) {
    fail(error.message);
  }

  let result;
  try {
    const started = Date.now();
    result = contractChanges({ baseline: baselineFile, current });
    result.ms = Date.now() - started;
  } catch (error) {
    fail(`cannot compare the contracts: ${error.message}`);
  }

  const overrides = majorSdkChangesets(args.changesets);
  const blocked = result.breaking.length > 0 && overrides.length === 0;
  const show = (file) => relative(process.cwd(), file) || file;

  if (args.json) {
    console.log(
      JSON.stringify(
        {
          baseline: show(baselineFile),
          current: args.current ? show(resolve(args.current)) : 'openapi/openapi.yaml',
          breaking: result.breaking,
          nonBreaking: result.nonBreaking.length,
          majorChangesets: overrides,
          ok: !blocked,
        },
        null,
        2,
      ),
    );
  } else {
    const against = `${args.current ? show(resolve(args.current)) : 'openapi/openapi.yaml'} against ${show(baselineFile)}`;
    if (result.breaking.length === 0) {
      console.log(`contract-gate: no breaking change (${against}; ${result.nonBreaking.length} non-breaking changes, ${result.ms} ms).`);
    } else {
      console.log(`contract-gate: ${result.breaking.length} breaking change(s) in ${against}:`);
      const seen = new Set();
      for (const change of result.breaking) {
        const line = `  ✗ ${change.location}: ${change.summary} (${change.reason === 'breaking' ? 'breaking for callers' : change.reason})`;
        if (!seen.has(line)) console.log(line);
        seen.add(line);
      }
      console.log(`  (${result.nonBreaking.length} non-breaking changes not listed)`);
      if (blocked) {
        console.log(
          `contract-gate: FAILED. Either undo the breaking change, or release it as a major version of ${SDK_PACKAGE}:\n` +
            `  npx changeset add --major ${SDK_PACKAGE} -m "<what breaks and how to migrate>"`,
        );
      } else {
        console.log(`contract-gate: allowed by the pending major changeset(s) for ${SDK_PACKAGE}: ${overrides.join(', ')}.`);
      }
    }
  }
  // exitCode, not exit(): a long report written to a pipe must be flushed before the process ends.
  process.exitCode = blocked ? 1 : 0;
}

if (import.meta.main ?? resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) main();
