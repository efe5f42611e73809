// @ts-nocheck -- BASELINE: 8 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Bundle sizes of the SDK for the browser (`npm run bench:bundle`): each bundle is "import + one call",
// built by esbuild from the published files (packages/sdk/dist, ESM), minified, code splitting on (as
// an application's bundler would: a dynamic `import()` becomes a chunk of its own), each output file
// gzipped on its own. "Before the first call" is the entry file and every chunk it imports statically;
// "on the first call" is what its dynamic imports load (transitively, minus what was already loaded).
//
// The breakdown ("where the bytes go") bundles the same code from packages/sdk/src (TypeScript,
// same tree-shaking) and attributes each byte of the minified output to its input file through the
// bundle's source map. A part's gzip figure is its marginal cost: the output's gzip size minus the
// gzip size of the same output with that part's bytes cut out (what leaving the part out would save;
// the rest, "shared", is compression context the parts share, e.g. a manifest compressing against
// the code that reads it).
//
//   npm run bench:bundle                  # tables (Markdown)
//   npm run bench:bundle -- --json        # the figures as JSON
//   npm run bench:bundle -- --files       # also every input file's minified bytes
//   npm run bench:bundle -- --src DIR     # break down the SDK sources in DIR (another checkout's packages/sdk/src) instead
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bundles: the code of "import + one call" with `@sdk` standing for the SDK's entries. */
const BUNDLES = {
  'createHttpClient + listTags': `import { createHttpClient, listTags } from '@sdk'; const { client } = createHttpClient({ baseUrl: '/' }); console.log(await listTags({ client, path: { project_id: 'p' } }));`,
  'createClient + tags.list': `import { createClient } from '@sdk'; console.log(await createClient({ baseUrl: 'http://x' }).tags.list());`,
  'createClient + zodValidation() + tags.list': `import { createClient } from '@sdk'; import { zodValidation } from '@sdk/zod'; console.log(await createClient({ baseUrl: 'http://x', validate: zodValidation() }).tags.list());`,
  verifyWebhook: `import { verifyWebhook } from '@sdk/webhooks'; console.log(await verifyWebhook('{}', {}, { secret: 's' }));`,
};
/**
 * Floors: what the libraries the SDK builds on cost alone for the same call, with no SDK code (`@src`
 * is packages/sdk/src: hey-api's generated runtime helpers, which the transport uses to build URLs,
 * credentials and bodies as hey-api's own client would).
 */
const FLOORS = {
  'fetch alone': `console.log(await (await fetch('/x')).json());`,
  'ky alone (one GET, JSON)': `import ky from 'ky'; console.log(await ky.get('/x').json());`,
  "ky + hey-api's URL, query, auth and body helpers": `import ky from 'ky'; import { getUrl } from '@src/generated/core/utils.gen'; import { createQuerySerializer } from '@src/generated/client/utils.gen'; import { getAuthToken } from '@src/generated/core/auth.gen'; import { jsonBodySerializer } from '@src/generated/core/bodySerializer.gen'; const querySerializer = createQuerySerializer({}); console.log(await ky.get(getUrl({ baseUrl: '/', url: '/{a}', path: { a: 1 }, query: { b: 2 }, querySerializer }), { headers: { a: await getAuthToken({ type: 'apiKey' }, () => 'x') }, body: jsonBodySerializer.bodySerializer({}) }).json());`,
  "zod/mini's parser and compiler + listTags's schemas (what the first validated call loads, without the SDK)": `import { compile, safeParse, validate } from 'zod/mini'; import { zListTagsResponse } from '@src/generated/zod-builders.gen'; const s = zListTagsResponse(); console.log(validate(compile(s), []), safeParse(s, []));`,
};

/**
 * The dynamic imports the one call makes (by the path of the module it imports): what loads on the first
 * call (dist/lazy/: the route index or the operations manifest, and what a failed call's error says, which
 * loads while the request is on the way; dist/validation/: the operation's schemas and the check).
 */
