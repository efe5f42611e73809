import { operations } from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { findInProject, pageOf, pageSizeOf, sortedPage, sortFieldOf, upsertById } from '../../src/resources/lists';

describe('list helpers', () => {
  it("read a paged operation's page size from the contract's manifest", () => {
    expect(pageSizeOf('listTags')).toBe(operations.listTags.pagination?.pageSize);
    expect(pageSizeOf('listTags')).toBe(40);
  });

  it('refuse the page size of an operation that does not page', () => {
    expect(() => pageSizeOf('getTag')).toThrow('getTag does not page');
  });

  it("take the sort field from `sort`, else `sortField`, else the contract's default", () => {
    const of = (query: string) => sortFieldOf({ rawQuery: new URLSearchParams(query), operation: operations.listLeads });
    expect(of('sort=name&sortField=email')).toBe('name');
    expect(of('sortField=email')).toBe('email');
    expect(of('')).toBe(operations.listLeads.queryDefaults?.sortField);
    expect(() => sortFieldOf({ rawQuery: new URLSearchParams(), operation: operations.getTag })).toThrow(/declares no default sortField/);
  });

  it('cut zero-based pages', () => {
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 5, 2)).toEqual([]);
  });

  it("find a document only within the caller's project", () => {
    const tags = new Map([['a', { _id: 'a', id_project: 'p1' }], ['b', { _id: 'b' }]]);
    expect(findInProject(tags, 'a', 'p1')).toEqual({ _id: 'a', id_project: 'p1' });
    expect(findInProject(tags, 'a', 'p2')).toBeUndefined();
    expect(findInProject(tags, 'b', 'p1')).toBeUndefined();
  });

  it('create and store a document for an unknown id, once', () => {
    const docs = new Map<string, { _id: string; n: number }>();
    let made = 0;
    const create = () => ({ _id: 'x', n: ++made });
    expect(upsertById(docs, 'x', create)).toEqual({ _id: 'x', n: 1 });
    expect(upsertById(docs, 'x', create)).toEqual({ _id: 'x', n: 1 });
    expect(docs.size).toBe(1);
  });

  it('sort, then cut the page, with the total count', () => {
    expect(sortedPage([{ n: 2 }, { n: 3 }, { n: 1 }], { sortField: 'n', direction: -1, page: 0, limit: 2 })).toEqual({ perPage: 2, count: 3, items: [{ n: 3 }, { n: 2 }] });
  });
});
