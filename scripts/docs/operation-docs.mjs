// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// What the docs page adds to each operation (docs only: the contract and the SDK's bundle stay as
// they are). Used by the Redocly decorator of `npm run docs` (scripts/docs/redocly-plugin.mjs) and
// by the tests that check the samples (test/docs-samples.test.ts).
//
//   operationHeader()      the first lines of the description: operationId, SDK method, "Try it" link
//   implementationNotes()  one collapsed <details> block: x-source / x-source-notes of the operation,
//                          its parameters, request body and responses
//   codeSamples()          x-codeSamples: TypeScript with the SDK and curl, from the SDK's manifest
//                          and the contract's examples (never written per operation)
//   readableMarkdown()     soft line breaks of a description joined with spaces
//
// Every function takes the bundled document (internal `#/components/...` `$ref`s, as Redocly's
// bundler leaves them) and resolves references through scripts/lib/contract-reader.mjs.

import { ContractReadError, deref } from '../lib/contract-reader.mjs';

/** Where the samples send requests unless `SUPPORTKB_BASE_URL` says otherwise: `npm run mock`'s address. */
export const SAMPLE_BASE_URL = 'http://127.0.0.1:4010';

/**
 * The credentials of the samples: the stateful mock's seeded admin (openapi/README.md, "Example data";
 * example values, the same in every environment the mock runs in). Admin passes the minimum role of
 * every operation of the contract (none requires owner).
 */
export const SAMPLE_USER = Object.freeze({ email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' });

/** The project of the examples. */
export const SAMPLE_PROJECT = '65f1a2b3c4d5e6f708090a0b';

/** The environment variable a custom-token sign-in sample reads its token from. */
export const CUSTOM_TOKEN_VARIABLE = 'CUSTOM_TOKEN';

/** A bad input to the docs helpers (an unknown operation, an unresolvable `$ref`). */
export class DocsInputError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DocsInputError';
  }
}

/**
 * Resolves an internal `$ref` (`#/components/...`) of `doc`, following chains (`deref` of
 * scripts/lib/contract-reader.mjs, the repository's library for reading the contract).
 * @param {any} doc the bundled document
 * @param {any} node a node that may be `{ $ref }`
 * @returns {any} the node referred to (or `node` itself)
 * @throws {DocsInputError} when a `$ref` is external or points at nothing
 */
export function resolveRef(doc, node) {
  try {
    return deref(doc, node);
  } catch (error) {
    if (error instanceof ContractReadError) throw new DocsInputError(error.message);
    throw error;
  }
}

/** `client.tags.get` for the manifest entry of `getTag`. */
export function sdkMethod(entry) {
  return `client.${[...entry.resource, entry.name].join('.')}`;
}

/**
 * The line the docs page puts first in an operation's description: its operationId, its SDK method and
 * the link to the request console. A heading (h6, the smallest), not a paragraph: the page's search indexes the
 * headings of an operation's description as its sections and ranks a match there far above one in
 * any text, so `getTag` and `tags.get` find their operation first, before the operations whose texts
 * mention it.
 * @param {string} operationId
 * @param {{ resource: string[], name: string }} entry the operation in `apiOperations` of `@supportkb/sdk/manifest`
 * @returns {string} markdown, one heading
 */
export function operationHeader(operationId, entry) {
  const short = [...entry.resource, entry.name].join('.');
  return `###### **operationId** \`${operationId}\` · **SDK** \`${sdkMethod(entry)}()\` (${short}) · ` + `[Try it in the console](console.html#operation/${operationId})`;
}

/**
 * The releases of the server that have an element, as the docs page states them first in its description:
 * "**Since release 2.18.1.**" for `x-since`, "**Up to release 2.11.5.**" for `x-until` (openapi/README.md,
 * "Releases"); `undefined` when the element carries neither (it is in every release of the window).
 * @param {Record<string, unknown>} node an operation, parameter, schema or property
 * @returns {string | undefined}
 */