const FIRST_CALL = {
  'createHttpClient + listTags': [/lazy\/routes/, /lazy\/failure/],
  'createClient + tags.list': [/lazy\/operations/, /lazy\/failure/],
  'createClient + zodValidation() + tags.list': [/op\.listTags\.gen/, /zod-check/, /lazy\/operations/, /lazy\/failure/],
};
const TARGETS = { 'createHttpClient + listTags': 15 * 1024, 'createClient + tags.list': 18 * 1024, 'createClient + zodValidation() + tags.list': 26 * 1024 };

/** Where `@sdk`, `@sdk/zod`, `@sdk/webhooks` point: the built package, or its sources. */
const ENTRIES = {
  dist: { '@sdk': 'packages/sdk/dist/index.js', '@sdk/zod': 'packages/sdk/dist/zod.js', '@sdk/webhooks': 'packages/sdk/dist/webhooks.js' },
  src: { '@sdk': 'packages/sdk/src/index.ts', '@sdk/zod': 'packages/sdk/src/zod.ts', '@sdk/webhooks': 'packages/sdk/src/webhooks.ts' },
};
const srcAt = process.argv.indexOf('--src');
if (srcAt > 0) for (const key in ENTRIES.src) ENTRIES.src[key] = resolve(process.argv[srcAt + 1], ENTRIES.src[key].replace('packages/sdk/src/', ''));

/** esbuild of one bundle; returns its output files with gzip sizes and the static/dynamic import graph. */
async function bundle(code, from) {
  const outdir = mkdtempSync(join(tmpdir(), 'supportkb-bundle-'));
  try {
    const result = await build({
      stdin: { contents: code, resolveDir: root, loader: 'js', sourcefile: 'app.js' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      metafile: true,
      sourcemap: 'external',
      write: false,
      outdir,
      logLevel: 'silent',
      nodePaths: [join(root, 'node_modules')],
      plugins: [
        {
          name: 'sdk',
          setup: (b) => {
            b.onResolve({ filter: /^@sdk(\/\w+)?$/ }, (args) => ({ path: resolve(root, ENTRIES[from][args.path]) }));
            b.onResolve({ filter: /^@src\// }, (args) => ({ path: resolve(root, ENTRIES.src['@sdk'], '..', `${args.path.slice(5)}.ts`) }));
            // What the SDK loads with a call from dist/lazy/ (the operations manifest, the route index, what a failed
            // call's error says, the logging): the build's own copies, as from dist (from src, each would share a chunk
            // with the code that loads before the first call: the `operations` export, the redaction, `callName`).
            if (from === 'src')
              b.onResolve({ filter: /^\.\/(internal\/)?(lazy-operations|lazy-routes|failure|logging-hooks|logging)$/ }, (args) =>
                args.kind === 'dynamic-import'
                  ? {
                      path: resolve(
                        root,
                        `packages/sdk/dist/lazy/${args.path
                          .split('/')
                          .pop()
                          .replace(/^lazy-/, '')}.js`,
                      ),
                    }
                  : undefined,
              );
          },
        },
      ],
    });
    const files = new Map();
    const maps = new Map(result.outputFiles.filter((f) => f.path.endsWith('.js.map')).map((f) => [f.path.slice(0, -4), JSON.parse(f.text)]));
    for (const file of result.outputFiles) {
      const name = relative(outdir, file.path);
      if (!name.endsWith('.js')) continue;
      const meta = result.metafile.outputs[relative(root, file.path)] ?? Object.entries(result.metafile.outputs).find(([k]) => k.endsWith(name))[1];
      files.set(name, {
        name,
        min: file.contents.length,
        gzip: gzipSync(file.contents, { level: 9 }).length,
        entry: meta.entryPoint === 'app.js', // the app (a dynamic import's chunk is an entry point too)
        entryPoint: meta.entryPoint,
        static: meta.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => relative(outdir, join(root, i.path))),
        dynamic: meta.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => relative(outdir, join(root, i.path))),
        inputs: Object.entries(meta.inputs).map(([input, { bytesInOutput }]) => ({ input, bytes: bytesInOutput })),
        text: file.text,
        ranges: ranges(file.text, maps.get(file.path), outdir),
      });
    }
    return files;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const BASE64 = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));
/** The values of one Base64 VLQ segment of a source map. */
function vlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64[char];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** `[start, end, input]` ranges of `text` (offsets in the string) by the input file each comes from, from its source map. */
function ranges(text, map, outdir) {
  if (!map) return [];
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const sources = map.sources.map((source) => relative(root, resolve(outdir, source)));
  const out = [];
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, lineNumber) => {
    let column = 0;
    const segments = line ? line.split(',').map(vlq) : [];
    for (let i = 0; i < segments.length; i++) {
      const [dColumn, dSource] = segments[i];
      column += dColumn;
      if (dSource !== undefined) sourceIndex += dSource;
      // Relative fields must be accumulated even when unused.
      const start = lineStarts[lineNumber] + column;
      const end = i + 1 < segments.length ? lineStarts[lineNumber] + column + segments[i + 1][0] : (lineStarts[lineNumber + 1] ?? text.length + 1) - 1;
      if (dSource !== undefined && end > start) out.push([start, end, sources[sourceIndex]]);
    }
  });
  return out;
}

