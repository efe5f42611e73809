import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isVariant } from '../openapi/plugins/supportkb.js';
import { annotatePathText, annotateSchemaText, plan, releasesOf, schemaAnnotations, SCHEMA_MODELS } from '../scripts/releases/annotate.mjs';
import { compareVersions } from '../scripts/releases/extract.mjs';
import { root } from './contract-helpers';

/**
 * The contract's `x-since` / `x-until` (openapi/README.md, "Releases") against the releases data
 * (scripts/releases/data/releases.json): the annotations are what scripts/releases/annotate.mjs writes from
 * the data, so they cannot drift from it, and a response never requires what a release of the window lacks.
 */
interface ReleasesData {
  releases: string[];
  models: Record<string, { fields: Record<string, { since: string; until?: string }> }>;
}
const data: ReleasesData = JSON.parse(readFileSync(join(root, 'scripts/releases/data/releases.json'), 'utf8'));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const [first, last] = [data.releases[0]!, data.releases.at(-1)!];

/** Every YAML file of the contract's source, parsed. */
function contractFiles(): { file: string; doc: unknown }[] {
  const out: { file: string; doc: unknown }[] = [];
  const read = (dir: string, name: string): unknown => parse(readFileSync(join(root, 'openapi', dir, name), 'utf8'));
  for (const dir of ['paths', 'components/schemas', 'components/parameters', 'components/responses']) {
    for (const name of readdirSync(join(root, 'openapi', dir))) {
      const doc = read(dir, name);
      // A variant (`allOf` of one schema file plus `required`) has the properties of that file, as in the bundle.
      const base = isVariant(doc) && isRecord(doc) && Array.isArray(doc.allOf) && isRecord(doc.allOf[0]) ? read(dir, String(doc.allOf[0].$ref)) : undefined;
      out.push({ file: `${dir}/${name}`, doc: isRecord(base) && isRecord(doc) ? { ...doc, properties: base.properties } : doc });
    }
  }
  return out;
}

/** Every object (at any depth) of `node`, with its JSON pointer. */
function* objects(node: unknown, at = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) yield* objects(item, `${at}/${i}`);
  else if (isRecord(node)) {
    yield [at, node];
    for (const [k, v] of Object.entries(node)) yield* objects(v, `${at}/${k}`);
  }
}

