/**
 * The server's `models/segment.js` as the mock applies it: the one place the mock states this
 * model's fields (a field it does not list is dropped on every write, as Mongoose's strict schema
 * drops it), their types, required fields and defaults. Handlers write with it, the seed's factory
 * (../state/factories.ts) takes its defaults from it, and `mocks/test/models.test.ts` checks its
 * fields against the contract's schema.
 */
import type { Model } from '../mongoose/model';

/** `SegmentFilterSchema` of `models/segment.js` (`_id: false`). */
export const SEGMENT_FILTER_MODEL: Model = {
  name: 'segmentFilter',
  fields: {
    field: { type: 'string', required: true },
    operator: { type: 'string', required: true },
    value: { type: 'mixed', required: true },
  },
};

/** `models/segment.js`. */
export const SEGMENT_MODEL: Model = {
  name: 'segment',
  timestamps: true,
  fields: {
    name: { type: 'string', required: true },
    match: { type: 'string', required: true, default: 'all' },
    filters: { type: 'subdocs', model: SEGMENT_FILTER_MODEL },
    id_project: { type: 'string', required: true },
    status: { type: 'number', required: true, default: 100 },
    createdBy: { type: 'string', required: true },
  },
};
