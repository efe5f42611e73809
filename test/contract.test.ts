import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { dereferencedContract, operations, parametersOf, root } from './contract-helpers';
import { roleLadder } from '../scripts/lib/contract-reader.mjs';

/**
 * The 64 operations of the service's documented interface, written out as it lists them (method + path,
 * `:name` parameters). Trailing slashes are normalised; parameter names are compared by position.
 */
const SPEC_OPERATIONS = `
POST /auth/signin
POST /auth/signinAnonymously
POST /auth/signinWithCustomToken
GET /:project_id/kb/
GET /:project_id/kb/:content_id
POST /:project_id/kb/
POST /:project_id/kb/multi
POST /:project_id/kb/sitemap
DELETE /:project_id/kb/:content_id
GET /:project_id/kb/namespace/all
POST /:project_id/kb/namespace
PUT /:project_id/kb/namespace/:id
DELETE /:project_id/kb/namespace/:id
GET /:project_id/project_users
GET /:project_id/project_users/:project_user_id
GET /:project_id/project_users/users/:user_id
POST /:project_id/project_users/invite
PUT /:project_id/project_users/
PUT /:project_id/project_users/:project_user_id
DELETE /:project_id/project_users/:project_user_id
GET /:project_id/groups
GET /:project_id/groups/:id
POST /:project_id/groups
PUT /:project_id/groups/:id
DELETE /:project_id/groups/:id
GET /:project_id/segments
GET /:project_id/segments/:id
POST /:project_id/segments
PUT /:project_id/segments/:id
DELETE /:project_id/segments/:id
GET /:project_id/tags
GET /:project_id/tags/:id
POST /:project_id/tags
PUT /:project_id/tags/:id
DELETE /:project_id/tags/:id
GET /:project_id/labels
GET /:project_id/labels/:id
POST /:project_id/labels
PATCH /:project_id/labels/:lang/default
DELETE /:project_id/labels/:lang
DELETE /:project_id/labels/
GET /:project_id/labels/default
GET /:project_id/labels/default/:lang
POST /:project_id/labels/default/clone
GET /:project_id/leads
GET /:project_id/leads/:id
POST /:project_id/leads
PUT /:project_id/leads/:id
DELETE /:project_id/leads/:id
GET /:project_id/analytics/requests/waiting
GET /:project_id/analytics/requests/waiting/day/last
GET /:project_id/analytics/requests/count
GET /:project_id/analytics/requests/aggregate/status
GET /:project_id/analytics/requests/aggregate/day
GET /:project_id/analytics/requests/aggregate/month
GET /:project_id/analytics/requests/aggregate/week
GET /:project_id/analytics/requests/aggregate/hours
GET /:project_id/analytics/requests/duration
GET /:project_id/analytics/requests/satisfaction
GET /:project_id/analytics/requests/hasBot/count
GET /:project_id/analytics/messages/count
GET /:project_id/analytics/messages/aggregate/day
POST /:project_id/requests/:request_id/messages
POST /:project_id/subscriptions
`
  .trim()
  .split('\n');

/**
 * The operations beyond the documented interface, taken from the real server's routes (issue 29:
 * what a live inbox needs): each is `x-source: reference`.
 */
const SERVER_OPERATIONS = `
GET /:project_id/subscriptions
GET /:project_id/subscriptions/:subscriptionid
PUT /:project_id/subscriptions/:subscriptionid
DELETE /:project_id/subscriptions/:subscriptionid
GET /:project_id/departments
GET /:project_id/departments/:departmentid
GET /:project_id/requests
GET /:project_id/requests/:requestid
PATCH /:project_id/requests/:requestid
PUT /:project_id/requests/:requestid/close
PUT /:project_id/requests/:requestid/reopen
POST /:project_id/requests/:requestid/participants
PUT /:project_id/requests/:requestid/participants
DELETE /:project_id/requests/:requestid/participants/:participantid
PUT /:project_id/requests/:requestid/assign
PUT /:project_id/requests/:requestid/agent
GET /:project_id/requests/:request_id/messages
GET /:project_id/leads/csv
`
  .trim()
  .split('\n');

/** `GET /:project_id/kb/` and `GET /{project_id}/kb` → `GET /{}/kb`. */
function normalise(operation: string): string {
  const [method, path] = operation.split(' ') as [string, string];
  const shape = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') || /^\{.+\}$/.test(segment) ? '{}' : segment))
    .join('/');
  return `${method} ${shape}`;
}

let doc: any;
beforeAll(() => {
  doc = dereferencedContract();
});

