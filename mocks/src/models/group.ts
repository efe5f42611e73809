/**
 * The server's `models/group.js` as the mock applies it: the one place the mock states this
 * model's fields (a field it does not list is dropped on every write, as Mongoose's strict schema
 * drops it), their types, required fields and defaults. Handlers write with it, the seed's factory
 * (../state/factories.ts) takes its defaults from it, and `mocks/test/models.test.ts` checks its
 * fields against the contract's schema.
 */
import type { Model } from '../mongoose/model';

/** `models/group.js`. */
export const GROUP_MODEL: Model = {
  name: 'group',
  timestamps: true,
  fields: {
    name: { type: 'string', required: true },
    members: { type: 'array', default: () => [] },
    id_project: { type: 'string' },
    enabled: { type: 'boolean', default: true },
    trashed: { type: 'boolean' },
    attributes: { type: 'mixed' },
    createdBy: { type: 'string', required: true },
  },
};
