/**
 * Conversations (the server's "requests"), as `routes/request.js` answers reading one, closing and
 * reopening it, and `routes/message.js` listing its messages:
 *
 * - `listConversations` (`routes/request.js:1210-1565`, a synchronous route): `{perPage, count,
 *   requests}`; `limit` (`parseInt`, default 40, over 100: 40), `page`, `sort` (default
 *   `createdAt`), `direction` (default -1). The query: `{id_project, status: {$lt: 1000, $nin: [50,
 *   150]}, preflight: false}`; a subscription, an owner or an admin sees all, an agent adds `$or:
 *   [{"snapshot.agents.id_user": me}, {participants: me}]`, another role `participants: me`; then
 *   `dept_id`, `requester_email`, `status` (comma-separated numbers, or `all`), `lead`,
 *   `participant`, `hasbot`, `ticket_id`, `preflight=true` (drops the preflight filter), cast by
 *   Mongoose and matched as MongoDB does (../mongoose/filter.ts). Each conversation populated as
 *   `getConversation` answers it unless `no_populate=true`; `count` is 0 when `no_count=true`. A
 *   query that fails (a cast error, a sort key MongoDB refuses): 500 `{success: false, msg: "Error
 *   getting requests.", err}`. The other filters of the route are not implemented.
 * - `getConversation`: `Request.findOne({request_id, id_project})`, populated as every conversation
 *   answer (./messages.ts `populatedConversation`); 404 `Object not found.`.
 * - `listMessages`: `Message.find({recipient: request_id, id_project}).sort({createdAt: 'asc'})`,
 *   a plain array (an unknown conversation: `[]`).
 * - `closeConversation` (`routes/request.js:330-371`, `requestService.closeRequestByRequestId`): a
 *   caller whose role is neither owner nor admin must be among the conversation's
 *   `participantsAgents` (403 `{success: false, error: "You must be among the participants to
 *   close a conversation."}`; an unknown `request_id`: 404 `{success: false, error: "Request not
 *   found"}`); then status 1000, the transcript, `closed_at`, `closed_by` (the caller), `duration`
 *   (ms since creation). A closed conversation is answered as it is unless `force`. The status
 *   change emits `request.update` first (`changeStatusByRequestId`, with the status only: the
 *   closing fields are saved after it); every close, repeated ones too, then emits `request.close`,
 *   on which the server posts "Chat closed" (`pubmodules/rules/conciergeBot.js`). An unknown `request_id` for an owner or admin: 500
 *   `{success: false, error: "Error closing request"}`.
 * - `reopenConversation` (`requestService.reopenRequestByRequestId`): an open conversation (100 or
 *   200) is answered as it is; otherwise status 200 with participants, else 100, and "Chat
 *   reopened" is posted. An unknown `request_id`: 500 `{success: false, error: "Error reopening request"}`.
 * - `updateConversation` (`routes/request.js:222-312`): the `$set` of the fields sent — `lead`,
 *   `status`, `tags`, `rating`, `rating_message`, `sourcePage`, `language`, `first_text`,
 *   `subject`, `location`, `priority` when truthy, `smartAssignment` and `workingStatus` when not
 *   `null`, `channelName` as `channel.name` when truthy —, cast by the request model without
 *   validators (a value it cannot store: 500 `{success: false, msg: "Error updating object."}`,
 *   before the conversation is looked up), then `findOneAndUpdate` (an unknown `request_id`: 404
 *   `{success: false, msg: "Request not found"}`); emits `request.update` with the populated
 *   conversation, and a `workingStatus` sent recounts its agents' assigned conversations
 *   (`request.workingStatus.update` in `pubmodules/routing-queue/listenerQueued.js`).
 * - The hand-over, `services/requestService.js` over `routes/request.js:399-555`:
 *   `addConversationParticipant` (`check('member').notEmpty()`: 422; `addParticipantByRequestId`:
 *   an unknown `request_id` 500 `Error adding participant`; a new member joins `participants` and
 *   `participantsAgents`, or `participantsBots` without its `bot_` prefix, status 200 and
 *   `assigned_at` now), `setConversationParticipants` (`setParticipantsByRequestId`: a body that
 *   is no array is never answered; an unknown `request_id`, or a form/email conversation given more
 *   than one agent, 500 `Error setting participants`; the same list changes nothing; else the lists
 *   anew, `hasBot` for a non-empty list, status 200 or 100, `waiting_time` cleared) and
 *   `removeConversationParticipant` (`removeParticipantByRequestId`: an unknown `request_id` 400
 *   `Unable to remove the participant <id> from the request <request_id>`; a participant found
 *   leaves the lists, a teammate's leaving is stamped in `attributes.abandoned_by_project_users`,
 *   an open conversation becomes 200 or 100). Each change emits `request.update` with the populated
 *   conversation, then recounts the joining or leaving teammates' assigned conversations
 *   (`project_user.update`, `pubmodules/routing-queue/listenerQueued.js`); a populate that fails
 *   after the save (a participant that is no id) is the route's error; removing a participant the
 *   conversation does not have when the populate fails answers an empty 200
 *   (`res.json(undefined)`). Not implemented: the server's 200 with an empty body when adding a
 *   participant already there and the populate fails.
 * - Routing, `requestService.route` over `routes/request.js:577-676`: `assignConversation` (an
 *   unknown `request_id` 404 `Request not found`; status 200, 300 or 1000: the stored document,
 *   not populated; else routed to `departmentid`, or the default department, with `nobot`) and
 *   `transferConversationToAgent` (404 `Object not found.`; routed to the conversation's
 *   department, or the default one, without the bot, whatever its status). An unknown or malformed
 *   department: 500 `Error changing the department.`. See `routeConversation`.
 */
