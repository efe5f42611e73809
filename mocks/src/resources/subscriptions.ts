/**
 * Webhook subscriptions. The answer carries the secret
 * (also in the `x-hook-secret` header). Subscribing again to an event the project already has a
 * subscription for returns that subscription (matched on project and event only). Every
 * subscription created during one run shares the run's secret, as on the real service.
 *
 * Event names: like the service, which validates none, any non-empty name is accepted and stored.
 * A name the service never delivers (a typo such as `message.created`) gets one `console.warn` per
 * name and service, naming the closest known event, since such a subscription never fires.
 */
import { subscriptionEvents, type Subscription } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { ok } from '../http/results';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { stamps } from '../state/factories';

/** Names built at run time, which no list holds: per channel (`message.create.request.channel.<ch>`) and `event.emit.<name>`. */
const DYNAMIC_EVENT = /^(message\.create\.(.+\.)?channel(Outbound)?\.[^.]+|event\.emit\..+)$/;

/** Edit distance between two short strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The warning for an event name the service never delivers, or `undefined` for a known or run-time name.
 * @param event the subscription's `event`.
 * @returns one sentence naming the closest known event when one is within three edits.
 */
export function unknownEventWarning(event: string): string | undefined {
  const known: readonly string[] = subscriptionEvents;
  if (known.includes(event) || DYNAMIC_EVENT.test(event)) return undefined;
  const [closest] = known.map((name) => ({ name, d: distance(event, name) })).sort((x, y) => x.d - y.d);
  const hint = closest && closest.d <= 3 ? ` Did you mean "${closest.name}"?` : ` Known events: ${known.join(', ')}.`;
  return `[@supportkb/mocks] createSubscription: "${event}" is not an event the service delivers, so this subscription will never fire (the service, like the mock, stores any name).${hint}`;
}

/** The unknown names already warned about, per service. */
const warned = new WeakMap<ServiceCore, Set<string>>();

/** Handlers of createSubscription. */
export const subscriptionHandlers = {
  createSubscription: {
    handle({ core, projectId, body, caller }) {
      let subscription = [...core.store.subscriptions.values()].find((s) => s.id_project === projectId && s.event === body.event);
      if (!subscription) {
        const warning = unknownEventWarning(body.event);
        const seen = warned.get(core) ?? new Set<string>();
        warned.set(core, seen);
        if (warning && !seen.has(body.event)) {
          seen.add(body.event);
          console.warn(warning);
        }
        const doc: Subscription = {
          secret: core.subscriptionSecret,
          _id: core.ids.objectId(),
          target: body.target,
          event: body.event,
          id_project: projectId,
          createdBy: callerId(caller),
          ...stamps(core.clock),
          global: false,
        };
        core.store.subscriptions.set(doc._id, doc);
        subscription = doc;
      }
      return ok(subscription, { 'x-hook-secret': subscription.secret });
    },
  },
} satisfies HandlerGroup;
