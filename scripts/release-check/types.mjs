// The `types` checks: attw on each tarball, then tsc in the scratch project over a consumer of every
// typed entry, under each of the strictest settings a user may have.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, run, step } from './common.mjs';

/** @typedef {import('./common.mjs').StepResult} StepResult */

/**
 * attw on the tarball (profile node16 for dual packages, esm-only for ESM-only ones; untyped asset
 * entries excluded).
 * @param {{ tarball: string, entries: { subpath: string, kind: string, dualCjs: boolean }[] }} p
 * @returns {Promise<StepResult>}
 */
export function attwStep(p) {
  return step('types (attw)', async () => {
    const dual = p.entries.some((e) => e.dualCjs);
    const profile = dual ? 'node16' : 'esm-only';
    const assets = p.entries.filter((e) => e.kind === 'asset').map((e) => e.subpath);
    const args = [bin('@arethetypeswrong/cli', 'dist/index.js'), p.tarball, '--profile', profile, '--no-definitely-typed', '--format', 'ascii', '--no-color', '--no-emoji'];
    if (assets.length) args.push('--exclude-entrypoints', ...assets);
    try {
      await run(process.execPath, args, { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    } catch (error) {
      return { problems: [`attw --profile ${profile}:\n${error.stdout}${error.stderr}`] };
    }
    return { detail: `attw --profile ${profile}: no problems${assets.length ? ` (asset entries not typed: ${assets.join(', ')})` : ''}` };
  });
}

/**
 * What the strictest consumer sets, whatever its module resolution: every strict flag, and the
 * declarations of every package checked (no skipLibCheck).
 */
export const STRICTEST = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false };

/**
 * The consumers' module settings: Node's two resolutions and a bundler's (ESM imports only). The CJS
 * consumer (`import x = require()`) compiles under nodenext only: node16 has no require(esm), and the
 * CJS builds' declarations import ESM-only packages (ky, msw) as Node >= 22, which every package
 * requires (engines), loads them with require(esm).
 * @type {{ name: string, module: string, moduleResolution: string, cjs: boolean }[]}
 */
export const CONSUMERS = [
  { name: 'node16', module: 'node16', moduleResolution: 'node16', cjs: false },
  { name: 'nodenext', module: 'nodenext', moduleResolution: 'nodenext', cjs: true },
  { name: 'bundler', module: 'preserve', moduleResolution: 'bundler', cjs: false },
];

/**
 * tsc compiles a consumer of every typed entry of the installed tarballs, for each of {@link CONSUMERS}
 * with {@link STRICTEST}. Errors inside third-party declaration files are theirs and only counted.
 * @param {{ entries: { spec: string, kind: string, dualCjs: boolean }[] }[]} packages
 * @param {string} project the scratch project where the tarballs are installed
 * @returns {Promise<StepResult>}
 */
export async function tscStep(packages, project) {
  return step('types (tsc)', async () => {
    const esm = [];
    const cjs = [];
    packages.forEach((p, i) =>
      p.entries.forEach((e, j) => {
        if (e.kind === 'asset') return;
        esm.push(`import * as e${i}_${j} from '${e.spec}';\nvoid e${i}_${j};`);
        if (e.dualCjs) cjs.push(`import c${i}_${j} = require('${e.spec}');\nvoid c${i}_${j};`);
      }),
    );
    writeFileSync(join(project, 'consumer.mts'), `${esm.join('\n')}\nexport {};\n`);
    writeFileSync(join(project, 'consumer-bundler.ts'), `${esm.join('\n')}\nexport {};\n`);
    if (cjs.length) writeFileSync(join(project, 'consumer.cts'), `${cjs.join('\n')}\nexport {};\n`);
    const results = await Promise.all(
      CONSUMERS.map(async (consumer) => {
        const files = consumer.module === 'preserve' ? ['consumer-bundler.ts'] : ['consumer.mts', ...(consumer.cjs && cjs.length ? ['consumer.cts'] : [])];
        const compilerOptions = {
          module: consumer.module,
          moduleResolution: consumer.moduleResolution,
          target: 'es2022',
          lib: ['es2023', 'dom', 'dom.iterable'],
          types: ['node'],
          ...STRICTEST,
          noEmit: true,
        };
        const config = `tsconfig.${consumer.name}.json`;
        writeFileSync(join(project, config), JSON.stringify({ compilerOptions, files }, null, 2));
        let output = '';
        try {
          await run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', config, '--pretty', 'false'], { cwd: project, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        } catch (error) {
          output = `${error.stdout}${error.stderr}`;
        }
        // Errors inside third-party declaration files are theirs; ours and the consumers' count.
        const errors = output.split('\n').filter((l) => /error TS\d+/.test(l));
        const ours = errors.filter((l) => /^consumer(-bundler)?\.[mc]?ts/.test(l) || /node_modules\/@supportkb\//.test(l));
        return { consumer, ours, theirs: errors.length - ours.length };
      }),
    );
    const problems = results.flatMap((r) => r.ours.map((line) => `[${r.consumer.name}] ${line}`));
    const theirs = results.map((r) => (r.theirs ? `${r.theirs} in third-party .d.ts ignored (${r.consumer.name})` : '')).filter(Boolean);
    const settings = Object.entries(STRICTEST)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    return {
      problems,
      detail: `tsc (${CONSUMERS.map((c) => c.name).join(', ')}; ${settings}) compiles ${esm.length} ESM and ${cjs.length} CJS imports from the installed tarballs${theirs.length ? ` (errors: ${theirs.join('; ')})` : ''}`,
    };
  });
}