import type { StoredConversation as StoredConversationJson } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { field, jsNumber, jsParseInt, jsString, truthy } from '../http/request';
import { fail, failError, failMsg, internalError, objectNotFound, ok, unanswered } from '../http/results';
import { check, notEmpty } from '../auth/validator';
import { isObject } from '../documents';
import { CastError, find, MongoError, ValidationError } from '../mongoose/documents';
import { castObjectId, castString } from '../mongoose/cast';
import { castUpdate, type Model } from '../mongoose/model';
import { castErrorJson } from '../mongoose/errors';
import { documentFilter, isQueryError, querySchema } from '../mongoose/filter';
import { PatternLimitError } from '../pattern';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { conversationKey, type StoredConversation } from '../state/store';
import { departmentJson } from './departments';
import { castLocation, operators, populatedConversation, postSystemMessage, REQUEST_MODEL, updateAssignedCounts } from './messages';
import { teammateJson } from './team';

/** The request model's queries (`listConversations`). */
const REQUEST_QUERY = querySchema(REQUEST_MODEL);

/** The request model's fields `updateConversation` may set (`location` and `channel.name` apart). */
const REQUEST_UPDATE_MODEL: Model = {
  ...REQUEST_MODEL,
  fields: { ...REQUEST_MODEL.fields, rating: { type: 'number' }, rating_message: { type: 'string' }, smartAssignment: { type: 'boolean' }, workingStatus: { type: 'string' } },
};

/** The fields `updateConversation` copies when their value is truthy (`routes/request.js:227-272`), in the route's order. */
const UPDATE_WHEN_TRUTHY = ['lead', 'status', 'tags', 'rating', 'rating_message', 'sourcePage', 'language', 'first_text', 'subject', 'location', 'priority'] as const;

/**
 * The `$set` of `updateConversation`: the fields sent, cast as Mongoose casts an update (no
 * validators); a tag without `_id` gets one, as a new sub-document does.
 * @throws {CastError} or {@link ValidationError} for a value the model cannot store.
 */
