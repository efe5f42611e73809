import { describe, expect, it } from 'vitest';
import { callName } from '../src/internal/describe';

/** src/internal/describe.ts: how error messages name the call that failed. */
describe('callName()', () => {
  it('names the operationId when there is one', () => {
    expect(callName({ operationId: 'listTags', method: 'GET', url: 'https://api.test/v2/p/tags?page=0' })).toBe(' (listTags)');
  });

  it('otherwise the method and the path, never the query', () => {
    expect(callName({ method: 'GET', url: 'https://api.test/v2/p/tags?token=secret' })).toBe(' (GET /v2/p/tags)');
  });

  it('a URL that is not absolute as it is', () => {
    expect(callName({ url: '/relative' })).toBe(' (/relative)');
  });

  it('nothing when the call is unknown', () => {
    expect(callName({})).toBe('');
  });
});
