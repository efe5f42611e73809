/**
 * The handler of every operation, gathered from the resource groups. `satisfies HandlerTable`
 * makes a missing operation, or a handler whose input or 200 body does not match its operation,
 * a compile error. The only ways around that check are named and counted
 * (`mocks/test/type-assertions.test.ts`): `beyondContract` and `withUndocumented`
 * (../http/beyond-contract.ts), where the real server sends more than the contract describes.
 */
import { analyticsHandlers } from '../resources/analytics';
import { authHandlers } from '../resources/auth';
import { conversationHandlers } from '../resources/conversations';
import { departmentHandlers } from '../resources/departments';
import { groupHandlers } from '../resources/groups';
import { kbHandlers } from '../resources/kb';
import { labelHandlers } from '../resources/labels';
import { leadHandlers } from '../resources/leads';
import { messageHandlers } from '../resources/messages';
import { segmentHandlers } from '../resources/segments';
import { subscriptionHandlers } from '../resources/subscriptions';
import { tagHandlers } from '../resources/tags';
import { teamHandlers } from '../resources/team';
import type { HandlerTable } from './context';

/** Every operation's handler, by operationId. */
export const handlers = {
  ...authHandlers,
  ...kbHandlers,
  ...teamHandlers,
  ...groupHandlers,
  ...segmentHandlers,
  ...tagHandlers,
  ...labelHandlers,
  ...leadHandlers,
  ...analyticsHandlers,
  ...messageHandlers,
  ...subscriptionHandlers,
  ...departmentHandlers,
  ...conversationHandlers,
} satisfies HandlerTable;
