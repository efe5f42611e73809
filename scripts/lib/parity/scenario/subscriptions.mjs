// The parity scenario's steps (../scenario.mjs): Webhook subscriptions.
import { s } from './steps.mjs';

export function subscriptionSteps() {
  return [
    s('createSubscription.ok', 'createSubscription', { body: { event: 'lead.create', target: 'https://hooks.example.invalid/a' } }),
    s('createSubscription.again', 'createSubscription', { body: { event: 'lead.create', target: 'https://hooks.example.invalid/b' } }),
    s('createSubscription.duplicate', 'createSubscription', { body: { event: 'lead.create', target: 'https://hooks.example.invalid/b' } }),
    s('createSubscription.unknown-event', 'createSubscription', { body: { event: 'message.created', target: 'https://hooks.example.invalid/c' } }),
    s('createSubscription.missing-target', 'createSubscription', { body: { event: 'request.create' } }),
    s('createSubscription.missing-event', 'createSubscription', { body: { target: 'https://hooks.example.invalid/d' } }),
    s('createSubscription.empty-event', 'createSubscription', { body: { event: '', target: 'https://hooks.example.invalid/d' } }),
    s('createSubscription.empty-body', 'createSubscription', { body: {} }),
    s('createSubscription.target-number', 'createSubscription', { body: { event: 'group.create', target: 5 } }),
    s('createSubscription.event-number', 'createSubscription', { body: { event: 7, target: true } }),
    s('createSubscription.target-array', 'createSubscription', { body: { event: 'group.create', target: ['https://hooks.example.invalid/e'] } }),
    s('createSubscription.event-object', 'createSubscription', { body: { event: { a: 1 }, target: 'https://hooks.example.invalid/f' } }),
    s('createSubscription.form', 'createSubscription', { raw: 'event=group.update&target=https%3A%2F%2Fhooks.example.invalid%2Fform', contentType: 'application/x-www-form-urlencoded' }),
    s('createSubscription.malformed-json', 'createSubscription', { raw: '{' }),
    s('createSubscription.agent', 'createSubscription', { as: 'agent', body: { event: 'group.update', target: 'https://hooks.example.invalid/e' } }),
    s('createSubscription.guest', 'createSubscription', { as: 'guest', body: { event: 'group.update', target: 'https://hooks.example.invalid/e' } }),
    s('createSubscription.jwt', 'createSubscription', { body: { event: 'group.delete', target: 'https://hooks.example.invalid/f' } }),
  ];
}
