/**
 * Webhook subscriptions (spec §2.9, §4.12, §6; reference sheet §11). The answer carries the secret
 * (also in the `x-hook-secret` header). Subscribing again to an event the project already has a
 * subscription for returns that subscription (matched on project and event only). Every
 * subscription created during one run shares the run's secret, as on the real service.
 */
import { callerId } from '../auth';
import { stamps, type OperationTable } from '../context';
import { ok } from '../http';
import type { Doc } from '../store';

/** Handlers of createSubscription (spec §4.12). */
export const subscriptionOperations: OperationTable = {
  createSubscription: {
    handle({ core, projectId, body, caller }) {
      let subscription = [...core.store.subscriptions.values()].find((s) => s.id_project === projectId && s.event === body.event);
      if (!subscription) {
        const doc: Doc = {
          secret: core.subscriptionSecret,
          _id: core.ids.objectId(),
          target: body.target,
          event: body.event,
          id_project: projectId,
          createdBy: callerId(caller),
          ...stamps(core),
          global: false,
        };
        core.store.subscriptions.set(doc._id, doc);
        subscription = doc;
      }
      return ok(subscription, { 'x-hook-secret': subscription.secret });
    },
  },
};
