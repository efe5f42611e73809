// The `entries` check: Node imports and requires every code entry of the installed packages, asset
// entries resolve, browser-only entries bundle for the browser, bins are linked and parse.
import { existsSync, lstatSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeIn, step } from './common.mjs';

export async function entriesStep(p, project) {
  return step('entries', async () => {
    const problems = [];
    const details = [];
    const code = p.entries.filter((e) => e.kind === 'code');
    const specs = JSON.stringify(code.map((e) => e.spec));
    const probe = (load) => `
      const results = {};
      for (const spec of ${specs}) {
        try { const m = ${load}; results[spec] = { ok: true, names: Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule' && k !== 'module.exports').sort() }; }
        catch (e) { results[spec] = { ok: false, error: String(e.code ?? '') + ' ' + String(e.message).split('\\n')[0] }; }
      }
      process.stdout.write(JSON.stringify(results));`;
    writeFileSync(join(project, `probe-${p.packed.filename}.mjs`), probe('await import(spec)'));
    writeFileSync(join(project, `probe-${p.packed.filename}.cjs`), probe('require(spec)'));
    const [esm, cjs] = await Promise.all([nodeIn(project, [`probe-${p.packed.filename}.mjs`]).then(JSON.parse), nodeIn(project, [`probe-${p.packed.filename}.cjs`]).then(JSON.parse)]);
    for (const e of code) {
      const i = esm[e.spec];
      const r = cjs[e.spec];
      if (!i.ok) problems.push(`import('${e.spec}') failed: ${i.error}`);
      else if (i.names.length === 0) problems.push(`import('${e.spec}') exports nothing`);
      if (e.requireable) {
        if (!r.ok) problems.push(`require('${e.spec}') failed: ${r.error}`);
        else if (e.dualCjs && i.ok && JSON.stringify(i.names) !== JSON.stringify(r.names)) {
          const onlyEsm = i.names.filter((n) => !r.names.includes(n));
          const onlyCjs = r.names.filter((n) => !i.names.includes(n));
          problems.push(`'${e.spec}': the ESM and CJS builds export different names (ESM only: ${onlyEsm.join(', ') || '-'}; CJS only: ${onlyCjs.join(', ') || '-'})`);
        }
      }
      details.push(`${e.subpath} import${e.requireable ? ` + ${e.dualCjs ? 'require' : 'require(esm)'}` : ''} (${i.ok ? i.names.length : 0} exports)`);
    }
    // Asset entries resolve to a shipped file.
    const assets = p.entries.filter((e) => e.kind === 'asset');
    if (assets.length) {
      const resolved = JSON.parse(
        await nodeIn(project, [
          '--input-type=module',
          '-e',
          `process.stdout.write(JSON.stringify(${JSON.stringify(assets.map((a) => a.spec))}.map((s) => { try { return import.meta.resolve(s); } catch (e) { return 'error: ' + e.message; } })))`,
        ]),
      );
      assets.forEach((a, i) => {
        const url = resolved[i];
        if (!url.startsWith('file:') || !existsSync(fileURLToPath(url))) problems.push(`asset '${a.spec}' does not resolve to a file: ${url}`);
        else details.push(`${a.subpath} (asset, resolves)`);
      });
    }
    // Browser-only entries build for the browser.
    const esbuild = await import('esbuild');
    for (const e of p.entries.filter((x) => x.kind === 'browser')) {
      try {
        await esbuild.build({
          stdin: { contents: `export * from '${e.spec}';`, resolveDir: project, loader: 'js' },
          absWorkingDir: project,
          bundle: true,
          write: false,
          platform: 'browser',
          format: 'esm',
          logLevel: 'silent',
        });
        details.push(`${e.subpath} (browser-only: bundles for the browser)`);
      } catch (error) {
        problems.push(`browser entry '${e.spec}' does not bundle for the browser: ${error.message.split('\n').slice(0, 4).join(' ')}`);
      }
    }
    // Bins.
    const bins = typeof p.manifest.bin === 'string' ? { [p.manifest.name.split('/').pop()]: p.manifest.bin } : (p.manifest.bin ?? {});
    for (const [name] of Object.entries(bins)) {
      const link = join(project, 'node_modules/.bin', name);
      if (!existsSync(link)) {
        problems.push(`bin ${name} is not linked into node_modules/.bin`);
        continue;
      }
      const file = realpathSync(link);
      if (!readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node')) problems.push(`bin ${name} does not start with #!/usr/bin/env node`);
      if (!(lstatSync(file).mode & 0o111)) problems.push(`bin ${name} is not executable`);
      try {
        await nodeIn(project, ['--check', file]);
      } catch (error) {
        problems.push(`bin ${name} does not parse: ${error.stderr}`);
      }
      details.push(`bin ${name}`);
    }
    return { problems, detail: details.join('; ') };
  });
}
