#!/usr/bin/env node
// `node scripts/docs/console.mjs [--out DIR]` (the last step of `npm run docs`): builds the "try it"
// console beside the Redoc page, build/docs/console.html and its assets:
//
//   console.html                  the page (scripts/docs/console/console.html)
//   mockServiceWorker.js          MSW's worker script from @supportkb/mocks, served at the docs' root
//                                 so that its scope covers console.html
//   console/console.js            the page script (scripts/docs/console/page.js, bundled by esbuild):
//                                 starts the stateful mock in the service worker, then Swagger UI
//   console/console.css           the page's own styles
//   console/swagger-ui-bundle.js  Swagger UI (swagger-ui-dist), with swagger-ui.css and its licence
//   console/openapi.json          the docs copy of the contract: `servers` is the in-page mock, each
//                                 operation as Swagger UI lists it (the rest is in operations.json)
//   console/operations.json       every operation dereferenced (by Redocly, the repository's one
//                                 `$ref` resolver), repeated subtrees written once: what Swagger UI
//                                 shows of an operation (instead of its own OpenAPI 3.1 resolver,
//                                 which takes about a second per operation on this contract) and
//                                 what the page validates answers against
//
// Builds the contract and the packages first when they are stale (as `npm run demo` does), since the
// page bundles the built @supportkb/mocks. Every file is written to a temporary name and renamed,
// so a reader never sees half a file. Exits 1 with the failing step's output on a failure.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { dereferencedContract } from '../lib/contract-source.mjs';
import { buildStale, checkNode, ROOT } from '../preflight.mjs';
import { writeFiles } from './write-files.mjs';

const SOURCES = fileURLToPath(new URL('./console/', import.meta.url));
const require = createRequire(import.meta.url);

/** Where the page's mock answers, relative to the page: `<docs folder>/mock-api/...`. */
export const MOCK_PATH = 'mock-api';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** The key of a reference to a shared subtree in console/operations.json (`{ "$console-shared": index }`). */
export const SHARED = '$console-shared';
/** Subtrees shorter than this (characters of JSON) are written where they occur, not shared. */
const SHARE_FROM = 64;

/**
 * Every operation of a dereferenced contract as Swagger UI's resolver would give it (its "resolved
 * subtree"): the operation with the path item's parameters it does not override merged in front,
 * and the document's `security` where the operation has none.
 * @param {any} doc the contract, dereferenced (`dereferencedContract()`: Redocly, the repository's one `$ref` resolver).
 * @returns {{ paths: Record<string, Record<string, any>> }} `paths[path][method]` = the operation.
 * @throws {TypeError} when `doc` has no `paths` or still has `$ref`s there.
 */
export function resolvedOperations(doc) {
  if (!doc || typeof doc.paths !== 'object' || doc.paths === null) throw new TypeError('resolvedOperations needs an OpenAPI document with paths (dereferencedContract())');
  if (JSON.stringify(doc.paths).includes('"$ref"')) throw new TypeError('resolvedOperations needs a dereferenced contract: read it with dereferencedContract() (scripts/lib/contract-source.mjs)');
  /** @type {Record<string, Record<string, any>>} */
  const paths = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = operation.parameters ?? [];
      const inherited = (item.parameters ?? []).filter(
        /** @param {any} parameter */ (parameter) => !own.some(/** @param {any} mine */ (mine) => mine.name === parameter.name && mine.in === parameter.in),
      );
      (paths[path] ??= {})[method] = {
        ...operation,
        ...(inherited.length || own.length ? { parameters: [...inherited, ...own] } : {}),
        ...(operation.security === undefined && doc.security !== undefined ? { security: doc.security } : {}),
      };
    }
  }
  return { paths };
}

/** Where an optional parameter's example goes in the console's copy: shown as its input's placeholder, never sent. */
export const PLACEHOLDER = 'x-console-placeholder';

/**
 * The operations as the console offers them: Swagger UI fills every parameter that has an example
 * (or a default) before Execute, so `listLeads` would open with seven filters and answer one lead.
 * Here only required parameters keep theirs; an optional parameter's example (its own, its first of
 * `examples`, else its schema's) and default move to its schema's `x-console-placeholder`, which the
 * page shows as the empty input's placeholder (`e.g. ada@example.org (default …)`). Execute then
 * sends the required parameters only, and a list answers with the seeded list.
 * @param {{ paths: Record<string, Record<string, any>> }} resolved what {@link resolvedOperations} returns.
 * @returns {{ paths: Record<string, Record<string, any>> }} a copy; `resolved` is not changed.
 */