/** The files a set of roots loads through static imports. */
function closure(files, roots, seen = new Set()) {
  const stack = [...roots];
  while (stack.length) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...files.get(name).static);
  }
  return seen;
}

/**
 * What loads before the first call (entry + static imports), what the first call's dynamic imports add
 * (`firstCall`: the modules it imports), what those load later in the background (their own dynamic
 * imports: zod's compiler), and what all the dynamic imports of the bundle would add.
 */
function phases(files, firstCall = []) {
  const entry = [...files.values()].find((f) => f.entry).name;
  const initial = closure(files, [entry]);
  const dynamicRoots = [...new Set([...initial].flatMap((n) => files.get(n).dynamic))];
  const loaded = (roots, already) => {
    const names = closure(files, roots, new Set(already));
    for (const n of already) names.delete(n);
    return names;
  };
  const lazy = loaded(firstCall.length ? dynamicRoots.filter((n) => firstCall.some((re) => re.test(files.get(n).entryPoint))) : dynamicRoots, initial);
  const later = loaded(
    [...lazy].flatMap((n) => files.get(n).dynamic),
    [...initial, ...lazy],
  );
  const all = loaded(dynamicRoots, initial);
  for (let grown = true; grown;) {
    const before = all.size;
    for (const n of loaded(
      [...all].flatMap((m) => files.get(m).dynamic),
      [...initial, ...all],
    ))
      all.add(n);
    grown = all.size > before;
  }
  const sum = (names, key) => [...names].reduce((s, n) => s + files.get(n)[key], 0);
  const figures = (names) => ({ files: names.size, min: sum(names, 'min'), gzip: sum(names, 'gzip') });
  return {
    initial: figures(initial),
    lazy: figures(lazy),
    later: figures(later),
    allLazy: { ...figures(all), imports: dynamicRoots.length },
    initialNames: initial,
    lazyNames: lazy,
    laterNames: later,
  };
}

