import { APIPromise, type WithResponse } from './api-promise';
import type { PaginationInfo } from './generated/operations.gen';

/** One page of a paged list. */
export interface Page<TBody, TItem> {
  /** Zero-based page number. */
  page: number;
  /** The items of this page. */
  items: TItem[];
  /** The 200 body as the service sent it (`{count, query, kbs}`, `{perPage, count, leads}`, or the array). */
  body: TBody;
  /** The HTTP response of this page. */
  response: Response;
  /** Whether another page follows (from `count` and the page size when the service says them; else "this page was full"). */
  hasNextPage: boolean;
}

function read(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), body);
}

/** Splits a page body into its items and whether a next page exists. Pages are zero-based, as the service counts them. */
function describePage<TItem>(info: PaginationInfo, body: unknown, page: number): { items: TItem[]; hasNextPage: boolean } {
  const items = ((info.items === null ? body : read(body, info.items)) ?? []) as TItem[];
  if (!Array.isArray(items)) return { items: [], hasNextPage: false };
  const size = Number(info.pageSizeField ? read(body, info.pageSizeField) : info.pageSize) || info.pageSize || items.length;
  const count = info.count ? Number(read(body, info.count)) : NaN;
  if (items.length === 0) return { items, hasNextPage: false };
  if (Number.isFinite(count)) return { items, hasNextPage: (page + 1) * size < count };
  return { items, hasNextPage: items.length >= size };
}

/**
 * The result of a paged list call. Await it for the first page's body (as the service sends it),
 * iterate it with `for await` for every item of every page, or walk whole pages with {@link PagePromise.pages}.
 * Iteration stops on the last page without an extra request when the service says the total `count`.
 */
export class PagePromise<TBody, TItem> extends APIPromise<TBody> implements AsyncIterable<TItem> {
  #fetchPage: (page: number) => Promise<WithResponse<TBody>>;
  #info: PaginationInfo;
  #firstPage: number;

  constructor(info: PaginationInfo, firstPage: number, fetchPage: (page: number) => Promise<WithResponse<TBody>>) {
    let first: Promise<WithResponse<TBody>> | undefined;
    const once = () => (first ??= fetchPage(firstPage));
    super(once);
    this.#info = info;
    this.#firstPage = firstPage;
    this.#fetchPage = (page) => (page === firstPage ? once() : fetchPage(page));
  }

  /** Every page from the requested one (default 0) to the last. */
  async *pages(): AsyncGenerator<Page<TBody, TItem>, void, undefined> {
    for (let page = this.#firstPage; ; page += 1) {
      const { data, response } = await this.#fetchPage(page);
      const { items, hasNextPage } = describePage<TItem>(this.#info, data, page);
      yield { page, items, body: data, response, hasNextPage };
      if (!hasNextPage) return;
    }
  }

  /** Every item of every page, in order. */
  async *[Symbol.asyncIterator](): AsyncGenerator<TItem, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }
}