export function releaseNote(node) {
  const since = typeof node['x-since'] === 'string' ? `Since release ${node['x-since']}` : undefined;
  const until = typeof node['x-until'] === 'string' ? `up to release ${node['x-until']}` : undefined;
  if (!since && !until) return undefined;
  const text = since && until ? `${since}, ${until}` : (since ?? `Up to release ${node['x-until']}`);
  return `**${text}.**`;
}

/**
 * A description with its soft line breaks (a single newline inside a paragraph) replaced by spaces,
 * so that nothing that flattens the text (Redoc's search index) runs two words together. Paragraphs,
 * lists, tables, headings, block quotes and fenced code keep their lines.
 * @param {string} markdown
 * @returns {string}
 */
export function readableMarkdown(markdown) {
  const lines = markdown.split('\n');
  const out = [];
  let fenced = false;
  const structural = (line) => /^\s*([*+-]\s|\d+[.)]\s|\||#|>|```|~~~|<)/.test(line) || /^ {4,}\S/.test(line);
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const previous = out.length ? out[out.length - 1] : undefined;
    const joinable =
      !fenced &&
      previous !== undefined &&
      previous.trim() !== '' &&
      line.trim() !== '' &&
      !structural(line) &&
      !/^\s*(```|~~~)/.test(previous) &&
      !/^\s*(\||#)/.test(previous) &&
      !/ {2}$/.test(previous); // a hard break stays
    if (joinable) out[out.length - 1] = `${previous.trimEnd()} ${line.trim()}`;
    else out.push(line);
  }
  return out.join('\n');
}

/** An encoded space: markdown keeps it at the end of a paragraph, where it shows as nothing. */
const SPACE = '&#32;';

/** `markdown` with {@link SPACE} at the end of every paragraph and list item (the last line of each). */
function spacedBlocks(markdown) {
  const lines = markdown.split('\n');
  return lines
    .map((line, i) => {
      const next = lines[i + 1];
      const ends = next === undefined || next.trim() === '' || /^\s*[*+-]\s/.test(next);
      return line.trim() !== '' && ends ? `${line}${SPACE}` : line;
    })
    .join('\n');
}

/**
 * Every place of an operation that may carry provenance, with its label: the operation, its
 * parameters (path-level ones first), its request body and its responses.
 */
function provenancePlaces(doc, pathItem, operation) {
  const places = [{ label: 'Operation', node: operation }];
  for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(doc, p))) {
    places.push({ label: `Parameter \`${parameter.name}\` (${parameter.in})`, node: parameter });
  }
  if (operation.requestBody) places.push({ label: 'Request body', node: resolveRef(doc, operation.requestBody) });
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    places.push({ label: `Response ${status}`, node: resolveRef(doc, response) });
  }
  return places;
}

/**
 * The operation's one "Implementation notes" block: a `<details>` element, closed, listing the
 * provenance (`x-source`) and the notes (`x-source-notes`) of the operation, its parameters, its
 * request body and its responses, in that order. Elements with neither are left out; the operation
 * itself is always listed (its `x-source` is required).
 * @param {any} doc the bundled document
 * @param {any} pathItem the operation's path item (for path-level parameters)
 * @param {any} operation
 * @returns {string} markdown with an HTML `<details>` block
 */
export function implementationNotes(doc, pathItem, operation) {
  const sections = [];
  for (const { label, node } of provenancePlaces(doc, pathItem, operation)) {
    const source = node['x-source'];
    const notes = typeof node['x-source-notes'] === 'string' ? readableMarkdown(node['x-source-notes']).trim() : '';
    if (!source && !notes && node !== operation) continue;
    sections.push(`**${label}** · source \`${source ?? 'spec'}\`${notes ? `\n\n${notes}` : ''}`);
  }
  // The page's search index reads the text of the whole block as one run, each paragraph's and list
  // item's text glued to the next ("notesWhere"). So the summary's text is a markdown paragraph, and
  // every paragraph and item ends with an encoded space (`&#32;`, which shows as nothing).
  return [
    '<details class="implementation-notes">',
    '<summary>',
    '',
    `Implementation notes${SPACE}`,
    '',
    '</summary>',
    '',
    spacedBlocks(
      'Where each statement comes from: `spec` the documented interface, `reference` the open-source server ' +
        "(`@tiledesk/tiledesk-server` 2.19.16; file names are files of that package), `decided` the contract's choice.\n\n" +
        sections.join('\n\n'),
    ),
    '',
    '</details>',
  ].join('\n');
}