export function requiredPrefilled(resolved) {
  /** @type {Record<string, Record<string, any>>} */
  const paths = {};
  for (const [path, methods] of Object.entries(resolved.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters?.map(
        /** @param {any} parameter */ (parameter) => {
          if (parameter.required === true) return parameter;
          const schema = { ...(parameter.schema ?? {}) };
          const example = parameter.example ?? Object.values(parameter.examples ?? {})[0]?.value ?? schema.example ?? schema.examples?.[0];
          const shown = (/** @type {unknown} */ value) => (typeof value === 'string' ? value : JSON.stringify(value));
          const placeholder = [example !== undefined ? `e.g. ${shown(example)}` : '', schema.default !== undefined ? `(default ${shown(schema.default)})` : ''].filter(Boolean).join(' ');
          delete schema.example;
          delete schema.examples;
          delete schema.default;
          const { example: _example, examples: _examples, ...rest } = parameter;
          return { ...rest, schema: { ...schema, ...(placeholder ? { [PLACEHOLDER]: placeholder } : {}) } };
        },
      );
      (paths[path] ??= {})[method] = parameters ? { ...operation, parameters } : operation;
    }
  }
  return { paths };
}

/**
 * JSON with its repeated subtrees written once: each object or array of at least 64 characters of
 * JSON that occurs more than once is replaced by `{ "$console-shared": i }`, `i` its index in
 * `shared` (whose entries are encoded the same way). A dereferenced contract repeats its
 * components wherever they are used; this keeps the file about the size of the bundled contract.
 * The page decodes it with `decodeShared` (scripts/docs/console/shared.js).
 * @param {unknown} value any JSON value without a key `$console-shared`.
 * @returns {{ shared: unknown[], root: unknown }}
 * @throws {TypeError} when `value` already has a `$console-shared` key.
 */
export function encodeShared(value) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  /** @param {unknown} node */
  const count = (node) => {
    if (!node || typeof node !== 'object') return;
    if (!Array.isArray(node) && Object.hasOwn(node, SHARED)) throw new TypeError(`encodeShared: the value has a ${SHARED} key of its own`);
    for (const child of Object.values(node)) count(child);
    const text = JSON.stringify(node);
    if (text.length >= SHARE_FROM) counts.set(text, (counts.get(text) ?? 0) + 1);
  };
  count(value);
  /** @type {Map<string, number>} */
  const ids = new Map();
  /** @type {unknown[]} */
  const shared = [];
  /**
   * @param {object} node
   * @returns {unknown}
   */
  const children = (node) => (Array.isArray(node) ? node.map(encode) : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, encode(child)])));
  /**
   * @param {unknown} node
   * @returns {unknown}
   */
  const encode = (node) => {
    if (!node || typeof node !== 'object') return node;
    const text = JSON.stringify(node);
    if (!((counts.get(text) ?? 0) > 1)) return children(node);
    if (!ids.has(text)) {
      const id = shared.length;
      ids.set(text, id);
      shared.push(null);
      shared[id] = children(node);
    }
    return { [SHARED]: ids.get(text) };
  };
  return { shared, root: encode(value) };
}

/** What an operation keeps in the console's copy of the contract: what Swagger UI lists before one is opened. */
const LISTED = ['operationId', 'summary', 'tags', 'deprecated', 'security'];

/**
 * The docs copy of the contract for the console (console/openapi.json): `servers` is the in-page mock
 * (the page replaces the relative URL with its own origin and folder at run time), `info.description`
 * a short text pointing at the reference page; each operation only as Swagger UI lists it (summary,
 * operationId, tags, security), since the whole operation comes from console/operations.json once
 * opened; of the components only the security schemes; no webhooks (they are received, not sent).
 * @param {any} bundled the bundled contract (openapi/dist/openapi.yaml, parsed).
 * @returns {any} a new document.
 */
