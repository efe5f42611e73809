/** What the list and read operations share: the sort field a request names, pages, page sizes from the contract, reads within a project. */
import { operations, type OperationId, type OperationInfo } from '@supportkb/sdk';
import { compareBy } from '../documents';
import { objectNotFound, ok, type Failure, type Success } from '../http/results';
import type { ServiceCore } from '../service/context';
import { touch } from '../state/factories';
import type { Store } from '../state/store';

/**
 * The sort field of a list request: the service's `sort`, else the contract's `sortField`, else
 * the contract's default for `sortField`.
 * @throws {Error} when neither is sent and the contract declares no default.
 */
export function sortFieldOf({ rawQuery, operation }: { rawQuery: URLSearchParams; operation: OperationInfo }): string {
  const sent = rawQuery.get('sort') || rawQuery.get('sortField');
  if (sent) return sent;
  const fallback = operation.queryDefaults?.sortField;
  if (typeof fallback !== 'string') throw new Error(`${operation.operationId} declares no default sortField`);
  return fallback;
}

/** Page `page` (zero-based) of `list`, `size` items per page. */
export function pageOf<T>(list: readonly T[], page: number, size: number): T[] {
  return list.slice(page * size, page * size + size);
}

/**
 * The page size the contract gives a paged operation (its `pagination.pageSize` in the manifest).
 * @throws {Error} when the operation does not page.
 */
export function pageSizeOf(operationId: OperationId): number {
  const pagination = operations[operationId].pagination;
  if (!pagination) throw new Error(`${operationId} does not page`);
  return pagination.pageSize;
}

/** The document `id` of `collection` when it belongs to `projectId`, else undefined (another project's, an upsert's bare document, or none). */
export function findInProject<T extends { id_project?: string }>(collection: ReadonlyMap<string, T>, id: string, projectId: string): T | undefined {
  const doc = collection.get(id);
  return doc && doc.id_project === projectId ? doc : undefined;
}

/** Sorts `list` in place by `sortField` and `direction` and answers `{perPage, count, items}` of page `page` (zero-based) of `limit` items. */
export function sortedPage<T extends object>(list: T[], { sortField, direction, page, limit }: { sortField: string; direction: 1 | -1; page: number; limit: number }): { perPage: number; count: number; items: T[] } {
  list.sort(compareBy(sortField, direction));
  return { perPage: limit, count: list.length, items: pageOf(list, page, limit) };
}

/** The handler of a read by id (`path.id`) within the project: the document, or 404 `Object not found.`. */
export function readInProject<T extends { id_project?: string }>(collection: (store: Store) => ReadonlyMap<string, T>) {
  return {
    handle({ core, projectId, path }: { core: ServiceCore; projectId: string; path: { id: string } }): Success<T> | Failure {
      const doc = findInProject(collection(core.store), path.id, projectId);
      return doc ? ok(doc) : objectNotFound();
    },
  };
}

/** The document `id` of `collection`, created with `create` and stored when unknown (the service's upsert of an unknown id). */
export function upsertById<T>(collection: Map<string, T>, id: string, create: () => T): T {
  let doc = collection.get(id);
  if (!doc) {
    doc = create();
    collection.set(id, doc);
  }
  return doc;
}

/**
 * The handler of a soft delete by id (`path.id`) that upserts as the service does: the document
 * (created by `create` when unknown) gets `status` and answers 200.
 */
export function softDeleteByUpsert<T extends { status?: number; updatedAt?: string }>(collection: (store: Store) => Map<string, T>, create: (core: ServiceCore, id: string) => T, status: NonNullable<T['status']>) {
  return {
    handle({ core, path }: { core: ServiceCore; path: { id: string } }): Success<T> {
      const doc = upsertById(collection(core.store), path.id, () => create(core, path.id));
      doc.status = status;
      touch(core.clock, doc);
      return ok(doc);
    },
  };
}
