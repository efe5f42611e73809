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

/** The tsconfig of a consumer in the scratch project (kept with --keep: `npx tsc -p tsconfig.node16.json` there reproduces a failure). */
const configOf = (/** @type {{ name: string }} */ consumer) => `tsconfig.${consumer.name}.json`;

/**
 * Whether an error line of tsc (a path relative to the scratch project first) is ours: in a consumer
 * file or in the declarations of a @supportkb package. Errors inside third-party declaration files
 * are theirs and only counted.
 * @param {string} line
 */
export const isOurs = (line) => /^consumer(-bundler)?\.[mc]?ts/.test(line) || /node_modules\/@supportkb\//.test(line);

/**
 * tsc compiles a consumer of every typed entry of the installed tarballs, for each of {@link CONSUMERS}
 * with {@link STRICTEST}, and checks the consumers and our declarations (tsc-consumers.mjs). Errors
 * inside third-party declaration files are theirs and only counted.
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
    for (const consumer of CONSUMERS) {
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
      writeFileSync(join(project, configOf(consumer)), JSON.stringify({ compilerOptions, files }, null, 2));
    }
    // Every consumer program in one process (tsc-consumers.mjs), which checks our files and the
    // consumers' only: on 2 cores that measured faster than one `tsc -p` per consumer at once. The
    // programs share the files they parse (measured 27.6 -> 23.5 CPU-s for the three packages' three
    // programs, side by side on a loaded machine).
    const { stdout } = await run(process.execPath, [join(import.meta.dirname, 'tsc-consumers.mjs'), project, ...CONSUMERS.map(configOf)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    /** @type {{ config: string, lines: string[] }[]} */
    const programs = JSON.parse(stdout);
    const results = CONSUMERS.map((consumer) => {
      const errors = programs.find((r) => r.config === configOf(consumer))?.lines;
      if (!errors) return { consumer, ours: [`${configOf(consumer)}: not compiled`], theirs: 0 };
      // Errors inside third-party declaration files are theirs; ours and the consumers' count.
      const ours = errors.filter(isOurs);
      return { consumer, ours, theirs: errors.length - ours.length };
    });
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
