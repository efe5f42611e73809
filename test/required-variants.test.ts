// The contract's Redocly preprocessor `supportkb/required-variants` (openapi/plugins/supportkb.js):
// a schema written as `allOf` of one schema file plus `required` is bundled as the plain object it
// means, so the generators never see the `allOf` (openapi/README.md, "One schema, two states").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import supportkbPlugin, { isVariant } from '../openapi/plugins/supportkb.js';
import { bundledContract } from '../scripts/lib/contract-source.mjs';
import { root } from './contract-helpers';

const SCHEMAS = join(root, 'openapi/components/schemas');
const read = (name: string): Record<string, unknown> => parse(readFileSync(join(SCHEMAS, name), 'utf8'));

/** The variants of the contract's source: file name → the base file its `allOf` names. */
function variants(): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(SCHEMAS)) {
    const doc = read(name);
    const ref: unknown = isVariant(doc) && Array.isArray(doc.allOf) ? doc.allOf[0]?.$ref : undefined;
    if (typeof ref === 'string') out.set(name, ref.replace('./', ''));
  }
  return out;
}

/** The preprocessor's visitor, run on one schema node with `base` as what its `$ref` resolves to. */
function flatten(node: Record<string, unknown>, base: unknown): Record<string, unknown> {
  const visitor = supportkbPlugin().preprocessors.oas3['required-variants']();
  visitor.Schema.enter(node, { resolve: () => ({ node: base, location: undefined }), location: { source: { absoluteRef: 'Variant.yaml' } } });
  return node;
}

describe('variants: one schema, two states', () => {
  it('writes each saved resource once, as a variant of its upserted form', () => {
    expect(Object.fromEntries(variants())).toEqual({
      'Group.yaml': 'GroupUpserted.yaml',
      'Lead.yaml': 'LeadUpserted.yaml',
      'Segment.yaml': 'SegmentUpserted.yaml',
      'StoredConversation.yaml': 'Conversation.yaml',
      'Tag.yaml': 'TagUpserted.yaml',
      'Teammate.yaml': 'TeammateUpserted.yaml',
    });
  });

  it("bundles each variant as its base's properties with its own required list, description and notes", () => {
    const schemas = bundledContract().components.schemas;
    for (const [file, baseFile] of variants()) {
      const name = file.replace('.yaml', '');
      const source = read(file);
      const bundled = schemas[name];
      const base = schemas[baseFile.replace('.yaml', '')];
      expect(bundled.allOf, name).toBeUndefined();
      expect(bundled.type, name).toBe('object');
      expect(bundled.properties, name).toEqual(base.properties);
      expect(bundled.required, name).toEqual(source.required);
      expect(bundled.description, name).toBe(source.description);
      expect(bundled['x-source-notes'], name).toBe(source['x-source-notes']);
      expect(bundled['x-release-required'], name).toEqual(source['x-release-required']);
      // A variant requires more than its base, never a field the base does not have.
      for (const field of Array.isArray(source.required) ? source.required : []) expect(Object.keys(base.properties), `${name}.${field}`).toContain(field);
    }
  });

  it('rewrites only the exact shape: one $ref of the same folder beside required and annotations', () => {
    const base = { type: 'object', description: 'base', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'integer' } } };
    expect(isVariant({ allOf: [{ $ref: './Base.yaml' }], required: ['a', 'b'], description: 'v', 'x-source': 'reference' })).toBe(true);
    expect(isVariant({ allOf: [{ $ref: './Base.yaml' }, { type: 'object' }], required: ['a'] })).toBe(false);
    expect(isVariant({ allOf: [{ $ref: '../other/Base.yaml' }], required: ['a'] })).toBe(false);
    expect(isVariant({ allOf: [{ $ref: './Base.yaml' }], required: ['a'], properties: { c: {} } })).toBe(false);
    expect(isVariant({ allOf: [{ $ref: './Base.yaml' }] })).toBe(false);
    const flat = flatten({ type: 'object', description: 'v', required: ['a', 'b'], allOf: [{ $ref: './Base.yaml' }] }, base);
    expect(flat).toEqual({ type: 'object', description: 'v', required: ['a', 'b'], properties: base.properties });
    expect(flat.properties).not.toBe(base.properties); // a copy: the base is left as it was
    const untouched = { allOf: [{ $ref: './Base.yaml' }, { required: ['b'] }] };
    expect(flatten(structuredClone(untouched), base)).toEqual(untouched);
  });

  it('fails the bundle on a required name the base does not have, naming it', () => {
    const base = { type: 'object', properties: { a: { type: 'string' } } };
    expect(() => flatten({ required: ['a', 'nope'], allOf: [{ $ref: './Base.yaml' }] }, base)).toThrow(/Variant\.yaml requires nope, not a property of/);
    expect(() => flatten({ required: ['a'], allOf: [{ $ref: './Base.yaml' }] }, { type: 'string' })).toThrow(/is not an object schema with properties/);
  });
});