/** The first example value of a media type object, or of a parameter. */
function exampleOf(doc, node) {
  if (!node) return undefined;
  if ('example' in node) return node.example;
  const first = Object.values(node.examples ?? {})[0];
  return first === undefined ? undefined : resolveRef(doc, first).value;
}

/** The status and what the 200 answer is, for the samples' comments. */
function successOf(doc, operation) {
  const response = resolveRef(doc, operation.responses?.['200'] ?? {});
  const type = Object.keys(response.content ?? {})[0] ?? 'no body';
  return { status: 200, type };
}

/**
 * The request an operation's samples send, from the contract's examples: path parameters, the query
 * parameters that are required or carry an example (an alias, `x-alias-of`, is left to the SDK, which
 * sends both names), and the request body's first example.
 * @returns {{ path: Record<string, unknown>, query: Record<string, unknown>, body: Record<string, unknown> | undefined }}
 * @throws {DocsInputError} when a path parameter or a required body has no example
 */
export function exampleRequest(doc, pathItem, operation) {
  const path = {};
  const query = {};
  for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(doc, p))) {
    const value = exampleOf(doc, parameter);
    if (parameter.in === 'path') {
      if (value === undefined) throw new DocsInputError(`${operation.operationId}: path parameter ${parameter.name} has no example`);
      path[parameter.name] = value;
    } else if (parameter.in === 'query' && value !== undefined && !parameter['x-alias-of']) {
      if (parameter['x-false-is-true'] && value === false) continue; // "not set" to the caller
      query[parameter.name] = value;
    }
  }
  let body;
  if (operation.requestBody) {
    const requestBody = resolveRef(doc, operation.requestBody);
    body = exampleOf(doc, requestBody.content?.['application/json']);
    if (body === undefined && requestBody.required) throw new DocsInputError(`${operation.operationId}: the request body has no example`);
    const list = resolveRef(doc, requestBody.content?.['application/json']?.schema ?? {}).type === 'array';
    if (body !== undefined && (list ? !Array.isArray(body) : body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw new DocsInputError(`${operation.operationId}: the request body example is not ${list ? 'a list, as its schema is' : "an object, which the SDK's one-object calls cannot carry"}`);
    }
  }
  return { path, query, body };
}

/** A JavaScript literal for a JSON value, indented by `indent` (keys unquoted where they can be). */
function literal(value, indent = '') {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = value.map((item) => `${indent}  ${literal(item, `${indent}  `)}`);
    const oneLine = `[${value.map((item) => literal(item, indent)).join(', ')}]`;
    return oneLine.length <= 80 && !oneLine.includes('\n') ? oneLine : `[\n${inner.join(',\n')},\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    const oneLine = `{ ${entries.map(([k, v]) => `${key(k)}: ${literal(v, indent)}`).join(', ')} }`;
    if (oneLine.length <= 80 && !oneLine.includes('\n')) return oneLine;
    return `{\n${entries.map(([k, v]) => `${indent}  ${key(k)}: ${literal(v, `${indent}  `)}`).join(',\n')},\n${indent}}`;
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'` : JSON.stringify(value);
}

