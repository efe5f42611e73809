// The parity scenario's steps (../scenario.mjs): Segments.
import { MALFORMED_ID, UNKNOWN_ID, s } from './steps.mjs';

export function segmentSteps() {
  const filtered = (name, filters) => (v) => ({ name: `${v.run}-${name}`, filters });
  return [
    s('createSegment.ok', 'createSegment', {
      body: (v) => ({ name: `${v.run}-segment`, match: 'all', filters: [{ field: 'city', operator: '=', value: 'Milano' }] }),
      save: (v, b) => {
        v.segment1 = b?._id;
      },
    }),
    s('createSegment.minimal', 'createSegment', {
      as: 'agent',
      body: (v) => ({ name: `${v.run}-segment-2` }),
      save: (v, b) => {
        v.segment2 = b?._id;
      },
    }),
    s('createSegment.match-other', 'createSegment', { body: (v) => ({ name: `${v.run}-segment-3`, match: 'some' }) }),
    s('createSegment.match-null', 'createSegment', { body: { name: 's', match: null } }),
    s('createSegment.match-number', 'createSegment', { body: (v) => ({ name: `${v.run}-segment-4`, match: 1 }) }),
    s('createSegment.match-empty', 'createSegment', { body: { name: 's', match: '' } }),
    s('createSegment.filters-object', 'createSegment', { body: { name: 's', filters: { field: 'city' } } }),
    s('createSegment.filters-object-complete', 'createSegment', { body: filtered('segment-5', { field: 'city', operator: '=', value: 'Roma' }) }),
    s('createSegment.filters-string', 'createSegment', { body: { name: 's', filters: 'x' } }),
    s('createSegment.filters-null-item', 'createSegment', { body: { name: 's', filters: [null] } }),
    s('createSegment.filters-empty', 'createSegment', { body: filtered('segment-6', []) }),
    s('createSegment.filters-null', 'createSegment', { body: filtered('segment-7', null) }),
    s('createSegment.filter-missing-operator', 'createSegment', { body: { name: 's', filters: [{ field: 'city', value: 'x' }] } }),
    s('createSegment.filter-value-null', 'createSegment', { body: { name: 's', filters: [{ field: 'city', operator: '=', value: null }] } }),
    s('createSegment.filter-value-falsy', 'createSegment', {
      body: filtered('segment-8', [
        { field: 'city', operator: '=', value: 0 },
        { field: 'note', operator: '!=', value: false },
        { field: 'zipcode', operator: '=', value: '' },
      ]),
    }),
    s('createSegment.filter-field-number', 'createSegment', { body: filtered('segment-9', [{ field: 5, operator: 7, value: { a: 1 }, extra: 'dropped' }]) }),
    s('createSegment.filter-field-object', 'createSegment', { body: { name: 's', filters: [{ field: { a: 1 }, operator: '=', value: 1 }] } }),
    s('createSegment.filter-field-empty', 'createSegment', { body: { name: 's', filters: [{ field: '', operator: '=', value: 1 }] } }),
    s('createSegment.name-number', 'createSegment', { body: { name: 3 } }),
    s('createSegment.name-object', 'createSegment', { body: { name: { a: 1 } } }),
    s('createSegment.missing-name', 'createSegment', { body: { match: 'all' } }),
    s('createSegment.empty-body', 'createSegment', { body: {} }),
    s('createSegment.body-array', 'createSegment', { body: [{ name: 's' }] }),
    s('createSegment.status', 'createSegment', { body: (v) => ({ name: `${v.run}-segment-10`, status: 0, id_project: 'elsewhere' }) }),
    s('createSegment.malformed-json', 'createSegment', { raw: '{"name"' }),
    s('createSegment.guest', 'createSegment', { as: 'guest', body: { name: 's' } }),
    // Segments whose filters listLeads applies (leadSteps).
    s('createSegment.ne', 'createSegment', {
      body: filtered('seg-ne', [{ field: 'email', operator: '!=', value: 'nobody@example.org' }]),
      save: (v, b) => {
        v.segNe = b?._id;
      },
    }),
    s('createSegment.gt-date', 'createSegment', {
      body: filtered('seg-gt', [{ field: 'createdAt', operator: '>', value: '2000-01-01T00:00:00.000Z' }]),
      save: (v, b) => {
        v.segGt = b?._id;
      },
    }),
    s('createSegment.gte-bad-date', 'createSegment', {
      body: filtered('seg-gte', [{ field: 'createdAt', operator: '>=', value: 'not a date' }]),
      save: (v, b) => {
        v.segGteBad = b?._id;
      },
    }),
    s('createSegment.contains', 'createSegment', {
      body: filtered('seg-contains', [{ field: 'fullname', operator: 'contains', value: 'Love' }]),
      save: (v, b) => {
        v.segContains = b?._id;
      },
    }),
    s('createSegment.contains-invalid', 'createSegment', {
      body: filtered('seg-contains-bad', [{ field: 'fullname', operator: 'contains', value: '[' }]),
      save: (v, b) => {
        v.segContainsBad = b?._id;
      },
    }),
    s('createSegment.contains-number', 'createSegment', {
      body: filtered('seg-contains-5', [{ field: 'fullname', operator: 'contains', value: 5 }]),
      save: (v, b) => {
        v.segContainsNumber = b?._id;
      },
    }),
    s('createSegment.contains-mixed-number', 'createSegment', {
      body: filtered('seg-contains-attr', [{ field: 'attributes.plan', operator: 'contains', value: 5 }]),
      save: (v, b) => {
        v.segContainsAttr = b?._id;
      },
    }),
    s('createSegment.starts-with', 'createSegment', {
      body: filtered('seg-starts', [{ field: 'fullname', operator: 'starts with', value: 'Ada' }]),
      save: (v, b) => {
        v.segStarts = b?._id;
      },
    }),
    s('createSegment.is-null', 'createSegment', {
      body: filtered('seg-null', [{ field: 'email', operator: 'is null', value: true }]),
      save: (v, b) => {
        v.segNull = b?._id;
      },
    }),
    s('createSegment.is-not-null', 'createSegment', {
      body: filtered('seg-not-null', [
        { field: 'email', operator: 'is not null', value: true },
        { field: 'attributes.plan', operator: '=', value: 'pro' },
      ]),
      save: (v, b) => {
        v.segNotNull = b?._id;
      },
    }),
    s('createSegment.unknown-operator', 'createSegment', {
      body: filtered('seg-unknown-op', [{ field: 'fullname', operator: 'like', value: 'x' }]),
      save: (v, b) => {
        v.segUnknownOp = b?._id;
      },
    }),
    s('createSegment.operator-value', 'createSegment', {
      body: filtered('seg-op-value', [{ field: 'tags', operator: '=', value: { $in: ['vip', 'gold'] } }]),
      save: (v, b) => {
        v.segOpValue = b?._id;
      },
    }),
    s('createSegment.bad-id-value', 'createSegment', {
      body: filtered('seg-bad-id', [{ field: '_id', operator: '=', value: 'nope' }]),
      save: (v, b) => {
        v.segBadId = b?._id;
      },
    }),
    s('createSegment.status-field', 'createSegment', {
      body: filtered('seg-status', [{ field: 'status', operator: '=', value: 1000 }]),
      save: (v, b) => {
        v.segStatus = b?._id;
      },
    }),
    s('createSegment.unknown-operator-value', 'createSegment', {
      body: filtered('seg-bad-op-value', [{ field: 'city', operator: '=', value: { $foo: 1 } }]),
      save: (v, b) => {
        v.segBadOpValue = b?._id;
      },
    }),
    s('createSegment.or', 'createSegment', {
      body: filtered('seg-or', [{ field: '$or', operator: '=', value: [{ fullname: 'Ada Lovelace' }, { fullname: 'Grace Hopper' }] }]),
      save: (v, b) => {
        v.segOr = b?._id;
      },
    }),
    s('getSegment.ok', 'getSegment', { path: { id: (v) => v.segment1 } }),
    s('getSegment.unknown', 'getSegment', { path: { id: UNKNOWN_ID } }),
    s('getSegment.malformed', 'getSegment', { path: { id: MALFORMED_ID } }),
    s('getSegment.twelve-chars', 'getSegment', { path: { id: 'abcdefghijkl' } }),
    s('listSegments.default', 'listSegments', {}),
    s('listSegments.sort-name', 'listSegments', { query: { sort: 'name', direction: 1 } }),
    s('listSegments.sortField-name', 'listSegments', { query: { sortField: 'name', direction: 1 } }),
    s('listSegments.sort-dollar', 'listSegments', { query: { sort: '$name' } }),
    s('listSegments.sort-trailing-dot', 'listSegments', { query: { sort: 'name.' } }),
    s('listSegments.sort-nested', 'listSegments', { query: { sort: 'filters.value' } }),
    s('listSegments.limit-1', 'listSegments', { query: { limit: 1, sort: '_id' } }),
    s('listSegments.limit-1-page-1', 'listSegments', { query: { limit: 1, page: 1, sort: '_id' } }),
    s('listSegments.limit-fraction', 'listSegments', { query: { limit: '2.9' } }),
    s('listSegments.limit-array', 'listSegments', { query: { 'limit[0]': 1 } }),
    s('listSegments.limit-abc', 'listSegments', { query: { limit: 'abc' } }),
    s('listSegments.limit-0', 'listSegments', { query: { limit: 0 } }),
    s('listSegments.limit-negative', 'listSegments', { query: { limit: -2, sort: '_id' } }),
    s('listSegments.limit-huge', 'listSegments', { query: { limit: 100000 } }),
    s('listSegments.page-abc', 'listSegments', { query: { page: 'abc' } }),
    s('listSegments.page-fraction', 'listSegments', { query: { page: 0.5, limit: 2, sort: '_id' } }),
    s('listSegments.page-negative', 'listSegments', { query: { page: -1 } }),
    s('listSegments.page-huge', 'listSegments', { query: { page: 100000 } }),
    s('listSegments.direction-abc', 'listSegments', { query: { direction: 'abc' } }),
    s('listSegments.direction-0', 'listSegments', { query: { direction: 0 } }),
    s('listSegments.direction-asc', 'listSegments', { query: { direction: 'asc' } }),
    s('listSegments.direction-array', 'listSegments', { query: { 'direction[0]': 1 } }),
    s('listSegments.guest', 'listSegments', { as: 'guest' }),
    s('updateSegment.ok', 'updateSegment', { path: { id: (v) => v.segment1 }, body: (v) => ({ name: `${v.run}-segment-renamed`, match: 'any' }) }),
    s('updateSegment.filters-string', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { filters: 'x' } }),
    s('updateSegment.filters-incomplete', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { filters: [{}, { field: 'city' }] } }),
    s('updateSegment.filters-field-object', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { filters: [{ field: { a: 1 } }] } }),
    s('updateSegment.filters-object', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { filters: { field: 'city', operator: '=', value: 'Roma' } } }),
    s('updateSegment.match-number', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { match: 2, name: 5 } }),
    s('updateSegment.name-object', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { name: { a: 1 } } }),
    s('updateSegment.nulls', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { name: null, match: null, filters: null } }),
    s('updateSegment.status', 'updateSegment', { path: { id: (v) => v.segment2 }, body: { status: 0 } }),
    s('updateSegment.empty-body', 'updateSegment', { path: { id: (v) => v.segment2 }, body: {} }),
    s('updateSegment.unknown', 'updateSegment', { path: { id: '0000000000000000000000cc' }, body: { name: 'ghost' } }),
    s('updateSegment.malformed', 'updateSegment', { path: { id: MALFORMED_ID }, body: { name: 'x' } }),
    s('updateSegment.malformed-json', 'updateSegment', { path: { id: (v) => v.segment2 }, raw: '{' }),
    s('deleteSegment.ok', 'deleteSegment', { path: { id: (v) => v.segment2 } }),
    s('getSegment.deleted', 'getSegment', { path: { id: (v) => v.segment2 } }),
    s('deleteSegment.again', 'deleteSegment', { path: { id: (v) => v.segment2 } }),
    s('listSegments.after-delete', 'listSegments', { query: { limit: 100 } }),
    s('deleteSegment.unknown', 'deleteSegment', { path: { id: '0000000000000000000000cd' } }),
    s('getSegment.upserted', 'getSegment', { path: { id: '0000000000000000000000cd' } }),
    s('deleteSegment.malformed', 'deleteSegment', { path: { id: MALFORMED_ID } }),
    s('deleteSegment.guest', 'deleteSegment', { as: 'guest', path: { id: (v) => v.segment1 } }),
  ];
}
