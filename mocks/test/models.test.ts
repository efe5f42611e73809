/**
 * Each server model the mock applies (../src/models/) keeps exactly the fields its contract schema
 * describes: a field the contract adds and the model lacks would be dropped on every write, a field
 * the model keeps and the contract lacks would be sent undocumented. The schemas are read from the
 * contract's source (`openapi/components/schemas/`), `allOf` members included.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Model } from '../src/mongoose/model';
import { GROUP_MODEL } from '../src/models/group';
import { LEAD_MODEL } from '../src/models/lead';
import { SEGMENT_FILTER_MODEL, SEGMENT_MODEL } from '../src/models/segment';
import { TAG_MODEL } from '../src/models/tag';
import { USER_MODEL } from '../src/models/user';

const SCHEMAS = join(import.meta.dirname, '../../openapi/components/schemas');

/** The property names of a schema file, through `allOf` and `$ref`s to other schema files. */
function propertiesOf(file: string): string[] {
  const schema = parse(readFileSync(file, 'utf8')) as { properties?: Record<string, unknown>; allOf?: { $ref?: string; properties?: Record<string, unknown> }[] };
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const member of schema.allOf ?? []) {
    if (member.$ref) for (const name of propertiesOf(join(dirname(file), member.$ref))) names.add(name);
    for (const name of Object.keys(member.properties ?? {})) names.add(name);
  }
  return [...names].sort();
}

/** What the engine adds to every document of a model: `_id`, `__v`, and the timestamps of a timestamped one. */
const stored = (model: Model, subdocument = false): string[] => [...Object.keys(model.fields), ...(subdocument ? [] : ['_id', '__v']), ...(model.timestamps ? ['createdAt', 'updatedAt'] : [])];

/**
 * Model → its contract schema; `notFields`: the properties the contract describes that no field of
 * the model stores, `notInContract`: the fields the model stores that the contract leaves out, each
 * with the reason.
 */
const CASES: { model: Model; schema: string; subdocument?: boolean; notFields: Record<string, string>; notInContract?: Record<string, string> }[] = [
  // `id` is Mongoose's virtual (the `_id` as a string), sent where the server serialises with virtuals.
  { model: LEAD_MODEL, schema: 'LeadUpserted', notFields: { id: 'virtual' } },
  { model: LEAD_MODEL, schema: 'Lead', notFields: { id: 'virtual' } },
  { model: TAG_MODEL, schema: 'Tag', notFields: { id: 'virtual' } },
  { model: TAG_MODEL, schema: 'TagUpserted', notFields: { id: 'virtual' } },
  { model: GROUP_MODEL, schema: 'Group', notFields: { id: 'virtual' } },
  { model: GROUP_MODEL, schema: 'GroupUpserted', notFields: { id: 'virtual' } },
  { model: SEGMENT_MODEL, schema: 'Segment', notFields: { id: 'virtual' } },
  { model: SEGMENT_MODEL, schema: 'SegmentUpserted', notFields: { id: 'virtual' } },
  { model: SEGMENT_FILTER_MODEL, schema: 'SegmentFilter', subdocument: true, notFields: {} },
  // The profile fields only routes outside the contract set (`PUT /users`); the contract's `User`
  // is an open object that names what every user has.
  {
    model: USER_MODEL,
    schema: 'User',
    notFields: {},
    notInContract: { signedInAt: 'profile', attributes: 'profile', description: 'profile', public_email: 'profile', public_website: 'profile', phone: 'profile' },
  },
];

describe('the models and the contract', () => {
  it.each(CASES)('$model.name keeps the fields of $schema', ({ model, schema, subdocument, notFields, notInContract = {} }) => {
    const properties = propertiesOf(join(SCHEMAS, `${schema}.yaml`));
    expect(properties.length).toBeGreaterThan(2);
    const fields = stored(model, subdocument);
    expect(fields.filter((name) => !(name in notInContract)).sort()).toEqual(properties.filter((name) => !(name in notFields)));
    // Every exception is still one: the contract has the property, the model the field.
    for (const name of Object.keys(notFields)) expect(properties).toContain(name);
    for (const name of Object.keys(notInContract)) expect(fields).toContain(name);
  });
});