function conversationUpdate(core: ServiceCore, body: unknown): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const name of UPDATE_WHEN_TRUTHY) if (field(body, name)) update[name] = field(body, name);
  // `!= undefined`: `false` and `""` are written, `null` is not.
  for (const name of ['smartAssignment', 'workingStatus']) {
    const value = field(body, name);
    if (value !== undefined && value !== null) update[name] = value;
  }
  const { location, ...rest } = update;
  const set = castUpdate(REQUEST_UPDATE_MODEL, rest);
  if (Array.isArray(set.tags)) set.tags = set.tags.map((tag: unknown) => (tag && typeof tag === 'object' && !('_id' in tag) ? { _id: core.ids.objectId(), ...tag } : tag));
  if (location !== undefined) set.location = castLocation(location, false);
  const channelName = field(body, 'channelName');
  if (channelName) set['channel.name'] = castString(channelName, 'channel.name');
  return set;
}

/** A bot among a conversation's participants: `bot_<bot id>`. */
const BOT_PREFIX = 'bot_';

/**
 * Whether `document.save()` of the conversation fails validation: Mongoose validates every path of
 * a loaded document, and `updateConversation` (no validators) may have stored what the request
 * model refuses — a `location.geometry.type` other than `Point`, a tag without its required `tag`.
 * The participant routes save the document, so they then fail (observed on 2.19.16).
 */
function failsValidation(conversation: StoredConversation): boolean {
  const stored: Record<string, unknown> = conversation;
  const location = stored.location;
  const geometry = isObject(location) ? location.geometry : undefined;
  const type = isObject(geometry) ? geometry.type : undefined;
  if (type !== undefined && type !== null && type !== 'Point') return true;
  const tags = stored.tags;
  return Array.isArray(tags) && tags.some((tag) => isObject(tag) && (typeof tag.tag !== 'string' || tag.tag === ''));
}

/** The answer of a participant change: the conversation populated, or `error` when the populate fails (the service rejects after saving). */
function changedConversation(core: ServiceCore, projectId: string, conversation: StoredConversation, error: () => ReturnType<typeof failError>, members: readonly unknown[]) {
  const populated = populatedConversation(core, conversation);
  if ('reason' in populated) return error();
  core.webhooks.emit('request.update', projectId, populated);
  updateAssignedCounts(core, conversation, members);
  return ok(populated);
}

/** A conversation answered as it is (the participant routes when nothing changes). */
function unchangedConversation(core: ServiceCore, conversation: StoredConversation, error: () => ReturnType<typeof failError>) {
  const populated = populatedConversation(core, conversation);
  return 'reason' in populated ? error() : ok(populated);
}

/** `requestUtil.arraysEqual`: the same items in the same order. */
function sameList(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => item === b[i]);
}

/**
 * `requestService.route(request_id, departmentid, id_project, nobot)` (`services/requestService.js:164-411`):
 * `routeInternal` replaces the participants by the operator `getOperators` picks (the department's
 * bot unless `nobot`, else an available agent; none: status 100), sets the department,
 * `assigned_at`, the snapshot (department, the project's agents, how many are available) and clears
 * `waiting_time`. The same status, department and participants: not saved (a `fully_abandoned`
 * conversation is saved with status 150), else saved. Either way the answer is populated with the
 * routed snapshot (its `agents` included), `request.update` is emitted with it, and the members who
 * joined or left are recounted (`request.participants.update`, `project_user.update`).
 * @returns the routed conversation, or the route's 500 when the service rejects.
 */
