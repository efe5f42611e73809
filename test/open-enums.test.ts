import type { Segment, SubscriptionCreateRequest, Teammate } from '@supportkb/sdk';
import { expect, expectTypeOf, it } from 'vitest';

/**
 * Open enums (values the service never validates: subscription events, roles, segment `match`)
 * accept any string but keep their known values in the SDK's types, so editors suggest them:
 * `Enum | (string & {})`, not `Enum | string` (which TypeScript reduces to `string`). Checked by
 * `npm run typecheck` (tsc over test/); the runtime lines only exercise the values.
 */
type Event = SubscriptionCreateRequest['event'];
type Role = Teammate['role'];
type Match = Segment['match'];

it('keeps the known values of open enums for editors, and accepts any other string', () => {
  expectTypeOf<Extract<Event, 'message.create'>>().toEqualTypeOf<'message.create'>();
  expectTypeOf<Extract<Role, 'admin'>>().toEqualTypeOf<'admin'>();
  expectTypeOf<Extract<Match, 'any'>>().toEqualTypeOf<'any'>();
  const known: Event = 'message.create';
  const custom: Event = 'message.create.request.channel.whatsapp';
  const role: Role = 'custom-reviewer';
  expect([known, custom, role]).toHaveLength(3);
});
