/**
 * Webhook subscriptions, as the server's `routes/subscription.js` over `models/subscription.js`
 * answers `createSubscription`: `new Subscription({target, event, id_project, createdBy}).save()` —
 * `event` and `target` cast to strings (an object or array: 500 `Error saving object.`), both
 * required (missing or empty: the same 500). The answer carries the secret, also in
 * `x-hook-secret`; every subscription of a run shares the secret the model's default computed when
 * it loaded (the run's secret). The unique index on (project, event, target) makes a second
 * subscription with the same event **and** target a duplicate: the route then answers the
 * project's first subscription for that event (whatever its target), read without `global`.
 *
 * Event names: like the service, which validates none, any non-empty name is accepted and stored.
 * A name the service never delivers (a typo such as `message.created`) gets one `console.warn` per
 * name and service, naming the closest known event, since such a subscription never fires. The
 * closest name is looked for only among known names of about the same length (an edit distance
 * within three needs a length within three), so a name of any size costs next to nothing, and a
 * long name is cut in the warning.
 *
 * Targets: where the service stores any string (its notifier then fails to POST to a `file:` or
 * `javascript:` target and logs the error), the mock refuses, in both modes, a target that is not
 * an absolute http(s) URL with 400 `{errors: [{value, msg, param: 'target', location: 'body'}]}`
 * (a deliberate difference); loopback addresses are accepted, tests need them. A target the model
 * cannot cast (missing, empty, an object or array) still gets the server's 500.
 *
 * Reads, updates and deletes (`routes/subscription.js:51-137`) answer the document without `secret`
 * and `global` (`select: false` in the model):
 *
 * - `listSubscriptions`: `find({id_project})`, a plain array in insertion order.
 * - `getSubscription`: `findById`, whatever the project; 404 `Object not found.`; an id that is no
 *   ObjectId: 500 `Error getting object.`.
 * - `updateSubscription`: `findByIdAndUpdate(id, req.body, {new: true, upsert: true})`: every field
 *   of the model the body names is written as sent (cast, not validated: `null` stored; `id_project`,
 *   `secret` and `global` too), an unknown id creates a bare subscription; a cast failure or an id
 *   that is no ObjectId: 500 `Error updating object.`. The target refusal of `createSubscription`
 *   applies to a `target` sent here too.
 * - `deleteSubscription`: `findByIdAndRemove`, whatever the project; the removed document, or `null`
 *   (200) for an unknown id; an id that is no ObjectId: 500 `Error deleting object.`.
 */
import { subscriptionEvents, type Subscription, type SubscriptionSummary } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { castObjectId, castString } from '../mongoose/cast';
import { CastError, DuplicateKeyError, findById, findByIdAndUpdate, isDatabaseError, save, type UniqueIndex } from '../mongoose/documents';
import type { Model } from '../mongoose/model';
import { field } from '../http/request';
import { failMsg, mockLimit, objectNotFound, ok, type Failure } from '../http/results';
import { badInput } from '../http/validation';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { isHttpTarget } from '../webhooks';

/** Names built at run time, which no list holds: per channel (`message.create.request.channel.<ch>`) and `event.emit.<name>`. */
const DYNAMIC_EVENT = /^(message\.create\.(.+\.)?channel(Outbound)?\.[^.]+|event\.emit\..+)$/;

/** The most edits a name may be from a known one to be named as its closest. */
const MAX_EDITS = 3;

/** How much of an unknown name a warning repeats. */
const SHOWN_NAME = 100;

/** Edit distance between two short strings (insertions, deletions, substitutions); callers bound the lengths. */
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
  // The distance is at least the difference in length: only names of about the same length can be
  // within MAX_EDITS, and only they are compared (a 400 KB name is compared with none).
  const [closest] = known
    .filter((name) => Math.abs(name.length - event.length) <= MAX_EDITS)
    .map((name) => ({ name, d: distance(event, name) }))
    .sort((x, y) => x.d - y.d);
  const hint = closest && closest.d <= MAX_EDITS ? ` Did you mean "${closest.name}"?` : ` Known events: ${known.join(', ')}.`;
  const shown = event.length > SHOWN_NAME ? `${event.slice(0, SHOWN_NAME)}…" (${event.length} characters)` : `${event}"`;
  return `[@supportkb/mocks] createSubscription: "${shown} is not an event the service delivers, so this subscription will never fire (the service, like the mock, stores any name).${hint}`;
}

/**
 * The mock's refusal of a target that is not an absolute http(s) URL (`file:`, `javascript:`,
 * `gopher:`, a bare word), or `undefined` for an http(s) URL and for what the model's cast
 * decides (missing, empty, an object or array: the server's 500).
 * @param target the body's `target`, as sent.
 */