export function consoleContract(bundled) {
  /** @type {Record<string, Record<string, any>>} */
  const paths = {};
  for (const [path, item] of Object.entries(bundled.paths ?? {})) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      (paths[path] ??= {})[method] = Object.fromEntries(LISTED.filter((key) => item[method][key] !== undefined).map((key) => [key, item[method][key]]));
    }
  }
  return {
    openapi: bundled.openapi,
    info: {
      ...bundled.info,
      description:
        'Send any operation to the **stateful mock running in this page** (its service worker): the seeded project, its users and roles, ' +
        'every answer validated against the contract. Nothing leaves the page. The reference is [the API docs](index.html).',
    },
    servers: [{ url: `/${MOCK_PATH}`, description: "The stateful mock in this page's service worker" }],
    ...(bundled.security ? { security: bundled.security } : {}),
    tags: bundled.tags,
    paths,
    components: { securitySchemes: bundled.components?.securitySchemes ?? {} },
  };
}

/**
 * Builds the console into `outDir` (see the file's header).
 * @param {{ outDir?: string }} [options] `outDir`: default `build/docs` under the repository.
 * @returns {Promise<{ file: string, bytes: number }[]>} the files written (paths relative to `outDir`).
 * @throws {Error} when the contract or the page script cannot be built (the message says which).
 */
export async function buildConsole({ outDir = join(ROOT, 'build/docs') } = {}) {
  const bundled = parse(readFileSync(join(ROOT, 'openapi/dist/openapi.yaml'), 'utf8'));
  const operations = encodeShared(requiredPrefilled(resolvedOperations(dereferencedContract())));
  const swaggerUi = dirname(require.resolve('swagger-ui-dist/package.json'));
  const page = await build({
    entryPoints: [join(SOURCES, 'page.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'eof',
    logLevel: 'silent',
    plugins: [
      {
        // The conformance checker's contract module reads files with Redocly, which a page cannot:
        // the page gets its operations from operations.json, so that import is replaced by a stub.
        name: 'no-contract-source-in-the-page',
        setup(esbuild) {
          esbuild.onResolve({ filter: /contract-source\.mjs$/ }, () => ({ path: 'contract-source', namespace: 'console-stub' }));
          esbuild.onLoad({ filter: /.*/, namespace: 'console-stub' }, () => ({
            contents: "export function dereferencedContract() { throw new Error('the console reads its operations from console/operations.json'); }",
            loader: 'js',
          }));
        },
      },
    ],
  });
  const script = page.outputFiles[0];
  if (!script) throw new Error('esbuild wrote no console/console.js');
  /** @type {[string, string | Uint8Array][]} */
  const files = [
    ['console.html', readFileSync(join(SOURCES, 'console.html'))],
    ['mockServiceWorker.js', readFileSync(require.resolve('@supportkb/mocks/mockServiceWorker.js'))],
    ['console/console.js', script.contents],
    ['console/console.css', readFileSync(join(SOURCES, 'console.css'))],
    ['console/swagger-ui-bundle.js', readFileSync(join(swaggerUi, 'swagger-ui-bundle.js'))],
    ['console/swagger-ui.css', readFileSync(join(swaggerUi, 'swagger-ui.css'))],
    [
      'console/swagger-ui.LICENSE.txt',
      [join(swaggerUi, 'LICENSE'), join(swaggerUi, 'NOTICE'), join(swaggerUi, 'swagger-ui-bundle.js.LICENSE.txt')].map((file) => readFileSync(file, 'utf8')).join('\n\n'),
    ],
    ['console/openapi.json', JSON.stringify(consoleContract(bundled))],
    ['console/operations.json', JSON.stringify(operations)],
  ];
  return writeFiles(outDir, files);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  checkNode();
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('usage: node scripts/docs/console.mjs [--out DIR]   builds the try-it console (default build/docs/console.html)');
    process.exit(0);
  }
  const { failed } = await buildStale();
  if (failed) process.exit(1);
  const outDir = resolve(values.out ?? join(ROOT, 'build/docs'));
  try {
    const files = await buildConsole({ outDir });
    const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
    console.log(
      `console built in: ${relative(process.cwd(), join(outDir, 'console.html')) || 'console.html'} (${files.length} files, ${(total / 1024).toFixed(0)} KiB); serve the folder to use it: npm run docs:serve`,
    );
  } catch (error) {
    console.error(`building the docs console failed: ${error.message}`);
    process.exit(1);
  }
}