function routeConversation(core: ServiceCore, projectId: string, conversation: StoredConversation, departmentId: unknown, nobot: unknown) {
  const error = () => failMsg(500, 'Error changing the department.');
  const routed = operators(core, projectId, departmentId, truthy(nobot));
  if (!routed) return error();
  let operator: string | undefined = routed.bot;
  if (!operator && routed.operator) {
    // `assigned_operator_id.toString()`: an operator without a user id rejects.
    if (typeof routed.operator.id_user !== 'string') return error();
    operator = routed.operator.id_user;
  }
  const bot = operator?.startsWith(BOT_PREFIX) === true;
  const before = { status: conversation.status, department: conversation.department, participants: conversation.participants ?? [] };
  const stored: Record<string, unknown> = conversation;
  const next: StoredConversation = {
    ...structuredClone(conversation),
    status: operator ? ASSIGNED : UNASSIGNED,
    participants: operator ? [operator] : [],
    participantsAgents: operator && !bot ? [operator] : [],
    participantsBots: operator && bot ? [operator.replace(BOT_PREFIX, '')] : [],
    hasBot: bot,
    department: routed.department._id,
    snapshot: {
      ...(isObject(stored.snapshot) ? structuredClone(stored.snapshot) : {}),
      department: departmentJson(routed.department),
      agents: routed.agents.map((t) => teammateJson(t)),
      availableAgentsCount: routed.agents.filter((t) => t.user_available === true).length,
    },
  };
  if (operator) next.assigned_at = core.clock.iso();
  else delete next.assigned_at;
  delete next.waiting_time;
  const unchanged = before.status === next.status && before.department === next.department && sameList(before.participants, next.participants);
  let answered: StoredConversation = next;
  if (unchanged) {
    const attributes = stored.attributes;
    if (isObject(attributes) && attributes.fully_abandoned === true) {
      // Saved with status 150 (ABANDONED): the stored document, not the routed copy.
      conversation.status = ABANDONED;
      conversation.updatedAt = core.clock.iso();
      answered = { ...next, status: ABANDONED, updatedAt: conversation.updatedAt };
    }
  } else {
    if (failsValidation(conversation)) return error();
    for (const key of Object.keys(stored)) if (!(key in next)) delete stored[key];
    Object.assign(conversation, next, { updatedAt: core.clock.iso() });
    answered = conversation;
  }
  const populated = populatedConversation(core, answered);
  if ('reason' in populated) return error();
  // The routed document in memory still holds `snapshot.agents`: the answer and the delivery send them.
  const out: StoredConversationJson = { ...populated, snapshot: structuredClone(next.snapshot) };
  core.webhooks.emit('request.update', projectId, out);
  const after = next.participants ?? [];
  const changed = [...after.filter((p) => !before.participants.includes(p)), ...before.participants.filter((p) => !after.includes(p))];
  updateAssignedCounts(core, conversation, changed);
  return ok(out);
}

/** Page size of `listConversations` when `limit` is not sent, or over 100 (`DEFAULT_LIMIT`). */
const DEFAULT_LIMIT = 40;
const MAX_LIMIT = 100;

const CLOSED = 1000;
const ASSIGNED = 200;
const UNASSIGNED = 100;
/** `RequestConstants.ABANDONED`, `SERVED`. */
const ABANDONED = 150;
const SERVED = 300;

/** The conversation `request_id` of the project, as `Request.findOne({request_id, id_project})` finds it. */
const findConversation = (core: ServiceCore, projectId: string, requestId: string): StoredConversation | undefined => core.store.conversations.get(conversationKey(projectId, requestId));

