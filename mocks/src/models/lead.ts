/**
 * The server's `models/lead.js` as the mock applies it: the one place the mock states this
 * model's fields (a field it does not list is dropped on every write, as Mongoose's strict schema
 * drops it), their types, required fields and defaults. Handlers write with it, the seed's factory
 * (../state/factories.ts) takes its defaults from it, and `mocks/test/models.test.ts` checks its
 * fields against the contract's schema.
 */
import type { Model } from '../mongoose/model';

/** `models/leadConstants.js`: a lead's `status`. */
export const LEAD_STATUS = { NORMAL: 100, DELETED: 1000 } as const;

/** `models/lead.js`. */
export const LEAD_MODEL: Model = {
  name: 'lead',
  timestamps: true,
  fields: {
    lead_id: { type: 'string', required: true },
    fullname: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    company: { type: 'string' },
    note: { type: 'string' },
    streetAddress: { type: 'string' },
    city: { type: 'string' },
    region: { type: 'string' },
    zipcode: { type: 'string' },
    country: { type: 'string' },
    tags: { type: 'array', of: 'string' },
    attributes: { type: 'mixed' },
    id_project: { type: 'string', required: true },
    createdBy: { type: 'string', required: true },
    status: { type: 'number', default: LEAD_STATUS.NORMAL },
    properties: { type: 'mixed' },
  },
  // the server's text index (`full_text`): words of these fields, indexed on write
  textIndex: ['fullname', 'email'],
};
