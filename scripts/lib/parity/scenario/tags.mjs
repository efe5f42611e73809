// The parity scenario's steps (../scenario.mjs): Tags.
import { MALFORMED_ID, UNKNOWN_ID, s } from './steps.mjs';

export function tagSteps() {
  return [
    s('createTag.ok', 'createTag', {
      body: (v) => ({ tag: `${v.run}-b`, color: '#43a047' }),
      save: (v, b) => {
        v.tag1 = b?._id;
      },
    }),
    s('createTag.second', 'createTag', {
      body: (v) => ({ tag: `${v.run}-a`, color: '#1e88e5', attributes: { x: 1 } }),
      save: (v, b) => {
        v.tag2 = b?._id;
      },
    }),
    s('createTag.no-color', 'createTag', {
      as: 'agent',
      body: (v) => ({ tag: `${v.run}-c` }),
      save: (v, b) => {
        v.tag3 = b?._id;
      },
    }),
    s('createTag.duplicate', 'createTag', { body: (v) => ({ tag: `${v.run}-b`, color: '#000000' }) }),
    s('createTag.number', 'createTag', { body: { tag: 5 } }),
    s('createTag.boolean', 'createTag', { body: { tag: true, color: 1 } }),
    s('createTag.object', 'createTag', { body: { tag: { a: 1 } } }),
    s('createTag.array', 'createTag', { body: { tag: ['a', 'b'] } }),
    s('createTag.missing', 'createTag', { body: { color: '#000000' } }),
    s('createTag.empty-body', 'createTag', { body: {} }),
    s('createTag.null-tag', 'createTag', { body: { tag: null } }),
    s('createTag.empty-string', 'createTag', { body: { tag: '' } }),
    s('createTag.body-array', 'createTag', { body: [{ tag: 'x' }] }),
    s('createTag.malformed-json', 'createTag', { raw: '{"tag": "x",' }),
    s('createTag.text-plain', 'createTag', { raw: 'tag=x', contentType: 'text/plain' }),
    s('createTag.guest', 'createTag', { as: 'guest', body: { tag: 'guest-tag' } }),
    s('getTag.ok', 'getTag', { path: { id: (v) => v.tag1 } }),
    s('getTag.unknown', 'getTag', { path: { id: UNKNOWN_ID } }),
    s('getTag.malformed', 'getTag', { path: { id: MALFORMED_ID } }),
    s('getTag.guest', 'getTag', { as: 'guest', path: { id: (v) => v.tag1 } }),
    s('updateTag.ok', 'updateTag', { path: { id: (v) => v.tag1 }, body: (v) => ({ tag: `${v.run}-b2`, color: '#ff0000' }) }),
    s('updateTag.no-color', 'updateTag', { path: { id: (v) => v.tag2 }, body: (v) => ({ tag: `${v.run}-a` }) }),
    s('updateTag.empty-body', 'updateTag', { path: { id: (v) => v.tag3 }, body: {} }),
    s('updateTag.number', 'updateTag', { path: { id: (v) => v.tag3 }, body: { tag: 7 } }),
    s('updateTag.object', 'updateTag', { path: { id: (v) => v.tag3 }, body: { tag: { a: 1 } } }),
    s('updateTag.unknown', 'updateTag', { path: { id: '0000000000000000000000aa' }, body: (v) => ({ tag: `${v.run}-ghost` }) }),
    s('updateTag.malformed', 'updateTag', { path: { id: MALFORMED_ID }, body: { tag: 'x' } }),
    s('updateTag.duplicate-name', 'updateTag', { path: { id: (v) => v.tag3 }, body: (v) => ({ tag: `${v.run}-b2` }) }),
    s('updateTag.malformed-json', 'updateTag', { path: { id: (v) => v.tag3 }, raw: '{' }),
    s('listTags.default', 'listTags', {}),
    // The JWT strategy also reads `?secret_token=`; valid-token.js then wants a header: 403 `Unauthorized.`.
    s('listTags.secret-token-query', 'listTags', { as: 'none', query: { secret_token: (v) => String(v.owner).replace(/^JWT /, '') } }),
    s('listTags.secret-token-query-junk', 'listTags', { as: 'none', query: { secret_token: 'junk' } }),
    s('listTags.sortField-asc', 'listTags', { query: { sortField: 'tag', direction: 1 } }),
    s('listTags.sort-asc', 'listTags', { query: { sort: 'tag', direction: 1 } }),
    s('listTags.sort-desc', 'listTags', { query: { sort: 'tag', direction: -1 } }),
    s('listTags.sort-unknown-field', 'listTags', { query: { sort: 'nope' } }),
    s('listTags.direction-abc', 'listTags', { query: { direction: 'abc' } }),
    s('listTags.direction-2', 'listTags', { query: { direction: 2 } }),
    s('listTags.direction-0', 'listTags', { query: { direction: 0 } }),
    s('listTags.direction-asc', 'listTags', { query: { direction: 'asc' } }),
    s('listTags.page-1', 'listTags', { query: { page: 1 } }),
    s('listTags.page-abc', 'listTags', { query: { page: 'abc' } }),
    s('listTags.page-negative', 'listTags', { query: { page: -1 } }),
    s('listTags.page-fraction', 'listTags', { query: { page: 0.5 } }),
    s('listTags.page-huge', 'listTags', { query: { page: 100000 } }),
    s('deleteTag.ok', 'deleteTag', { path: { id: (v) => v.tag2 } }),
    s('deleteTag.again', 'deleteTag', { path: { id: (v) => v.tag2 } }),
    s('deleteTag.unknown', 'deleteTag', { path: { id: UNKNOWN_ID } }),
    s('deleteTag.malformed', 'deleteTag', { path: { id: MALFORMED_ID } }),
  ];
}