/** The conversation's messages in creation order (`sort({createdAt: 'asc'})`; ties in insertion order). */
function messagesOf(core: ServiceCore, projectId: string, requestId: string) {
  return [...core.store.messages.values()].filter((m) => m.recipient === requestId && m.id_project === projectId).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** `messageService.getTranscriptByRequestId`: one line per message, `<date, time> <sender's name>: <text>`. */
function transcriptOf(core: ServiceCore, projectId: string, requestId: string): string {
  return messagesOf(core, projectId, requestId)
    .map((m) => {
      const at = new Date(m.createdAt);
      const two = (n: number) => String(n).padStart(2, '0');
      const stamp = `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
      return `${stamp} ${m.senderFullname ?? ''}: ${String(m.text ?? '')}`;
    })
    .join('\n');
}

/** `req.query.x != "true" && req.query.x != true`, negated: the value is `"true"` (or a one-item array of it: `==` compares its string). */
const isTrue = (value: unknown): boolean => jsString(value) === 'true' && value !== undefined;

/** A cast error as Mongoose reports it for a query on `model` (the message names the model). */
function castErrorOf(error: CastError, model: string): Record<string, unknown> {
  const json = castErrorJson(error);
  return { ...json, message: `${String(json.message)} for model "${model}"` };
}

/**
 * The route's answer when the find, the count or a populate rejects (`routes/request.js:1561`), its
 * `err` as the real server 2.19.16 serialises it: a cast error names the model, MongoDB's refusal
 * has no `errmsg` (`{ok, code, codeName, name}`).
 */
function errorGetting(err: Record<string, unknown>) {
  return fail(500, { success: false, msg: 'Error getting requests.', err });
}

/** The `err` of a query that fails: a filter's cast error (model `request`) or MongoDB's refusal. */
function queryErrorJson(error: unknown): Record<string, unknown> {
  if (error instanceof CastError) return castErrorOf(error, 'request');
  if (error instanceof MongoError) return { ok: 0, code: error.code, codeName: error.codeName, name: 'MongoError' };
  return {};
}

/**
 * The cast error of the populate that fails: a participant that is no ObjectId, looked up as the
 * `_id` of a bot (`participatingBots`, model `faq_kb`) or of a user (`participatingAgents`, model
 * `user`), in the order the route populates them.
 */
function populateErrorJson(conversation: StoredConversation): Record<string, unknown> {
  const lists: [unknown, string][] = [
    [conversation.participantsBots, 'faq_kb'],
    [conversation.participantsAgents, 'user'],
  ];
  for (const [ids, model] of lists) {
    for (const id of Array.isArray(ids) ? ids : []) {
      try {
        castObjectId(id, '_id');
      } catch (error) {
        if (error instanceof CastError) return castErrorOf(error, model);
        throw error;
      }
    }
  }
  return {};
}

/** Handlers of listConversations, getConversation, updateConversation, the participants' operations, listMessages, closeConversation, reopenConversation. */
export const conversationHandlers = {
  listConversations: {
    handle({ core, projectId, raw, caller, teammate }) {
      const q = raw.query;
      let limit = truthy(q.limit) ? jsParseInt(q.limit) : DEFAULT_LIMIT;
      if (limit > MAX_LIMIT) limit = DEFAULT_LIMIT;
      const skip = jsNumber(truthy(q.page) ? q.page : 0) * limit;
      const query: Record<string, unknown> = { id_project: projectId, status: { $lt: CLOSED, $nin: [50, 150] }, preflight: false };
      if (caller?.kind !== 'subscription') {
        const role = teammate?.role;
        const me = callerId(caller);
        if (role === 'owner' || role === 'admin') {
          // request_read_all: every conversation.
        } else if (role === 'agent') query.$or = [{ 'snapshot.agents.id_user': me }, { participants: me }];
        else query.participants = me;
      }
      if (truthy(q.dept_id)) query.department = q.dept_id;
      if (truthy(q.requester_email)) query['snapshot.lead.email'] = q.requester_email;
      if (truthy(q.status)) {
        if (typeof q.status !== 'string') return internalError(); // `req.query.status.split` is no function: Express's 500
        if (q.status === 'all') delete query.status;
        else {
          const statuses = q.status
            .split(',')
            .map(Number)
            .filter((n) => !Number.isNaN(n));
          if (statuses.length > 0) query.status = { $in: statuses };
          else delete query.status;
        }
      }
      if (truthy(q.lead)) query.lead = q.lead;
      if (truthy(q.participant)) query.participants = q.participant;
      if (q.hasbot !== undefined && q.hasbot !== null) query.hasBot = q.hasbot;
      if (truthy(q.ticket_id)) query.ticket_id = q.ticket_id;
      if (q.preflight === 'true') delete query.preflight;
      const direction = truthy(q.direction) ? q.direction : -1;
      const sortField = truthy(q.sort) ? jsString(q.sort) : 'createdAt';
      let requests: StoredConversation[];
      let count: number;
      try {
        const page = find(core.store.conversations, { filter: documentFilter(REQUEST_QUERY, query), sortField, direction, skip, limit });
        requests = page.exec();
        count = page.count();
      } catch (error) {
        // mquery refuses the direction while the synchronous route builds the query: Express's 500.
        if (error instanceof TypeError) return internalError();
        if (error instanceof PatternLimitError) return error.refusal('query', 'query');
        if (isQueryError(error)) return errorGetting(queryErrorJson(error));
        throw error;
      }
      const out: StoredConversationJson[] = [];
      for (const conversation of requests) {
        const populated = populatedConversation(core, conversation, !isTrue(q.no_populate));
        if ('reason' in populated) return errorGetting(populateErrorJson(conversation));
        out.push(populated);
      }
      return ok({ perPage: Number.isNaN(limit) ? null : limit, count: isTrue(q.no_count) ? 0 : count, requests: out });
    },
  },

  getConversation: {
    handle({ core, projectId, raw }) {
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return objectNotFound();
      const populated = populatedConversation(core, conversation);
      return 'reason' in populated ? populated : ok(populated);
    },
  },

  updateConversation: {
    handle({ core, projectId, raw }) {
      let set: Record<string, unknown>;
      try {
        set = conversationUpdate(core, raw.body);
      } catch (error) {
        if (error instanceof CastError || error instanceof ValidationError) return failMsg(500, 'Error updating object.');
        throw error;
      }
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return failMsg(404, 'Request not found');
      const { 'channel.name': channelName, ...fields } = set;
      if (channelName !== undefined) {
        const channel: unknown = conversation.channel;
        // MongoDB cannot create `channel.name` inside a `channel` that is null (or no object): the update fails.
        if (channel !== undefined && (channel === null || typeof channel !== 'object' || Array.isArray(channel))) return failMsg(500, 'Error updating object.');
        conversation.channel = { ...(channel ?? {}), name: String(channelName) };
      }
      Object.assign(conversation, fields, { updatedAt: core.clock.iso() });
      const populated = populatedConversation(core, conversation);
      if ('reason' in populated) return populated;
      if (fields.workingStatus !== undefined) updateAssignedCounts(core, conversation);
      core.webhooks.emit('request.update', projectId, populated);
      return ok(populated);
    },
  },

  addConversationParticipant: {
    handle({ core, projectId, raw, request }) {
      const errors = check({ body: raw.body, query: raw.query, params: raw.path, headers: request.headers }, 'member', notEmpty);
      if (errors.length) return fail(422, { errors });
      const error = () => failError(500, 'Error adding participant');
      const member = field(raw.body, 'member');
      if (member === undefined || member === null) return error();
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return error();
      const participants = conversation.participants ?? [];
      if (participants.some((p) => p === member)) return unchangedConversation(core, conversation, error);
      if (typeof member !== 'string')
        return unanswered('requestService.addParticipantByRequestId calls member.startsWith on a member that is no string, inside a database callback: the route never answers');
      if (failsValidation(conversation)) return error();
      participants.push(member);
      conversation.participants = participants;
      if (member.startsWith(BOT_PREFIX)) {
        conversation.hasBot = true;
        conversation.participantsBots = [...(conversation.participantsBots ?? []), member.replace(BOT_PREFIX, '')];
      } else {
        conversation.participantsAgents = [...(conversation.participantsAgents ?? []), member];
        conversation.hasBot = false;
      }
      const now = core.clock.iso();
      Object.assign(conversation, { status: ASSIGNED, assigned_at: now, updatedAt: now });
      return changedConversation(core, projectId, conversation, error, [member]);
    },
  },

  setConversationParticipants: {
    handle({ core, projectId, raw }) {
      const list: unknown = raw.body;
      if (!Array.isArray(list)) return unanswered('routes/request.js calls req.body.forEach on a body that is no array, in an async route: the rejection is never handled and the route never answers');
      const error = () => failError(500, 'Error setting participants');
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return error();
      const channel: unknown = conversation.channel;
      const channelName = isObject(channel) ? channel.name : undefined;
      const agents = conversation.participantsAgents;
      if ((channelName === 'form' || channelName === 'email') && Array.isArray(agents)) {
        // A form or e-mail conversation takes one agent: none yet and exactly one sent.
        if (agents.length === 1 || (agents.length === 0 && list.length !== 1)) return error();
      }
      const old = conversation.participants ?? [];
      if (old.length === list.length && old.every((p, i) => p === list[i])) return unchangedConversation(core, conversation, error);
      if (list.some((p) => typeof p !== 'string'))
        return unanswered('requestService.setParticipantsByRequestId calls startsWith on a participant that is no string, inside a database callback: the route never answers');
      const members = list.filter((p): p is string => typeof p === 'string');
      if (failsValidation(conversation)) return error();
      conversation.participants = [...members];
      conversation.participantsAgents = members.filter((p) => !p.startsWith(BOT_PREFIX));
      conversation.participantsBots = members.filter((p) => p.startsWith(BOT_PREFIX)).map((p) => p.replace(BOT_PREFIX, ''));
      if (members.length > 0) conversation.hasBot = members.some((p) => p.startsWith(BOT_PREFIX));
      conversation.status = members.length > 0 ? ASSIGNED : UNASSIGNED;
      delete conversation.waiting_time;
      conversation.updatedAt = core.clock.iso();
      const changed = [...members.filter((p) => !old.includes(p)), ...old.filter((p) => !members.includes(p))];
      return changedConversation(core, projectId, conversation, error, changed);
    },
  },

  removeConversationParticipant: {
    handle({ core, projectId, raw }) {
      const requestId = raw.path.request_id!;
      const member = raw.path.participant_id!;
      const error = () => failError(400, `Unable to remove the participant ${member} from the request ${requestId}`);
      const conversation = findConversation(core, projectId, requestId);
      if (!conversation) return error();
      const participants = conversation.participants ?? [];
      const index = participants.indexOf(member);
      if (index < 0) {
        // Not a participant: the conversation populated as it is; a populate that fails resolves
        // `undefined` (requestService.js:1980-1990) and the route sends `res.json(undefined)`.
        const populated = populatedConversation(core, conversation);
        return 'reason' in populated ? { ...ok(undefined, { 'Content-Type': 'application/json; charset=utf-8' }), noEntity: true as const } : ok(populated);
      }
      if (failsValidation(conversation)) return error();
      participants.splice(index, 1);
      if (member.startsWith(BOT_PREFIX)) {
        conversation.hasBot = false;
        const bots = conversation.participantsBots ?? [];
        // `splice(indexOf(...), 1)`: an id not found (-1) removes the last one, as on the server.
        bots.splice(bots.indexOf(member.replace(BOT_PREFIX, '')), 1);
      } else {
        const agents = conversation.participantsAgents ?? [];
        agents.splice(agents.indexOf(member), 1);
        // attributes.abandoned_by_project_users[<teammate id>] = Date.now(); a user with no teammate stamps nothing.
        const stored: unknown = conversation.attributes;
        const attributes: Record<string, unknown> = isObject(stored) ? stored : {};
        const before = attributes.abandoned_by_project_users;
        const abandoned: Record<string, unknown> = isObject(before) ? before : {};
        const teammate = [...core.store.teammates.values()].find((t) => t.id_user === member && t.id_project === projectId);
        if (teammate) abandoned[teammate._id] = core.clock.now();
        // Mongoose's minimize drops the empty objects on save.
        if (Object.keys(abandoned).length > 0) attributes.abandoned_by_project_users = abandoned;
        if (Object.keys(attributes).length > 0) Object.assign(conversation, { attributes });
      }
      if (conversation.status !== CLOSED) conversation.status = participants.length > 0 ? ASSIGNED : UNASSIGNED;
      conversation.updatedAt = core.clock.iso();
      return changedConversation(core, projectId, conversation, error, [member]);
    },
  },

  assignConversation: {
    handle({ core, projectId, raw }) {
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return failMsg(404, 'Request not found');
      // Already assigned, served or closed: the stored document, not populated.
      if (conversation.status === ASSIGNED || conversation.status === SERVED || conversation.status === CLOSED) {
        const stored = populatedConversation(core, conversation, false);
        return 'reason' in stored ? stored : ok(stored);
      }
      return routeConversation(core, projectId, conversation, field(raw.body, 'departmentid'), field(raw.body, 'nobot'));
    },
  },

  transferConversationToAgent: {
    handle({ core, projectId, raw }) {
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return objectNotFound();
      let departmentId: unknown = conversation.department;
      if (!departmentId) {
        // `departmentService.getDefaultDepartment`, awaited outside any try: its rejection is never answered.
        const fallback = [...core.store.departments.values()].find((d) => d.id_project === projectId && d.default === true);
        if (!fallback) return unanswered('routes/request.js awaits getDefaultDepartment in an async route; a project without a default department rejects and the route never answers');
        departmentId = fallback._id;
      }
      return routeConversation(core, projectId, conversation, departmentId, true);
    },
  },

  listMessages: {
    handle({ core, projectId, raw }) {
      return ok(messagesOf(core, projectId, raw.path.request_id!).map((m) => structuredClone(m)));
    },
  },

  closeConversation: {
    handle({ core, projectId, raw, caller, teammate }) {
      const requestId = raw.path.request_id!;
      const conversation = findConversation(core, projectId, requestId);
      const me = callerId(caller);
      const role = teammate?.role;
      if (role && role !== 'owner' && role !== 'admin') {
        if (!conversation) return failError(404, 'Request not found');
        if (!conversation.participantsAgents?.includes(me)) return failError(403, 'You must be among the participants to close a conversation.');
      }
      if (!conversation) return failError(500, 'Error closing request');
      const force = field(raw.body, 'force');
      // `force == undefined` is false; a closed conversation is closed again only when `force` is truthy.
      if (force || conversation.status !== CLOSED) {
        const closedAt = core.clock.iso();
        // changeStatusByRequestId(1000) first: `request.update` with the status changed, before the
        // transcript and closing fields are saved (the websocket's UPDATE frame of the close).
        Object.assign(conversation, { status: CLOSED, updatedAt: closedAt });
        const changed = populatedConversation(core, conversation);
        if (!('reason' in changed)) core.webhooks.emit('request.update', projectId, changed);
        Object.assign(conversation, {
          transcript: transcriptOf(core, projectId, requestId),
          closed_at: closedAt,
          closed_by: me,
          duration: Date.parse(closedAt) - Date.parse(conversation.createdAt),
          updatedAt: closedAt,
        });
      }
      const populated = populatedConversation(core, conversation);
      if ('reason' in populated) return populated;
      // services/subscriptionNotifierQueued.js: the delivery of `request.close` carries the conversation's
      // messages (`Message.find({recipient, id_project}).sort({updatedAt: 'asc'})`), read before "Chat closed".
      const messages = messagesOf(core, projectId, requestId)
        .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0))
        .map((m) => structuredClone(m));
      core.webhooks.emit('request.close', projectId, { ...populated, messages });
      // pubmodules/routing-queue/listenerQueued.js on `request.close`: the participating agents' assigned
      // conversations are counted again, and each teammate's `project_user.update` follows.
      updateAssignedCounts(core, conversation);
      postSystemMessage(core, conversation, 'Chat closed', { subtype: 'info/support', updateconversation: false, messagelabel: { key: 'CHAT_CLOSED' } });
      return ok(populated);
    },
  },

  reopenConversation: {
    handle({ core, projectId, raw }) {
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return failError(500, 'Error reopening request');
      if (conversation.status !== ASSIGNED && conversation.status !== UNASSIGNED) {
        conversation.status = (conversation.participants?.length ?? 0) > 0 ? ASSIGNED : UNASSIGNED;
        conversation.updatedAt = core.clock.iso();
        const populated = populatedConversation(core, conversation);
        if ('reason' in populated) return populated;
        core.webhooks.emit('request.update', projectId, populated);
        postSystemMessage(core, conversation, 'Chat reopened', { subtype: 'info/support', updateconversation: true, messagelabel: { key: 'CHAT_REOPENED' } });
        return ok(populated);
      }
      const populated = populatedConversation(core, conversation);
      return 'reason' in populated ? populated : ok(populated);
    },
  },
} satisfies HandlerGroup;