/** Quotes a string for a POSIX shell. */
function shellQuote(text) {
  return `'${String(text).replace(/'/g, `'\\''`)}'`;
}

/** How an operation authenticates in the samples: none, the seeded admin, or a custom token. */
function credentialOf(entry) {
  if (entry.minRole !== 'none') return 'basic';
  // A sign-in (`x-sign-in`) whose only credential is the JWT scheme takes the caller's own (custom) token.
  if (entry.signIn && entry.security.length === 1 && entry.security[0].type === 'apiKey') return 'custom-token';
  return 'none';
}

/**
 * The operation's `x-codeSamples`: TypeScript with `@supportkb/sdk` (create a client, call the method
 * with the path, query and body of the examples) and curl (the same request, with its credentials).
 * Both send to `SUPPORTKB_BASE_URL` when set, else {@link SAMPLE_BASE_URL}; authenticated operations use
 * the seeded admin ({@link SAMPLE_USER}); a custom-token sign-in reads its token from `CUSTOM_TOKEN`.
 * Each sample's first line is a comment stating the status it answers.
 * @param {any} doc the bundled document
 * @param {string} path the path template (`/{project_id}/tags/{id}`)
 * @param {string} method lower-case HTTP method
 * @param {any} pathItem
 * @param {any} operation
 * @param {any} entry the operation in `apiOperations` of `@supportkb/sdk/manifest`
 * @returns {{ lang: string, label: string, source: string }[]}
 * @throws {DocsInputError} when the examples cannot make the request
 */
export function codeSamples(doc, path, method, pathItem, operation, entry) {
  const request = exampleRequest(doc, pathItem, operation);
  const success = successOf(doc, operation);
  const credential = credentialOf(entry);
  const answers = `answers ${success.status} (${success.type})`;

  // TypeScript: one object with path (but project_id, which the client holds), query and body.
  const params = {};
  for (const [name, value] of Object.entries(request.path)) if (name !== 'project_id') params[name] = value;
  // A list body is the method's `body` field.
  Object.assign(params, request.query, Array.isArray(request.body) ? { body: request.body } : (request.body ?? {}));
  const clientOptions = [`  baseUrl: process.env.SUPPORTKB_BASE_URL ?? '${SAMPLE_BASE_URL}',`, `  projectId: '${request.path.project_id ?? SAMPLE_PROJECT}',`];
  if (credential === 'basic') clientOptions.push(`  auth: { basic: { email: '${SAMPLE_USER.email}', password: '${SAMPLE_USER.password}' } },`);
  let argument = Object.keys(params).length ? literal(params) : '';
  if (credential === 'custom-token') argument = `{ customToken: process.env.${CUSTOM_TOKEN_VARIABLE} ?? '' }`;
  const typescript = [
    `// ${operation.operationId}: ${answers}`,
    `import { createClient } from '@supportkb/sdk';`,
    '',
    'const client = createClient({',
    ...clientOptions,
    '});',
    '',
    `const result = await ${sdkMethod(entry)}(${argument});`,
    'console.log(result);',
    '',
  ].join('\n');

  // curl: the same request on the wire.
  const wirePath = path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(request.path[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
    // The SDK sends an aliased parameter under both names; so does the sample.
    const alias = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(doc, p)).find((p) => p['x-alias-of'] === name);
    if (alias && !Array.isArray(value)) search.append(alias.name, String(value));
  }
  const query = search.toString();
  const lines = [`# ${operation.operationId}: ${answers}`, `curl -sS -X ${method.toUpperCase()} "\${SUPPORTKB_BASE_URL:-${SAMPLE_BASE_URL}}${wirePath}${query ? `?${query}` : ''}"`];
  if (credential === 'basic') lines.push(`  -u ${shellQuote(`${SAMPLE_USER.email}:${SAMPLE_USER.password}`)}`);
  if (credential === 'custom-token') lines.push(`  -H "Authorization: JWT \$${CUSTOM_TOKEN_VARIABLE}"`);
  if (request.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  --data ${shellQuote(JSON.stringify(request.body))}`);
  }
  const curl = `${lines[0]}\n${lines.slice(1).join(' \\\n')}\n`;

  return [
    { lang: 'TypeScript', label: 'TypeScript (SDK)', source: typescript },
    { lang: 'Shell', label: 'curl', source: curl },
  ];
}