describe('the contract covers the documented interface', () => {
  it('lists 64 documented operations', () => {
    expect(SPEC_OPERATIONS).toHaveLength(64);
    expect(new Set(SPEC_OPERATIONS.map(normalise)).size).toBe(64);
  });

  it('has exactly the 64 documented operations and the listed server routes, no more and no fewer', () => {
    const inContract = operations(doc).map((op) => normalise(`${op.method} ${op.path}`));
    expect(inContract.sort()).toEqual([...SPEC_OPERATIONS, ...SERVER_OPERATIONS].map(normalise).sort());
  });

  it('marks the operations beyond the documented interface as taken from the server (x-source reference)', () => {
    const beyond = new Set(SERVER_OPERATIONS.map(normalise));
    for (const { operation, method, path } of operations(doc)) {
      if (beyond.has(normalise(`${method} ${path}`))) expect(operation['x-source'], `${method} ${path}`).toBe('reference');
    }
  });

  it('gives every operation a unique operationId, one tag, a minimum role and a provenance', () => {
    const ids = new Set<string>();
    const tagNames = new Set(doc.tags.map((t: any) => t.name));
    for (const { operation, method, path } of operations(doc)) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId), `${where} duplicates ${operation.operationId}`).toBe(false);
      ids.add(operation.operationId);
      expect(operation.tags, where).toHaveLength(1);
      expect(tagNames.has(operation.tags[0]), where).toBe(true);
      expect(['none', ...roleLadder(doc)], where).toContain(operation['x-min-role']);
      expect(['spec', 'reference', 'decided'], where).toContain(operation['x-source']);
      if (operation['x-min-role'] !== 'none') expect(operation.description, where).toContain(`Minimum role: **${operation['x-min-role']}**`);
    }
  });

  it("marks with x-accepts-subscription-token (true or absent) exactly the operations a subscription's token may call", () => {
    const marked = operations(doc).filter(({ operation }) => operation['x-accepts-subscription-token'] !== undefined);
    for (const { operation, method, path } of marked) {
      expect(operation['x-accepts-subscription-token'], `${method} ${path}`).toBe(true);
      expect(operation['x-min-role'], `${method} ${path}: a token-free operation has nothing to accept`).not.toBe('none');
    }
    // A description that says the server also takes a subscription token agrees with the mark.
    for (const { operation, method, path } of operations(doc)) {
      if (/or a bot\/subscription\s+token/.test(`${operation.description}\n${operation['x-source-notes'] ?? ''}`)) expect(operation['x-accepts-subscription-token'], `${method} ${path}`).toBe(true);
    }
    expect(marked).toHaveLength(47);
  });

  it("answers 200 on success for every operation, with a JSON schema and an example (the leads' CSV export: a text/csv one)", () => {
    for (const { operation, method, path } of operations(doc)) {
      const codes = Object.keys(operation.responses).filter((code) => code.startsWith('2'));
      expect(codes, `${method} ${path}`).toEqual(['200']);
      const media = operation.responses['200'].content?.[operation.operationId === 'exportLeadsCsv' ? 'text/csv' : 'application/json'];
      expect(media?.schema, `${method} ${path}`).toBeDefined();
      expect(media.example ?? Object.keys(media.examples ?? {})[0], `${method} ${path}`).toBeDefined();
    }
  });

  it('has the message.create webhook with no security of its own', () => {
    const hook = doc.webhooks['message.create'].post;
    expect(hook.security).toEqual([]);
    const body = hook.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['timestamp', 'payload', 'hook', 'token']));
  });

  it('keeps every tag used and described', () => {
    const used = new Set([...operations(doc).map((op) => op.operation.tags[0]), ...Object.values<any>(doc.webhooks).flatMap((item) => item.post.tags)]);
    for (const tag of doc.tags) {
      expect(used.has(tag.name), tag.name).toBe(true);
      expect(tag.description, tag.name).toBeTruthy();
    }
  });
});