describe('the contract names the releases that have each element', () => {
  it('holds exactly the annotations the releases data gives (node scripts/releases/annotate.mjs rewrites them)', () => {
    const stale = plan(data)
      .filter((f) => f.before !== f.after)
      .map((f) => f.file);
    expect(stale).toEqual([]);
  });

  it('annotates what changed in the window, as read from the tags', () => {
    const a = schemaAnnotations(data);
    // Checked by hand against the tags (git show vX.Y.Z:models/…).
    expect(a.Teammate).toMatchObject({ roleType: { since: '2.18.1' }, permissions: { since: '2.18.1' }, trashed: { since: '2.11.9' } });
    expect(a.TeammateUpserted).toEqual(a.Teammate);
    // What those schemas required before: required in every release that has it.
    const releaseRequired = (schema: string): unknown => parse(readFileSync(join(root, 'openapi/components/schemas', `${schema}.yaml`), 'utf8'))['x-release-required'];
    expect(releaseRequired('Teammate')).toEqual(['roleType', 'permissions', 'trashed']);
    expect(releaseRequired('Group')).toEqual(['enabled']);
    expect(a.Group).toEqual({ enabled: { since: '2.11.6' }, attributes: { since: '2.11.6' } });
    expect(a.KnowledgeBase).toEqual({ hybrid: { since: '2.10.103' }, embedding: { since: '2.13.50' } });
    expect(a.Content).toMatchObject({ situated_context: { since: '2.18.4' }, chunk_regex: { since: '2.19.2' }, tags: { since: '2.15.8' } });
    // An embedded schema's fields are annotated only when they came after the sub-document itself.
    expect(a.KnowledgeBaseEmbedding).toEqual({});
    // Fields every release has carry nothing.
    for (const schema of ['Lead', 'Tag', 'Segment', 'Subscription', 'LabelDocument', 'Message']) expect(a[schema], schema).toEqual({});
  });

  it('states a release as the first from which every later one has it, and the last that has it', () => {
    const releases = ['2.10.0', '2.10.1', '2.10.2', '2.10.3', '2.10.4'];
    expect(releasesOf({ since: '2.10.0' }, releases)).toEqual({});
    expect(releasesOf({ since: '2.10.1', absentIn: [{ since: '2.10.2', until: '2.10.2' }] }, releases)).toEqual({ since: '2.10.3' });
    expect(releasesOf({ since: '2.10.0', until: '2.10.2' }, releases)).toEqual({ until: '2.10.2' });
    expect(releasesOf({ since: '2.10.2' }, releases, '2.10.2')).toEqual({});
    expect(compareVersions('2.10.53', '2.9.99')).toBeGreaterThan(0);
  });

  it('rewrites its own lines only, and a second run changes nothing', () => {
    const text = ['type: object', 'required: [a, b, c]', 'properties:', '  a:', '    type: string', '  b:', "    x-since: '2.11.0'", '    type: string', '  c:', '    $ref: ./X.yaml', ''].join('\n');
    const once = annotateSchemaText(text, { c: { since: '2.12.1' } });
    expect(once).toBe(
      [
        'type: object',
        'required: [a, b]',
        'x-release-required: [c]',
        'properties:',
        '  a:',
        '    type: string',
        '  b:',
        '    type: string',
        '  c:',
        "    x-since: '2.12.1'",
        '    $ref: ./X.yaml',
        '',
      ].join('\n'),
    );
    expect(annotateSchemaText(once, { c: { since: '2.12.1' } })).toBe(once);
    const path = ['get:', '  operationId: getX', "  x-until: '2.11.0'", '  summary: X', ''].join('\n');
    expect(annotatePathText(path, { getX: { since: '2.12.0' } })).toBe(['get:', '  operationId: getX', "  x-since: '2.12.0'", '  summary: X', ''].join('\n'));
  });

  it('names releases of the window only, x-since after its first and x-until before its last', () => {
    const seen: string[] = [];
    for (const { file, doc } of contractFiles()) {
      for (const [at, node] of objects(doc)) {
        for (const key of ['x-since', 'x-until'] as const) {
          if (!(key in node)) continue;
          const value = node[key];
          seen.push(`${file}#${at}`);
          expect(data.releases, `${file}#${at} ${key}`).toContain(value);
          if (key === 'x-since') expect(value, `${file}#${at}`).not.toBe(first);
          else expect(value, `${file}#${at}`).not.toBe(last);
        }
      }
    }
    expect(seen.length).toBeGreaterThanOrEqual(20);
  });

  it('holds for the window of the releases data', () => {
    const info: { 'x-release-window': unknown } = parse(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8')).info;
    expect(info['x-release-window']).toEqual({ from: first, to: last });
  });

  it('requires no property that a release of the window lacks, and lists in x-release-required only annotated ones', () => {
    for (const { file, doc } of contractFiles()) {
      for (const [at, node] of objects(doc)) {
        const releaseRequired: unknown = node['x-release-required'];
        if (releaseRequired !== undefined) {
          expect(Array.isArray(releaseRequired) && isRecord(node.properties), `${file}#${at}`).toBe(true);
          for (const name of Array.isArray(releaseRequired) ? releaseRequired : []) {
            const p = isRecord(node.properties) ? node.properties[String(name)] : undefined;
            expect(isRecord(p) && ('x-since' in p || 'x-until' in p), `${file}#${at}: x-release-required ${String(name)} without x-since/x-until`).toBe(true);
          }
        }
        const { properties, required } = node;
        if (!Array.isArray(required) || !isRecord(properties)) continue;
        for (const name of required) {
          const p = properties[String(name)];
          expect(isRecord(p) && ('x-since' in p || 'x-until' in p), `${file}#${at}: required ${String(name)} carries x-since/x-until`).toBe(false);
        }
      }
    }
  });

  it('keeps required what every release sends (the contract keeps its teeth)', () => {
    const required = (schema: string): string[] => {
      const doc: { required?: string[] } = parse(readFileSync(join(root, 'openapi/components/schemas', `${schema}.yaml`), 'utf8'));
      return doc.required ?? [];
    };
    expect(required('Teammate')).toEqual(expect.arrayContaining(['_id', 'id', 'id_project', 'createdBy', 'status', 'tags', 'createdAt', 'updatedAt', '__v']));
    expect(required('Lead')).toEqual(expect.arrayContaining(['_id', 'lead_id', 'id_project', 'status', 'createdBy']));
    expect(required('Group')).toEqual(expect.arrayContaining(['_id', 'name', 'members', 'trashed', 'id_project', 'createdBy']));
    // Each mapped schema's required fields are fields every release of the window has.
    for (const [schema, { model, path }] of Object.entries(SCHEMA_MODELS)) {
      const fields = data.models[model]!.fields;
      for (const name of required(schema)) {
        const field = fields[path ? `${path}.${name}` : name];
        if (!field) continue;
        const within = path ? fields[path]!.since : first;
        expect(compareVersions(field.since, within) <= 0 && !field.until, `${schema}.${name}`).toBe(true);
      }
    }
  });
});
