/**
 * The handler table: one handler per operation of the contract, each typed with its operation's
 * 200 body, reading the request as sent (`raw`: path parameters, `req.query`, `req.body`). The
 * `@ts-expect-error` lines below are checked by `npx tsc -p mocks/tsconfig.json`: each must be an
 * error, or the type check fails.
 */
import { operations, type ResponseOf } from '@supportkb/sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ok } from '../../src/http/results';
import type { HandlerContext, HandlerTable, OperationHandler, RawRequest } from '../../src/service/context';
import { handlers } from '../../src/service/handlers';

describe('the handler table', () => {
  it('has a handler for every operation of the contract, and nothing else', () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(operations).sort());
  });

  it('types each handler with its operation: the request as sent in (never trusted), the 200 body out', () => {
    expectTypeOf(handlers).toExtend<HandlerTable>();
    expectTypeOf<HandlerContext<'getTag'>['raw']>().toEqualTypeOf<RawRequest>();
    // Bodies and queries are what clients sent: a route reads them as the server's does, checking as it goes.
    expectTypeOf<RawRequest['body']>().toEqualTypeOf<unknown>();
    expectTypeOf<ResponseOf<'listTags'>>().toEqualTypeOf<ResponseOf<'listTags'>>();

    // A table without getTag is not a HandlerTable.
    const { getTag: _getTag, ...withoutGetTag } = handlers;
    // @ts-expect-error Property 'getTag' is missing
    const incomplete: HandlerTable = withoutGetTag;

    // A getTag handler must answer a tag.
    const wrongBody: OperationHandler<'getTag'> = {
      // @ts-expect-error the 200 body of getTag is a Tag, not this
      handle: () => ok({ not: 'a tag' }),
    };

    // A handler cannot read the body as if it were checked.
    const unchecked: OperationHandler<'createTag'> = {
      handle: (ctx) => {
        // @ts-expect-error `raw.body` is unknown until the route checks it
        void ctx.raw.body.tag;
        return ok({ _id: '65f1a2b3c4d5e6f708091101', tag: 'x', id_project: ctx.projectId, createdBy: 'u', createdAt: '2026-11-20T09:15:00.000Z', updatedAt: '2026-11-20T09:15:00.000Z', __v: 0 });
      },
    };
    expect([incomplete, wrongBody, unchecked].every(Boolean)).toBe(true);
  });
});
