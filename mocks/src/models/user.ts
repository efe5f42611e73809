/**
 * The server's `models/user.js` as the mock applies it: the one place the mock states this
 * model's fields (a field it does not list is dropped on every write, as Mongoose's strict schema
 * drops it), their types, required fields and defaults. Handlers write with it, the seed's factory
 * (../state/factories.ts) takes its defaults from it, and `mocks/test/models.test.ts` checks its
 * fields against the contract's schema. The password is no field of it: the store keeps it among its secrets.
 */
import type { Model } from '../mongoose/model';

/** `models/user.js` (the password lives in the store's secrets). */
export const USER_MODEL: Model = {
  name: 'user',
  timestamps: true,
  fields: {
    email: { type: 'string', required: true },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    emailverified: { type: 'boolean' },
    signedInAt: { type: 'date' },
    attributes: { type: 'mixed' },
    status: { type: 'number', required: true, default: 100 },
    description: { type: 'string' },
    public_email: { type: 'string' },
    public_website: { type: 'string' },
    phone: { type: 'string' },
  },
};
