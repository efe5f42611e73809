/**
 * Event names of the contract that the main entry exports besides `subscriptionEvents` (every event a
 * subscription can name, the contract's `SubscriptionEvent`; `WEBHOOK_EVENTS` of `@supportkb/sdk/webhooks`).
 */
import { webhookEvents as contractWebhooks } from './generated/operations.gen';

/**
 * The events whose delivery payload the contract documents: the names of its `webhooks` section,
 * each with the schema of its delivery (`message.create`'s `MessageCreateEvent`, `lead.create`'s
 * `LeadCreateEvent`, ...), whose payload types `WebhookPayloads` (`@supportkb/sdk/webhooks`) takes from the
 * generated types. A subscription can name any of the `subscriptionEvents`; the others have no schema in
 * the contract.
 */
export const webhookEventsWithPayloadSchema = contractWebhooks;