export function targetRefusal(target: unknown): Failure | undefined {
  let text: string | null | undefined;
  try {
    text = castString(target, 'target');
  } catch {
    return undefined;
  }
  if (text === null || text === undefined || text === '' || isHttpTarget(text)) return undefined;
  const value = typeof target === 'string' && target.length > 200 ? `${target.slice(0, 200)}…` : target;
  const refusal = badInput(400, [
    {
      value,
      msg: 'Invalid value: the target must be an absolute http: or https: URL. The mock refuses any other target (file:, javascript:, gopher:, a bare word); the real server stores it and its deliveries to it fail',
      param: 'target',
      location: 'body',
    },
  ]);
  return mockLimit(refusal, 'webhook targets are HTTP(S) URLs (the real server stores any target)');
}

/** `models/subscription.js`. */
function subscriptionModel(core: ServiceCore): Model {
  return {
    name: 'subscription',
    timestamps: true,
    fields: {
      event: { type: 'string', required: true },
      target: { type: 'string', required: true },
      secret: { type: 'string', required: true, default: core.subscriptionSecret },
      id_project: { type: 'string', required: true },
      global: { type: 'boolean', default: false },
      createdBy: { type: 'string', required: true },
    },
  };
}

/** The unique index on (project, event, target). */
const UNIQUE: readonly UniqueIndex[] = [['id_project', 'event', 'target']];

/** The fields of `models/subscription.js` an update writes when the body names them (Mongoose drops the others). */
const MODEL_FIELDS = ['event', 'target', 'secret', 'id_project', 'global', 'createdBy'] as const;

/** A subscription as reads answer it: without `secret` and `global` (`select: false`). */
function summary(stored: Subscription): SubscriptionSummary {
  const { secret: _secret, global: _global, ...rest } = structuredClone(stored);
  return rest;
}

/** Handlers of createSubscription, listSubscriptions, getSubscription, updateSubscription, deleteSubscription. */
export const subscriptionHandlers = {
  createSubscription: {
    handle({ core, projectId, raw, caller }) {
      const event = field(raw.body, 'event');
      // A deliberate difference from the server, in both modes: it stores any target.
      const refused = targetRefusal(field(raw.body, 'target'));
      if (refused) return refused;
      try {
        const saved = save(core, core.store.subscriptions, subscriptionModel(core), { target: field(raw.body, 'target'), event, id_project: projectId, createdBy: callerId(caller) }, UNIQUE);
        const warning = unknownEventWarning(saved.event);
        // Once per name until a reset, within the service's cap on warnings; `warnings: false` silences it.
        if (warning) core.warnOnce(`createSubscription unknown event ${saved.event}`, warning);
        return ok(structuredClone(saved), { 'x-hook-secret': saved.secret });
      } catch (error) {
        if (error instanceof DuplicateKeyError) {
          // findOne({id_project, event}).select('+secret'): the first of the event, `global` not selected.
          const name = castString(event, 'event');
          const first = [...core.store.subscriptions.values()].find((s) => s.id_project === projectId && s.event === name)!;
          const { global: _global, ...answer } = structuredClone(first);
          return ok(answer as Subscription, { 'x-hook-secret': first.secret });
        }
        if (isDatabaseError(error)) return failMsg(500, 'Error saving object.');
        throw error;
      }
    },
  },

  listSubscriptions: {
    handle({ core, projectId }) {
      return ok([...core.store.subscriptions.values()].filter((s) => s.id_project === projectId).map(summary));
    },
  },

  getSubscription: {
    handle({ core, raw }) {
      try {
        const found = findById(core.store.subscriptions, raw.path.subscription_id!);
        return found ? ok(summary(found)) : objectNotFound();
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error getting object.');
        throw error;
      }
    },
  },

  updateSubscription: {
    handle({ core, raw }) {
      const update: Record<string, unknown> = {};
      for (const name of MODEL_FIELDS) {
        const value = field(raw.body, name);
        if (value !== undefined) update[name] = value;
      }
      // The same deliberate difference as on creation: only http(s) targets.
      if ('target' in update && update.target !== null) {
        const refused = targetRefusal(update.target);
        if (refused) return refused;
      }
      try {
        const updated = findByIdAndUpdate(core, core.store.subscriptions, subscriptionModel(core), raw.path.subscription_id!, update, { upsert: true, unique: UNIQUE })!;
        return ok(summary(updated));
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  deleteSubscription: {
    handle({ core, raw }) {
      let key: string;
      try {
        key = castObjectId(raw.path.subscription_id!, '_id');
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error deleting object.');
        throw error;
      }
      const found = core.store.subscriptions.get(key);
      if (!found) return ok(null);
      core.store.subscriptions.delete(key);
      return ok(summary(found));
    },
  },
} satisfies HandlerGroup;
