/**
 * Event names of the contract that the main entry exports besides `subscriptionEvents` (every event a
 * subscription can name, the contract's `SubscriptionEvent`; `WEBHOOK_EVENTS` of `@supportkb/sdk/webhooks`).
 */
import { webhookEvents as contractWebhooks } from './generated/operations.gen';

/**
 * The events whose delivery payload the contract documents: the names of its `webhooks` section,
 * each with the schema of its delivery (today `['message.create']`, `MessageCreateEvent`, which
 * `verifyWebhook` checks). A subscription can name any of the 28 `subscriptionEvents`; the payloads of
 * the others are typed by `WebhookPayloads` (`@supportkb/sdk/webhooks`) but have no schema in the contract.
 */
export const webhookEventsWithPayloadSchema = contractWebhooks;