/** The parts a breakdown names, by input path. */
const CATEGORIES = [
  ['ky', /node_modules\/ky\//],
  ['zod compiler (z.compile)', /node_modules\/zod\/v4\/core\/(compile|memoizer|doc)\.js/],
  ['zod core (zod/mini, tree-shaken)', /node_modules\/zod\//],
  ['jose', /node_modules\/jose\//],
  ['hey-api client core (generated/core, generated/client)', /src\/generated\/(core|client)\//],
  ['generated functions (sdk.gen)', /src\/generated\/sdk\.gen/],
  ['manifest: operations', /src\/generated\/(operations|manifest)\.gen|src\/manifest\.ts|dist\/lazy\/(operations|routes)/],
  ['schemas (zod builders, operation table)', /src\/generated\/(zod-builders\.gen|zod\.gen|operation-schemas\.gen|zod-schemas\/)/],
  ['schema loaders (an import() per operation)', /src\/generated\/zod-loaders\.gen/],
  ['errors (errors, describe, redact; dist/lazy/failure: what a failed call says)', /src\/(internal\/)?(errors|operation-errors|describe|redact)\.ts|dist\/lazy\/failure/],
  ['transport (transport, body, retry, auth, logging)', /src\/(internal\/)?(transport|body|retry|auth|logging|lazy)\.ts|dist\/lazy\/logging/],
  ['generated-function adapter (http)', /src\/(internal\/)?http\.ts/],
  ['createClient (client, pagination, api-promise, sign-in)', /src\/(internal\/)?(client|pagination|api-promise|sign-in)\.ts/],
  ['validator (zod.ts, zod-check, validation)', /src\/(internal\/)?(zod|zod-check|validation)\.ts/],
  ['webhooks', /src\/webhooks\.ts/],
  ['the app (one call)', /^app\.js$|<stdin>/],
];
const category = (input) => CATEGORIES.find(([, re]) => re.test(input))?.[0] ?? 'other';

/**
 * Per category: minified bytes, and the marginal gzip cost (gzip of each output file minus gzip of the
 * same file without the category's bytes), before the first call and on it; `shared` is the rest.
 */
function breakdown(files, { initialNames, lazyNames, laterNames }) {
  const rows = new Map();
  const byFile = new Map();
  const row = (name) => rows.get(name) ?? rows.set(name, { initialMin: 0, initialGzip: 0, lazyMin: 0, lazyGzip: 0, laterMin: 0, laterGzip: 0 }).get(name);
  const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
  for (const file of files.values()) {
    const phase = initialNames.has(file.name) ? 'initial' : lazyNames.has(file.name) ? 'lazy' : laterNames.has(file.name) ? 'later' : undefined;
    if (!phase) continue;
    for (const { input, bytes } of file.inputs) {
      row(category(input))[`${phase}Min`] += bytes;
      byFile.set(input, (byFile.get(input) ?? 0) + bytes);
    }
    const whole = gz(file.text);
    let attributed = 0;
    for (const name of new Set(file.ranges.map(([, , input]) => category(input)))) {
      let rest = '';
      let at = 0;
      for (const [start, end, input] of file.ranges) {
        if (category(input) !== name) continue;
        rest += file.text.slice(at, start);
        at = end;
      }
      const marginal = whole - gz(rest + file.text.slice(at));
      row(name)[`${phase}Gzip`] += marginal;
      attributed += marginal;
    }
    row('shared (compression context, helpers)')[`${phase}Gzip`] += whole - attributed;
  }
  return { rows, byFile };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;

/**
 * Builds every bundle of `BUNDLES` (from dist for the sizes, from src for the breakdown).
 * @returns per bundle: `dist` and `src` figures (`initial`: before the first call, `lazy`: what the
 *   first call loads, `allLazy`: what every dynamic import would load), the breakdown and the target.
 */
export async function measureBundles() {
  const report = {};
  for (const [name, code] of Object.entries(BUNDLES)) {
    const dist = await bundle(code, 'dist');
    const src = await bundle(code, 'src');
    const distPhases = phases(dist, FIRST_CALL[name]);
    const srcPhases = phases(src, FIRST_CALL[name]);
    report[name] = { dist: distPhases, src: srcPhases, breakdown: breakdown(src, srcPhases), target: TARGETS[name] };
  }
  return report;
}

/** The floors (see `FLOORS`): min + gzip of each, one file. */
export async function measureFloors() {
  const floors = {};
  for (const [name, code] of Object.entries(FLOORS)) floors[name] = phases(await bundle(code, 'src')).initial;
  return floors;
}

/** The table of floors (Markdown). */
export function floorTable(floors) {
  const lines = ['| floor: the same call with no SDK code | min | min + gzip |', '|---|---:|---:|'];
  for (const [name, { min, gzip }] of Object.entries(floors)) lines.push(`| ${name} | ${min} B | ${gzip} B (${kib(gzip)}) |`);
  return lines.join('\n');
}

/** The table of sizes (Markdown), as `npm run bench:bundle` prints it first. */
export function sizeTable(report) {
  const background = Object.values(report).some((r) => r.dist.later.files);
  const lines = [
    `| bundle (from packages/sdk/dist) | before the first call: min | min + gzip | the first call loads: min + gzip |${background ? ' then, in the background |' : ''} target (before the first call) | met |`,
    `|---|---:|---:|---:|${background ? '---:|' : ''}---|---|`,
  ];
  const files = (n) => `${n} file${n === 1 ? '' : 's'}`;
  const cell = (part) => (part.files ? `${part.gzip} B (${kib(part.gzip)}, ${files(part.files)})` : '–');
  for (const [name, r] of Object.entries(report)) {
    const { initial, lazy, later } = r.dist;
    const target = r.target ? `≤ ${kib(r.target)}` : '–';
    const met = r.target ? (initial.gzip <= r.target ? 'yes' : 'no') : '–';
    lines.push(`| ${name} | ${initial.min} B | **${initial.gzip} B (${kib(initial.gzip)})** | ${cell(lazy)} |${background ? ` ${cell(later)} |` : ''} ${target} | ${met} |`);
  }
  for (const [name, r] of Object.entries(report)) {
    const { allLazy } = r.dist;
    if (allLazy.imports)
      lines.push(
        '',
        `${name}: its ${allLazy.imports} dynamic imports (every operation's schemas and the checks with validation; the manifest or the route index, what a failed call's error says, the logging, serverVersion's guard) would load ${allLazy.gzip} B (${kib(allLazy.gzip)}, ${files(allLazy.files)}) in all, after the ${r.dist.initial.gzip} B before the first call.`,
      );
  }
  return lines.join('\n');
}

/** `npm run bench:bundle`: the tables, or `--json`. */
async function main() {
  const json = process.argv.includes('--json');
  const listFiles = process.argv.includes('--files');
  const report = await measureBundles();
  const floors = await measureFloors();
  if (json) {
    const out = {};
    for (const [name, r] of Object.entries(report)) {
      out[name] = {
        beforeFirstCall: r.dist.initial,
        onFirstCall: r.dist.lazy,
        inTheBackground: r.dist.later,
        everyOperationLoaded: r.dist.allLazy,
        target: r.target,
        breakdown: Object.fromEntries([...r.breakdown.rows].map(([k, v]) => [k, { ...v, initialGzip: Math.round(v.initialGzip), lazyGzip: Math.round(v.lazyGzip) }])),
      };
    }
    console.log(JSON.stringify({ bundles: out, floors }, null, 2));
    return;
  }

  console.log(`\n## SDK bundle sizes (${new Date().toISOString().slice(0, 10)}, esbuild ${(await import('esbuild')).version}, browser, ESM, minified, code splitting; gzip level 9 per file)\n`);
  console.log(sizeTable(report));
  console.log(`\n${floorTable(floors)}`);
  for (const [name, r] of Object.entries(report)) {
    const lazy = r.src.lazy.files > 0;
    console.log(`\n### ${name}: where the bytes go (from packages/sdk/src; gzip: what leaving the part out saves)\n`);
    const later = r.src.later.files > 0;
    console.log(
      `| part | min${lazy ? ' (before the first call)' : ''} | gzip, marginal${lazy ? ' (before)' : ''} |${lazy ? ' min (on the first call) | gzip, marginal (on the first call) |' : ''}${later ? ' min (then, in the background) | gzip, marginal (background) |' : ''}`,
    );
    console.log(`|---|---:|---:|${lazy ? '---:|---:|' : ''}${later ? '---:|---:|' : ''}`);
    const rows = [...r.breakdown.rows].sort((a, b) => b[1].initialMin + b[1].lazyMin + b[1].laterMin - (a[1].initialMin + a[1].lazyMin + a[1].laterMin));
    for (const [part, v] of rows) {
      if (!v.initialMin && !v.lazyMin && !v.laterMin && !v.initialGzip && !v.lazyGzip && !v.laterGzip) continue;
      console.log(
        `| ${part} | ${v.initialMin} | ${Math.round(v.initialGzip)} |${lazy ? ` ${v.lazyMin} | ${Math.round(v.lazyGzip)} |` : ''}${later ? ` ${v.laterMin} | ${Math.round(v.laterGzip)} |` : ''}`,
      );
    }
    const { initial, lazy: l, later: b } = r.src;
    console.log(`| **total (measured)** | ${initial.min} | ${initial.gzip} |${lazy ? ` ${l.min} | ${l.gzip} |` : ''}${later ? ` ${b.min} | ${b.gzip} |` : ''}`);
    if (listFiles) {
      console.log('\n| input | min bytes |\n|---|---:|');
      for (const [input, bytes] of [...r.breakdown.byFile].sort((a, b) => b[1] - a[1])) console.log(`| ${input} | ${bytes} |`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
