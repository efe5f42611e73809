/**
 * The server's `models/tagLibrary.js` as the mock applies it: the one place the mock states this
 * model's fields (a field it does not list is dropped on every write, as Mongoose's strict schema
 * drops it), their types, required fields and defaults. Handlers write with it, the seed's factory
 * (../state/factories.ts) takes its defaults from it, and `mocks/test/models.test.ts` checks its
 * fields against the contract's schema.
 */
import type { Model } from '../mongoose/model';

/** `models/tagLibrary.js` (the fields of `models/tag.js` plus the project and creator). */
export const TAG_MODEL: Model = {
  name: 'tag',
  timestamps: true,
  fields: {
    tag: { type: 'string', required: true },
    color: { type: 'string' },
    attributes: { type: 'mixed' },
    id_project: { type: 'string', required: true },
    createdBy: { type: 'string', required: true },
  },
};