describe('examples', () => {
  function validator() {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'contract.json', components: doc.components }, 'contract.json');
    return (schema: any) => ajv.compile({ $id: `s${Math.random()}`, ...JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"contract.json#/components/')) });
  }

  /** Every (schema, example) pair of the document: media types of request bodies, responses and webhooks, and parameters. */
  function pairs(): { where: string; schema: any; value: unknown }[] {
    const found: { where: string; schema: any; value: unknown }[] = [];
    const visitMedia = (where: string, content: any) => {
      for (const [type, media] of Object.entries<any>(content ?? {})) {
        if (!media.schema) continue;
        if ('example' in media) found.push({ where: `${where} ${type}`, schema: media.schema, value: media.example });
        for (const [name, example] of Object.entries<any>(media.examples ?? {})) {
          found.push({ where: `${where} ${type} ${name}`, schema: media.schema, value: example.value });
        }
      }
    };
    const visitOperation = (where: string, op: any, pathItem: any) => {
      for (const p of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
        if ('example' in p) found.push({ where: `${where} parameter ${p.name}`, schema: p.schema, value: p.example });
      }
      if (op.requestBody) visitMedia(`${where} request`, op.requestBody.content);
      for (const [code, response] of Object.entries<any>(op.responses ?? {})) visitMedia(`${where} ${code}`, response.content);
    };
    for (const entry of operations(doc)) visitOperation(`${entry.method} ${entry.path}`, entry.operation, entry.pathItem);
    for (const [name, item] of Object.entries<any>(doc.webhooks ?? {})) {
      const pathItem = item;
      visitOperation(`webhook ${name}`, pathItem.post, pathItem);
    }
    return found;
  }

  it('has a request example for every request body and a 200 example for every operation', () => {
    for (const entry of operations(doc)) {
      if (entry.operation.requestBody) {
        const media = entry.operation.requestBody.content['application/json'];
        expect(media.example ?? media.examples, `${entry.method} ${entry.path}`).toBeDefined();
      }
    }
  });

  it('validates every example against its schema', () => {
    const compile = validator();
    const all = pairs();
    expect(all.length).toBeGreaterThan(64 * 2);
    const failures = all.flatMap(({ where, schema, value }) => {
      const validate = compile(schema);
      return validate(value) ? [] : [`${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`];
    });
    expect(failures).toEqual([]);
  });

  it('gives every parameter a description, a schema and an example', () => {
    for (const entry of operations(doc)) {
      for (const p of parametersOf(entry)) {
        const where = `${entry.method} ${entry.path} ${p.name}`;
        expect(p.description, where).toBeTruthy();
        expect(p.schema, where).toBeDefined();
        expect('example' in p, where).toBe(true);
      }
    }
  });
});

describe('split layout', () => {
  it('bundles every component file: none is unused', () => {
    const unused: string[] = [];
    const componentsDir = join(root, 'openapi/components');
    for (const type of readdirSync(componentsDir)) {
      for (const file of readdirSync(join(componentsDir, type))) {
        const name = file.replace(/\.yaml$/, '');
        if (!doc.components?.[type]?.[name]) unused.push(relative(root, join(componentsDir, type, file)));
      }
    }
    expect(unused).toEqual([]);
  });

  it('has one path file per path, named after the path', () => {
    const files = readdirSync(join(root, 'openapi/paths')).sort();
    const expected = Object.keys(doc.paths)
      .map((path) => `${path.slice(1).replace(/\//g, '_')}.yaml`)
      .sort();
    expect(files).toEqual(expected);
  });
});

describe('self-contained text', () => {
  /** A pointer to a document readers cannot open: a section sign, or the unpublished documents by their short names. */
  const CITATION = /§|reference\s+sheet|\bthe\s+spec\b/i;
  /** In the contract's own text, also the bare short name (the `spec` of `x-source`, in backticks, may be named). */
  const CONTRACT_CITATION = /§|reference\s+sheet|(?<!`)\bspecs?\b(?!`)/i;

  /** Every `description`, `summary` and `title` string of the document, with its JSON path. */
  function texts(node: unknown, at = '#', found: { at: string; text: string }[] = []) {
    if (Array.isArray(node)) node.forEach((item, i) => texts(item, `${at}/${i}`, found));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (['description', 'summary', 'title'].includes(key) && typeof value === 'string') found.push({ at: `${at}/${key}`, text: value });
        else texts(value, `${at}/${key}`, found);
      }
    }
    return found;
  }

  /** Every `x-source` value used anywhere in the document. */
  function sources(node: unknown, found = new Set<string>()): Set<string> {
    if (Array.isArray(node)) node.forEach((item) => sources(item, found));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-source' && typeof value === 'string') found.add(value);
        else sources(value, found);
      }
    }
    return found;
  }

  it('cites no document a reader cannot open in any description, summary or title', () => {
    const all = texts(doc);
    expect(all.length).toBeGreaterThan(300);
    const citing = all.filter(({ text }) => CONTRACT_CITATION.test(text)).map(({ at, text }) => `${at}: ${CONTRACT_CITATION.exec(text)![0]}`);
    expect(citing).toEqual([]);
  });

  it('explains every x-source value of the contract in openapi/README.md, without citing', () => {
    const readme = readFileSync(join(root, 'openapi/README.md'), 'utf8');
    const section = readme.split(/\n(?=## )/).find((part) => part.startsWith('## Provenance: `x-source`'));
    expect(section, 'a "## Provenance: `x-source`" section').toBeDefined();
    expect(section).not.toMatch(CITATION);
    const rows = new Map([...section!.matchAll(/^\| `([a-z-]+)` \|([^|]*)\|/gm)].map(([, value, meaning]) => [value!, meaning!.trim()] as const));
    const used = [...sources(doc)].sort();
    expect(used).toEqual(expect.arrayContaining(['spec', 'reference']));
    for (const value of used) expect(rows.get(value), `x-source \`${value}\``).toMatch(/\w{3,}.*\w{3,}/);
    // `spec` names a document nobody can open: the row must say so; `reference` names the package anyone can.
    expect(rows.get('spec')).toMatch(/unpublished|not published/);
    expect(rows.get('reference')).toContain('@tiledesk/tiledesk-server');
  });
});

