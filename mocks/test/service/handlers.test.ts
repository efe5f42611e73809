/**
 * The handler table: one handler per operation of the contract, each typed with its operation's
 * request and 200 body. The `@ts-expect-error` lines below are checked by
 * `npx tsc -p mocks/tsconfig.json`: each must be an error, or the type check fails.
 */
import { operations } from '@supportkb/sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ok } from '../../src/http/results';
import type { HandlerContext, HandlerTable, OperationHandler, ResponseOf } from '../../src/service/context';
import { handlers } from '../../src/service/handlers';

describe('the handler table', () => {
  it('has a handler for every operation of the contract, and nothing else', () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(operations).sort());
  });

  it('types each handler with its operation: the validated request in, the 200 body out', () => {
    expectTypeOf(handlers).toExtend<HandlerTable>();
    expectTypeOf<HandlerContext<'getTag'>['path']>().toEqualTypeOf<{ project_id: string; id: string }>();
    expectTypeOf<HandlerContext<'createTag'>['body']['tag']>().toEqualTypeOf<string>();
    expectTypeOf<ResponseOf<'listTags'>>().toEqualTypeOf<ResponseOf<'listTags'>>();

    // A table without getTag is not a HandlerTable.
    const { getTag: _getTag, ...withoutGetTag } = handlers;
    // @ts-expect-error Property 'getTag' is missing
    const incomplete: HandlerTable = withoutGetTag;

    // A getTag handler must answer a Tag.
    const wrongBody: OperationHandler<'getTag'> = {
      // @ts-expect-error the 200 body of getTag is a Tag, not this
      handle: () => ok({ not: 'a tag' }),
    };

    // A handler reads only what its operation takes.
    const wrongInput: OperationHandler<'listTags'> = {
      handle: (ctx) => {
        // @ts-expect-error listTags has no `id` path parameter
        void ctx.path.id;
        return ok([]);
      },
    };
    expect([incomplete, wrongBody, wrongInput].every(Boolean)).toBe(true);
  });
});