describe('provenance: descriptions for users, notes for reviewers', () => {
  /** A file of the real server's package, as notes cite them (`routes/tag.js:47`, `models/lead.js`, `app.js`), or a bare line (`:49`). */
  const SOURCE_FILE = /\b(?:routes|models|services|middleware|pubmodules|utils|config|event|channels|websocket)\/[\w./-]*(?:\.js(?:on)?)?\b|\b(?:app|kb)\.js\b|`:\d+(?:-\d+)?`/;
  /** One item of `x-source-notes`: its source in bold, then the note. */
  const NOTE_ITEM = /^- \*\*(reference|decided)\*\* — \S/;
  const FIXTURE = join(root, 'test/fixtures/provenance-notes.json');

  let cached: { at: string; node: Record<string, any> }[] | undefined;
  /** Every object of the split contract's files (not the bundles), with `file#/json/path` (read once). */
  function sourceObjects(): { at: string; node: Record<string, any> }[] {
    if (cached) return cached;
    const found: { at: string; node: Record<string, any> }[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        found.push({ at, node: node as Record<string, any> });
        for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    };
    const visit = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory() && !['openapi/dist', 'openapi/released'].includes(path)) visit(path);
        else if (entry.isFile() && entry.name.endsWith('.yaml')) walk(parseYaml(readFileSync(join(root, path), 'utf8')), `${path}#`);
      }
    };
    visit('openapi');
    cached = found;
    return found;
  }

  /** The items of an `x-source-notes` list (a continuation line belongs to its item). */
  function noteItems(notes: unknown): string[] {
    if (typeof notes !== 'string') return [];
    return notes
      .split(/\n(?=- )/)
      .map((item) => item.trim())
      .filter(Boolean);
  }

  it('keeps `Source:` labels and source files out of every description, summary and title', () => {
    const offending: string[] = [];
    for (const { at, node } of sourceObjects()) {
      for (const key of ['description', 'summary', 'title']) {
        const text = node[key];
        if (typeof text !== 'string') continue;
        const found = /\bSource:/.exec(text) ?? SOURCE_FILE.exec(text);
        if (found) offending.push(`${at}/${key}: ${found[0]}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('gives every reference or decided element its implementation notes, each item with its source', () => {
    const problems: string[] = [];
    let withNotes = 0;
    for (const { at, node } of sourceObjects()) {
      const source = node['x-source'];
      const notes = node['x-source-notes'];
      if (notes !== undefined) {
        withNotes++;
        if (!['spec', 'reference', 'decided'].includes(source)) problems.push(`${at}: x-source-notes without x-source`);
        const items = noteItems(notes);
        if (items.length === 0) problems.push(`${at}: empty x-source-notes`);
        for (const item of items) if (!NOTE_ITEM.test(item)) problems.push(`${at}: note item without its source: ${item.slice(0, 60)}`);
        // An element's own source is one of its notes' sources (a spec element may carry reference or decided notes).
        if (source !== 'spec' && !items.some((item) => item.startsWith(`- **${source}**`))) problems.push(`${at}: x-source ${source} but no ${source} note`);
      } else if (source === 'reference' || source === 'decided') {
        problems.push(`${at}: x-source ${source} without x-source-notes`);
      }
    }
    expect(withNotes).toBeGreaterThan(600);
    expect(problems).toEqual([]);
  });

  it('drops no implementation note (test/fixtures/provenance-notes.json counts them per element)', () => {
    const counts: Record<string, number> = {};
    for (const { at, node } of sourceObjects()) {
      const items = noteItems(node['x-source-notes']);
      if (items.length) counts[at] = items.length;
    }
    if (process.env.UPDATE_PROVENANCE_NOTES) writeFileSync(FIXTURE, `${JSON.stringify(counts, null, 2)}\n`);
    const pinned: Record<string, number> = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    expect(Object.keys(pinned).length).toBeGreaterThan(600);
    // Adding notes is free; a pinned element that lost its notes, or some of them, fails here.
    const lost = Object.entries(pinned)
      .filter(([at, count]) => (counts[at] ?? 0) < count)
      .map(([at, count]) => `${at}: ${counts[at] ?? 0} of ${count} notes (removed on purpose? rerun with UPDATE_PROVENANCE_NOTES=1)`);
    expect(lost).toEqual([]);
  });
});
