/**
 * Messages, as the server's `routes/message.js` (`POST /:projectid/requests/:request_id/messages`)
 * over `services/messageService.js`, `services/requestService.js` and `services/leadService.js`
 * answers `createMessage`. Any active member may post (any role, custom ones too), and a
 * subscription's token.
 *
 * **A conversation the project does not have yet** (`request_id` unknown in the project):
 * - no `text` while `type` is missing or `text`: 422 `{errors: ["text field is required"]}`;
 * - a `sender` (24 hex digits or 12 characters: a user id, else an external id) must be an active
 *   member: 403 `Unauthorized. Project_user not found with user id  : <sender>`; the sender's
 *   name and e-mail then come from its user or lead;
 * - the lead of `sender || caller` is found (its name and e-mail updated when the e-mail differs)
 *   or created (e-mail as sent, `createdBy: "system"`);
 * - the conversation is created as `requestService.create` does: the department `departmentid`
 *   (any project's) or the project's default, routed — `participants` from the body, else the next
 *   available agent after the last assigned conversation's (the first available one when there is
 *   none; the server picks at random), status 200 with `assigned_at`, else 100; `request_status:
 *   50` skips routing —, `snapshot`, `contact`, `ticket_id` (the project's next), the body's
 *   `subject`, `sourcePage`, `language`, `userAgent`, `attributes`, `preflight`, `channel`,
 *   `location`, `priority` and `followers` as sent (`null` kept). Whatever fails — an unknown or
 *   malformed department, a value the model refuses, `participants: null` or `[5]`, a request id
 *   another project has — is 500 `{success: false, msg: "Error creating request", err: {}}`;
 * - then the message (below); a message the model refuses: the same 500 with the validation error
 *   as `err` (the conversation stays). The answer is the message with the conversation populated.
 *
 * **A known conversation**: a `form` conversation refuses a caller who is not its agent (403); the
 * message is saved (`createdBy` = `sender`; a refused value: 500 `Error creating message` with the
 * validation error), becomes the conversation's `attributes.last_message`, and its first answer by
 * a participant named in `sender` sets `waiting_time` and `first_response_at`.
 *
 * The message: `sender || caller`, `senderFullname` (`senderFullname`, else the caller's full name,
 * else `Guest`), `status` (`status || 0`), `type` (default `text`), `text`, `attributes`,
 * `metadata`, `language`, `channel` (default `{name: "chat21"}`), `channel_type: "group"`. A text
 * `${KEY}` becomes the project's label `KEY` in the conversation's language.
 *
 * No answer at all, as on the server: a `text` that is not a string (`5`, `{}`: the server's text
 * transformer throws), participants that are not user or bot ids (their populate fails), a caller
 * with no teammate (a subscription's token) opening a conversation, a lead the model refuses.
 *
 * Emits `request.create` (new conversation), `lead.create` (new lead) and `message.create`.
 */
import type { CreateMessageResponse, Lead, StoredConversation as StoredConversationJson, User } from '@supportkb/sdk';
import { isObject } from '../documents';
import { beyondContract } from '../http/beyond-contract';
import type { Caller } from '../auth/authenticator';
import { castObjectId, castString, CastError } from '../mongoose/cast';
import { isDatabaseError, save } from '../mongoose/documents';
import { mongooseErrorJson } from '../mongoose/errors';
import { castUpdate, newDocument, RequiredError, ValidationError, type Model } from '../mongoose/model';
import { storedAs } from '../mongoose/stored';
import { field, jsString } from '../http/request';
import { fail, failMsg, ok, unanswered, type Unanswered } from '../http/results';
import type { HandlerContext, HandlerGroup, ServiceCore } from '../service/context';
import { conversationKey, type Department, type StoredConversation, type StoredMessage, type StoredTeammate } from '../state/store';
import { builtinLabel } from '../labels-builtin';
import { LEAD_MODEL } from '../models/lead';
import { departmentJson } from './departments';
import { routeConversation, type RoutedDepartment, type Routing } from './routing';
import { isValidObjectId, populatedTeammate, teammateJson } from './team';

/** `models/message.js` (`channel` is a sub-document, cast by {@link castChannel}). */
const MESSAGE_MODEL: Model = {
  name: 'message',
  timestamps: true,
  fields: {
    sender: { type: 'string', required: true },
    senderFullname: { type: 'string', default: 'Guest' },
    recipient: { type: 'string', required: true },
    recipientFullname: { type: 'string' },
    type: { type: 'string', required: true, default: 'text' },
    channel_type: { type: 'string', required: true, default: 'group' },
    text: { type: 'string' },
    language: { type: 'string' },
    channel: { type: 'mixed' },
    id_project: { type: 'string', required: true },
    status: { type: 'number', required: true, default: 200 },
    attributes: { type: 'mixed' },
    metadata: { type: 'mixed' },
    createdBy: { type: 'string', required: true },
  },
};

/** `models/tag.js` and `models/note.js`, the items of a conversation's `tags` and `notes`. */
const TAG: Model = { name: 'tag', fields: { _id: { type: 'objectid' }, tag: { type: 'string', required: true }, color: { type: 'string' }, attributes: { type: 'mixed' } } };
const NOTE: Model = { name: 'note', timestamps: true, fields: { _id: { type: 'objectid' }, text: { type: 'string' }, createdBy: { type: 'string', required: true } } };

/** `models/request.js` (sub-documents `channel`, `channelOutbound`, `location`, `contact`, `snapshot` apart). */
export const REQUEST_MODEL: Model = {
  name: 'request',
  timestamps: true,
  fields: {
    request_id: { type: 'string', required: true },
    ticket_id: { type: 'number' },
    requester: { type: 'objectid' },
    lead: { type: 'objectid' },
    subject: { type: 'string' },
    first_text: { type: 'string', required: true },
    status: { type: 'number', default: 100 },
    preflight: { type: 'boolean', default: false },
    hasBot: { type: 'boolean', default: false },
    participants: { type: 'array' },
    priority: { type: 'string', default: 'medium' },
    followers: { type: 'array', of: 'objectid' },
    participantsAgents: { type: 'array' },
    participantsBots: { type: 'array' },
    department: { type: 'objectid' },
    assigned_at: { type: 'date' },
    tags: { type: 'subdocs', model: TAG },
    notes: { type: 'subdocs', model: NOTE },
    sourcePage: { type: 'string' },
    language: { type: 'string' },
    userAgent: { type: 'string' },
    attributes: { type: 'mixed' },
    id_project: { type: 'string', required: true },
    createdBy: { type: 'string', required: true },
    draft: { type: 'boolean' },
  },
};

/** Request statuses (`models/requestConstants.js`). */
const TEMP = 50;
const UNASSIGNED = 100;
const ASSIGNED = 200;
const CLOSED = 1000;

/** What the route reads of `req.user`. */
interface RequestUser {
  _id: string;
  /** `req.user.id` (the form-channel check). */
  id: string;
  fullName?: string;
  email?: unknown;
  attributes?: unknown;
  phone?: unknown;
}

/** Whether an outcome is no answer. */
const isNoAnswer = (value: unknown): value is Unanswered => typeof value === 'object' && value !== null && 'reason' in value && (value as { status?: unknown }).status === 0;

/** `(value || '')` as JavaScript's `+` reads it (`fullName`). */
const nameText = (value: unknown): string => (value ? jsString(value) : '');

/** `req.user` of a caller: a user's document, a guest's or external user's token claims (`decorateUser`), a subscription. */
function requestUser(core: ServiceCore, caller: Caller): RequestUser {
  if (caller.kind === 'user') {
    const user = core.store.users.get(caller.userId!) as (User & { attributes?: unknown; phone?: unknown }) | undefined;
    return { _id: caller.userId!, id: caller.userId!, fullName: `${nameText(user?.firstname)} ${nameText(user?.lastname)}`, email: user?.email, attributes: user?.attributes, phone: user?.phone };
  }
  if (caller.kind === 'subscription') return { _id: caller.subscriptionId!, id: caller.subscriptionId! };
  const claims = caller.claims ?? {};
  return { _id: caller.uuid!, id: caller.uuid!, fullName: `${nameText(claims.firstname)} ${nameText(claims.lastname)}`, email: claims.email, attributes: claims.attributes, phone: claims.phone };
}

/** `phoneUtil.normalizePhone`: `null` for nothing, else the trimmed text with `00` as `+` and only digits after it. */
function normalizePhone(phone: unknown): string | null {
  if (phone === null || phone === undefined) return null;
  let text = jsString(phone).trim();
  if (!text) return null;
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  const plus = text.startsWith('+');
  const digits = text.replace(/[^\d]/g, '');
  return digits ? `${plus ? '+' : ''}${digits}` : null;
}

const isPlainObject = isObject;

/**
 * A `channel` as its sub-document schema (`{name}`, required) casts it: `undefined` the default
 * `{name: "chat21"}`, `null` kept.
 * @throws {ValidationError} a value that is no object, or no `name`.
 */
function castChannel(value: unknown, path = 'channel'): Record<string, unknown> | null {
  if (value === undefined) return { name: 'chat21' };
  if (value === null) return null;
  if (!isPlainObject(value)) throw new ValidationError({ [path]: new CastError('Embedded', value, path) });
  let name: string | null | undefined;
  try {
    name = castString(value.name, `${path}.name`);
  } catch (error) {
    if (error instanceof CastError) throw new ValidationError({ [`${path}.name`]: error });
    throw error;
  }
  if (typeof name !== 'string' || name === '') throw new ValidationError({ [`${path}.name`]: new RequiredError(`${path}.name`) });
  return { name };
}

/**
 * `models/location.js` of a conversation.
 * @param validate `false` for the `$set` of an update (Mongoose runs no validators there: the enum
 *   of `geometry.type` is not checked).
 * @throws {ValidationError}
 */
export function castLocation(value: unknown, validate = true): Record<string, unknown> | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isPlainObject(value)) throw new ValidationError({ location: new CastError('Embedded', value, 'location') });
  // `geometry.coordinates` is an array: Mongoose gives it `[]` by default.
  const out: Record<string, unknown> = { geometry: { coordinates: [] } };
  try {
    for (const name of ['country', 'city', 'streetAddress', 'region', 'zipcode', 'ipAddress']) {
      if (value[name] !== undefined) out[name] = castString(value[name], `location.${name}`);
    }
    if (isPlainObject(value.geometry)) {
      const geometry: Record<string, unknown> = {};
      if (value.geometry.type !== undefined) {
        const type = castString(value.geometry.type, 'location.geometry.type');
        if (validate && type !== null && type !== 'Point') throw new CastError('enum', type, 'location.geometry.type');
        geometry.type = type;
      }
      geometry.coordinates = [];
      if (value.geometry.coordinates !== undefined) {
        const items = Array.isArray(value.geometry.coordinates) ? value.geometry.coordinates : [value.geometry.coordinates];
        geometry.coordinates = items.map((item) => {
          if (typeof item === 'number') return item;
          const n = typeof item === 'string' && item.trim() !== '' ? Number(item) : Number.NaN;
          if (Number.isNaN(n)) throw new CastError('[Number]', item, 'location.geometry.coordinates');
          return n;
        });
      }
      out.geometry = geometry;
    } else if (value.geometry !== undefined && value.geometry !== null) {
      throw new CastError('Embedded', value.geometry, 'location.geometry');
    }
  } catch (error) {
    if (error instanceof CastError) throw new ValidationError({ [error.path]: error });
    throw error;
  }
  return out;
}

/** A lead as its document sends it. */
const leadJson = (lead: Lead): Record<string, unknown> => structuredClone(lead) as Record<string, unknown>;

/** The populate of a list of references to users or bots: the found documents, `undefined` when an id cannot be cast (the populate fails). */
function populateIds(ids: unknown, find: (id: string) => Record<string, unknown> | undefined): Record<string, unknown>[] | undefined {
  const out: Record<string, unknown>[] = [];
  for (const id of Array.isArray(ids) ? ids : []) {
    let key: string;
    try {
      key = castObjectId(id, '_id');
    } catch {
      return undefined;
    }
    const doc = find(key);
    if (doc) out.push(doc);
  }
  return out;
}

/**
 * A conversation as the routes send it, populated (lead, department, participating agents and bots,
 * requester with its user) and with the virtuals `requester_id` and `id`.
 * @param populate `false`: the stored references and only the virtuals `requester_id` and `id`
 *   (`listConversations` with `no_populate=true`: the virtual populates are left out).
 * @returns the conversation, or no answer when a populate fails.
 */
export function populatedConversation(core: ServiceCore, conversation: StoredConversation, populate = true): StoredConversationJson | Unanswered {
  const out = structuredClone(conversation) as Record<string, unknown>;
  let participating: { agents: unknown[]; bots: unknown[] } | undefined;
  // The virtual `requester_id` is `this.lead._id`: the stored id, or the populated lead's (`null` when no lead has the id).
  let requesterId = conversation.lead ?? null;
  if (populate) {
    if (conversation.lead !== undefined && conversation.lead !== null) {
      const lead = core.store.leads.get(conversation.lead);
      out.lead = lead ? leadJson(lead) : null;
      if (!lead) requesterId = null;
    }
    if (conversation.department !== undefined && conversation.department !== null) {
      const department = core.store.departments.get(conversation.department);
      out.department = department ? departmentJson(department) : null;
    }
    if (conversation.requester !== undefined && conversation.requester !== null) {
      const requester = core.store.teammates.get(conversation.requester);
      out.requester = requester ? populatedTeammate(core, requester) : null;
    }
    const stored = conversation as { participantsAgents?: unknown; participantsBots?: unknown };
    const agents = populateIds(stored.participantsAgents, (id) => {
      const user = core.store.users.get(id);
      return user ? (structuredClone(user) as Record<string, unknown>) : undefined;
    });
    // The mock has no bots: a bot id finds nothing.
    const bots = populateIds(stored.participantsBots, () => undefined);
    if (!agents || !bots) return unanswered('routes/message.js returns without answering when populating the conversation fails (a participant that is no ObjectId)');
    participating = { agents, bots };
  }
  out.requester_id = requesterId;
  if (participating) {
    out.participatingAgents = participating.agents;
    out.participatingBots = participating.bots;
  }
  out.id = conversation._id;
  // `snapshot.agents` is stored but `select: false` (models/requestSnapshot.js): no read sends it.
  if (isPlainObject(out.snapshot) && 'agents' in out.snapshot) {
    const { agents: _agents, ...snapshot } = out.snapshot;
    out.snapshot = snapshot;
  }
  return out as StoredConversationJson;
}

/** `Request.countDocuments(...)` of the open conversations assigned to `userId` (`pubmodules/routing-queue`). */
function assignedCount(core: ServiceCore, projectId: string, userId: string): number {
  let n = 0;
  for (const c of core.store.conversations.values()) {
    const agents = (c as { participantsAgents?: unknown }).participantsAgents;
    if (c.id_project !== projectId || !Array.isArray(agents) || !agents.includes(userId)) continue;
    if (typeof c.status === 'number' && c.status >= CLOSED) continue;
    if ((c as { draft?: unknown }).draft === true || (c as { workingStatus?: unknown }).workingStatus === 'pending') continue;
    n++;
  }
  return n;
}

/**
 * `pubmodules/routing-queue/listenerQueued.js` `updateProjectUser`: each user's teammate gets its
 * count of open conversations (`number_assigned_requests`) and `project_user.update` is emitted —
 * for the participating agents when a conversation is created or its `workingStatus` changes, for
 * the members who joined or left when its participants change. A bot, or a user with no teammate in
 * the project, is skipped.
 */
export function updateAssignedCounts(
  core: ServiceCore,
  conversation: StoredConversation,
  userIds: readonly unknown[] = (conversation as { participantsAgents?: unknown[] }).participantsAgents ?? [],
): void {
  for (const userId of userIds) {
    if (typeof userId !== 'string') continue;
    const teammate = [...core.store.teammates.values()].find((t) => t.id_user === userId && t.id_project === conversation.id_project);
    if (!teammate) continue;
    teammate.number_assigned_requests = assignedCount(core, conversation.id_project!, userId);
    teammate.updatedAt = core.clock.iso();
    core.webhooks.emit('project_user.update', conversation.id_project, { ...populatedTeammate(core, teammate, ['firstname', 'lastname']), isBusy: false });
  }
}

/** The project's label `key` in `language` (`services/labelService.js`: the language, else the default one, else EN). */
function labelOf(core: ServiceCore, projectId: string, language: string, key: string): unknown {
  const labels = core.store.labels.get(projectId);
  const entries = labels?.data ?? [];
  // No project labels, or none of the language, the default or EN: the built-in EN set (the pivot).
  const entry = entries.find((l) => l.lang === language) ?? entries.find((l) => l.default === true) ?? entries.find((l) => l.lang === 'EN') ?? builtinLabel('EN');
  const data: unknown = entry?.data;
  return data === undefined || data === null ? undefined : Reflect.get(Object(data), key);
}

/** The outcome of saving a message: the message, the error to answer (a database error), or no answer. */
type MessageOutcome = { message: StoredMessage } | { error: unknown } | Unanswered;

/**
 * `messageService.create(...)`: the text transformers (a non-string text throws there: no answer;
 * `${KEY}` becomes the label), then `new Message(...).save()`.
 */
function saveMessage(core: ServiceCore, projectId: string, fields: Record<string, unknown>, conversation: StoredConversation | undefined): MessageOutcome {
  const text = fields.text;
  if (text) {
    if (typeof text !== 'string')
      return unanswered('the message text transformer (pubmodules/messageTransformer) calls text.match() on a text that is no string; the rejected promise is never handled');
    const key = /\$\{([^}]+)\}/.exec(text)?.[1];
    if (key !== undefined) {
      const language = typeof conversation?.language === 'string' ? conversation.language.toUpperCase() : 'EN';
      const label = labelOf(core, projectId, language, key);
      if (label) fields.text = label;
    }
  }
  const errors: Record<string, CastError | RequiredError> = {};
  try {
    fields.channel = castChannel(fields.channel);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
    delete fields.channel;
  }
  try {
    newDocument(MESSAGE_MODEL, fields);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
  }
  if (Object.keys(errors).length) return { error: new ValidationError(errors) };
  return { message: save(core, core.store.messages, MESSAGE_MODEL, fields) };
}

/**
 * `messageService.send('system', 'Bot', request_id, text, id_project, 'system', attributes, undefined,
 * request.language)`, as `pubmodules/rules/conciergeBot.js` posts "Chat closed" and "Chat reopened":
 * the info message is stored and delivered to `message.create` subscriptions. `send`'s ninth
 * parameter is `metadata` (services/messageService.js:17), so the conversation's language lands in
 * `metadata` and the message has no `language` (the contract's InfoMessage).
 */
export function postSystemMessage(core: ServiceCore, conversation: StoredConversation, text: string, attributes: Record<string, unknown>): void {
  const projectId = conversation.id_project!;
  const fields: Record<string, unknown> = {
    senderFullname: 'Bot',
    type: 'text',
    channel_type: 'group',
    status: 0,
    sender: 'system',
    recipient: conversation.request_id,
    text,
    id_project: projectId,
    createdBy: 'system',
    attributes,
    channel: { name: 'chat21' },
  };
  if (conversation.language !== undefined) fields.metadata = conversation.language;
  const saved = saveMessage(core, projectId, fields, conversation);
  if (isNoAnswer(saved) || 'error' in saved) return;
  const request = populatedConversation(core, conversation);
  const answer = { ...structuredClone(saved.message), ...(isNoAnswer(request) ? {} : { request }) };
  core.webhooks.emit('message.create', projectId, answer);
}

/**
 * The info message "Lead updated" the server posts on `lead.fullname.email.update` (emitted when
 * `updateLead` is sent an `email` or a `fullname`, routes/lead.js:93-95, and when a new conversation's
 * lead gets another e-mail, services/leadService.js:147): into the lead's latest conversation on the
 * `chat21` channel (services/updateLeadQueued.js:90-128: `Request.find({lead, id_project,
 * "channel.name": "chat21"}).sort({createdAt: -1}).limit(1)`), none when it has none. Its attributes
 * carry the lead's new `email` and `fullname` (a field the lead lacks is left out, as JSON drops
 * `undefined`).
 */
export function postLeadUpdated(core: ServiceCore, lead: Lead): void {
  let latest: StoredConversation | undefined;
  for (const conversation of core.store.conversations.values()) {
    if (conversation.lead !== lead._id || conversation.id_project !== lead.id_project) continue;
    const channel: unknown = conversation.channel;
    if (!isObject(channel) || channel.name !== 'chat21') continue;
    if (!latest || conversation.createdAt > latest.createdAt) latest = conversation;
  }
  if (!latest) return;
  const attributes: Record<string, unknown> = { subtype: 'info/support', updateconversation: false, messagelabel: { key: 'LEAD_UPDATED' } };
  if (lead.email !== undefined) attributes.updateUserEmail = lead.email;
  if (lead.fullname !== undefined) attributes.updateUserFullname = lead.fullname;
  postSystemMessage(core, latest, 'Lead updated', attributes);
}

/** The JSON of an error the route sends as `err` (an Error object has no enumerable fields: `{}`). */
function errJson(error: unknown, values: Record<string, unknown>): Record<string, unknown> {
  return error instanceof ValidationError ? mongooseErrorJson(error, 'message', values) : {};
}

/**
 * `departmentService.getOperators(departmentid, projectid, nobot)`: the department (by `_id`, any
 * project's; `default` or none: the project's default one), all agents, and the operator routing
 * picks — the department's bot `bot_<id_bot>` unless `nobot`, else an available agent (`assigned`
 * routing).
 * @returns `undefined` when the service rejects (no such department, an id that cannot be cast).
 */
export function operators(core: ServiceCore, projectId: string, departmentId: unknown, nobot = false): RoutedDepartment | undefined {
  let department: Department | undefined;
  if (departmentId === 'default' || departmentId === undefined || departmentId === null) {
    department = [...core.store.departments.values()].find((d) => d.id_project === projectId && d.default === true);
  } else {
    let key: string;
    try {
      key = castObjectId(departmentId, '_id');
    } catch {
      return undefined;
    }
    department = core.store.departments.get(key);
  }
  if (!department) return undefined;
  const agents = [...core.store.teammates.values()].filter((t) => t.id_project === projectId && t.roleType === 1 && t.status === 'active');
  if (department.id_bot !== undefined && department.id_bot !== null && !nobot) return { department, agents, bot: `bot_${department.id_bot}` };
  const available = agents.filter((t) => t.user_available === true);
  if (department.routing !== 'assigned' || !available.length) return { department, agents };
  // Round robin after the last assigned conversation (`roundRobin`), else the first available agent
  // (the server picks one at random).
  const last = [...core.store.conversations.values()]
    .filter(
      (c) =>
        c.id_project === projectId &&
        c.hasBot === false &&
        c.preflight === false &&
        typeof c.status === 'number' &&
        c.status > UNASSIGNED &&
        Array.isArray(c.participants) &&
        c.participants.length > 0,
    )
    .pop();
  let operator = available[0];
  if (last) {
    const lastId = last.participants![0]!;
    const index = available.findIndex((t) => (t.id_user ? t.id_user === lastId : t.uuid_user === lastId));
    operator = available[index + 1 >= available.length ? 0 : index + 1];
    return { department, agents, operator, roundRobin: { last: populatedConversation(core, last, false), lastOperatorId: lastId, index } };
  }
  return { department, agents, operator };
}

/** The project's next ticket number (mongoose-sequence per project). */
function nextTicket(core: ServiceCore, projectId: string): number {
  let max = 0;
  for (const c of core.store.conversations.values()) {
    const ticket = (c as { ticket_id?: unknown }).ticket_id;
    if (c.id_project === projectId && typeof ticket === 'number' && ticket > max) max = ticket;
  }
  return max + 1;
}

/**
 * `context.request` of the routing (`services/requestService.js` `create`): the new conversation's
 * fields, those the request left out absent (JSON drops `undefined`).
 */
function routingContext(body: unknown, known: Record<string, unknown>): Record<string, unknown> {
  const sent = (name: string) => field(body, name);
  const fields: Record<string, unknown> = {
    ...known,
    first_text: sent('text'),
    sourcePage: sent('sourcePage'),
    language: sent('language'),
    userAgent: sent('userAgent'),
    status: sent('request_status'),
    attributes: sent('attributes'),
    subject: sent('subject'),
    preflight: sent('preflight'),
    channel: sent('channel'),
    location: sent('location'),
    participants: sent('participants') ?? [],
    priority: sent('priority'),
    followers: sent('followers'),
  };
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

/** What `requestService.create` is given (`new_request` of the route). */
interface NewRequest {
  requestId: string;
  projectId: string;
  requester: StoredTeammate;
  lead: Lead;
  body: unknown;
  createdBy: string;
  /** The routing's result, or the `operator.select` target's answer (./routing.ts). */
  routing: Routing;
}

/**
 * `requestService.create(new_request)`: routing, snapshot, the document saved.
 * @returns the stored conversation, or `undefined` when the service rejects (the route's 500).
 */
function createConversation(core: ServiceCore, input: NewRequest): StoredConversation | undefined {
  const { projectId, body, routing } = input;
  const sent = (name: string) => field(body, name);
  // `result.department._id`: a TypeError (the route's 500) when an answer has no department.
  const noDepartment = routing.department === undefined || routing.department === null;
  let status = sent('request_status');
  let participants = sent('participants') === undefined ? [] : sent('participants');
  const participantsAgents: unknown[] = [];
  const participantsBots: unknown[] = [];
  let hasBot = false;
  let departmentId: unknown;
  let assignedAt: string | undefined;
  const lengthOf = (value: unknown): unknown => (typeof value === 'string' || Array.isArray(value) ? value.length : undefined);
  if (participants === null) return undefined; // `participants.length` throws
  const attributes = sent('attributes');
  let draft = false;
  if (isPlainObject(attributes) && attributes.sourcePage !== undefined && attributes.sourcePage !== null) {
    const page = attributes.sourcePage;
    if (typeof page === 'string' || Array.isArray(page)) draft = page.includes('td_draft=true');
    else return undefined; // `sourcePage.includes` is no function
  }
  if (status === TEMP) {
    if (lengthOf(participants) === 0) {
      if (noDepartment) return undefined;
      departmentId = field(routing.department, '_id');
    }
  } else {
    if (lengthOf(participants) === 0) {
      // `participants.push(result.operators[0].id_user.toString())`
      if (Array.isArray(routing.operators) && routing.operators.length > 0) {
        const id = field(routing.operators[0], 'id_user');
        if (id === undefined || id === null) return undefined;
        participants = [String(id)];
      }
      if (noDepartment) return undefined;
      departmentId = field(routing.department, '_id');
    }
    const length = lengthOf(participants);
    if (typeof length === 'number' && length > 0) {
      status = ASSIGNED;
      const first = (participants as ArrayLike<unknown>)[0];
      if (typeof first !== 'string') return undefined; // `first.startsWith` throws
      if (first.startsWith('bot_')) {
        hasBot = true;
        participantsBots.push(first.replace('bot_', ''));
      } else {
        participantsAgents.push(first);
      }
      assignedAt = core.clock.iso();
    } else {
      status = UNASSIGNED;
    }
  }
  const snapshot: Record<string, unknown> = {};
  if (departmentId) snapshot.department = structuredClone(routing.department);
  // `getAvailableAgentsCount(result.agents)`: `agents.filter(pu => pu.user_available == true)`.
  if (!Array.isArray(routing.agents)) return undefined;
  snapshot.availableAgentsCount = routing.agents.filter((t) => {
    const available = field(t, 'user_available');
    return available === true || available === 1 || available === '1';
  }).length;
  snapshot.requester = teammateJson(input.requester);
  snapshot.lead = leadJson(input.lead);
  let fields: Record<string, unknown>;
  let channel: Record<string, unknown> | null;
  let location: Record<string, unknown> | null | undefined;
  try {
    channel = castChannel(sent('channel'));
    location = castLocation(sent('location'));
    fields = newDocument(REQUEST_MODEL, {
      request_id: input.requestId,
      requester: input.requester._id,
      lead: input.lead._id,
      first_text: sent('text'),
      subject: sent('subject'),
      status,
      participants,
      participantsAgents,
      participantsBots,
      hasBot,
      department: departmentId,
      sourcePage: sent('sourcePage'),
      language: sent('language'),
      userAgent: sent('userAgent'),
      assigned_at: assignedAt,
      attributes,
      id_project: projectId,
      createdBy: input.createdBy,
      preflight: sent('preflight'),
      priority: sent('priority'),
      followers: sent('followers'),
      ...(draft ? { draft: true } : {}),
    });
  } catch (error) {
    if (error instanceof ValidationError || error instanceof CastError) return undefined;
    throw error;
  }
  // The unique index on request_id alone (models/request.js:44-49, `unique: true`): another
  // project's conversation with this id fails the save (E11000), and the route answers 500.
  if (requestIdTaken(core, input.requestId)) return undefined;
  const contact: Record<string, unknown> = {};
  const phone = input.lead.phone;
  if (phone) contact.phone = String(phone).trim();
  if (input.lead.email) contact.email = String(input.lead.email).trim().toLowerCase();
  const now = core.clock.iso();
  const doc: Record<string, unknown> = {
    _id: core.ids.objectId(),
    ...fields,
    ...(channel === undefined ? {} : { channel }),
    channelOutbound: { name: 'chat21' },
    ...(location === undefined ? {} : { location }),
    smartAssignment: !(channel && (channel.name === 'form' || channel.name === 'email')),
    snapshot,
    ...(Object.keys(contact).length ? { contact } : {}),
    ticket_id: nextTicket(core, projectId),
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
  const conversation = storedAs<StoredConversation>(doc);
  core.store.conversations.set(conversationKey(projectId, input.requestId), conversation);
  return conversation;
}

/** Whether any project has a conversation with this `request_id` (the model's unique index on `request_id`). */
function requestIdTaken(core: ServiceCore, requestId: string): boolean {
  for (const c of core.store.conversations.values()) if (c.request_id === requestId) return true;
  return false;
}

/** The lead of a new conversation (`leadService.createIfNotExistsWithLeadId`), or why there is none. */
function leadFor(core: ServiceCore, projectId: string, leadId: unknown, fullname: unknown, email: unknown, attributes: unknown, phone: unknown): Lead | Unanswered {
  const lost = unanswered('services/leadService.js rejects (a value the lead model refuses) and routes/message.js does not catch it');
  let key: string | null | undefined;
  try {
    key = castString(leadId, 'lead_id');
  } catch {
    key = undefined;
  }
  const found = key === undefined ? undefined : [...core.store.leads.values()].find((l) => l.lead_id === key && l.id_project === projectId);
  if (found) {
    // `lead.email == email`
    if ((found.email ?? null) === (email ?? null) || (typeof email !== 'object' && found.email === jsString(email))) return found;
    // updateWitId: findOneAndUpdate({lead_id}, {fullname, email[, phone]}, {upsert}) — any project's lead.
    const target = [...core.store.leads.values()].find((l) => l.lead_id === key)!;
    try {
      const set = castUpdate(LEAD_MODEL, { fullname, email, ...(phone !== undefined ? { phone: normalizePhone(phone) } : {}) });
      Object.assign(target, set, { updatedAt: core.clock.iso() });
    } catch (error) {
      if (isDatabaseError(error)) return lost;
      throw error;
    }
    postLeadUpdated(core, target);
    return target;
  }
  try {
    const lead = save(core, core.store.leads, LEAD_MODEL, {
      lead_id: leadId || core.ids.uuid(),
      fullname,
      email,
      phone: normalizePhone(phone),
      attributes,
      id_project: projectId,
      createdBy: 'system',
    });
    core.webhooks.emit('lead.create', projectId, lead);
    return lead;
  } catch (error) {
    if (isDatabaseError(error)) return lost;
    throw error;
  }
}

/** The message fields `messageService.create` is given. */
function messageFields(ctx: HandlerContext<'createMessage'>, sender: unknown, fullname: unknown, projectId: string, createdBy: unknown, status: unknown): Record<string, unknown> {
  const sent = (name: string) => field(ctx.raw.body, name);
  const fields: Record<string, unknown> = {
    sender,
    senderFullname: fullname,
    recipient: ctx.raw.path.request_id,
    text: sent('text'),
    id_project: projectId,
    createdBy: createdBy || sender,
    status,
    attributes: sent('attributes'),
    type: sent('type'),
    metadata: sent('metadata'),
    language: sent('language'),
    channel: sent('channel'),
  };
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

/**
 * Why createMessage's answer is sent beyond its contract type: it is the message as Mongoose saved
 * it, with the fields the request left out absent (a sender the project does not know has no
 * `senderFullname`) and the values sent unchecked where the model keeps mixed types.
 */
const STORED_MESSAGE = 'the saved message as stored: fields the request left out are absent, mixed fields as sent';

/** Handlers of createMessage. */
export const messageHandlers = {
  createMessage: {
    async handle(ctx) {
      const { core, projectId, raw, caller } = ctx;
      const body = raw.body;
      const sent = (name: string) => field(body, name);
      const requestId = raw.path.request_id!;
      const user = requestUser(core, caller!);
      let projectUser = ctx.teammate;
      const sender = sent('sender');
      let fullname: unknown = sent('senderFullname') || user.fullName;
      let email: unknown = sent('email') || user.email;
      const status = sent('status') || 0;
      // Request.findOne({request_id, id_project}) (routes/message.js:67): this project's conversation only.
      const existing = core.store.conversations.get(conversationKey(projectId, requestId));

      if (existing) {
        const channel = existing.channel as { name?: unknown } | null | undefined;
        const agents = (existing as { participantsAgents?: unknown[] }).participantsAgents;
        if (channel?.name === 'form' && !sender && agents?.[0] !== user.id) {
          return fail(403, { success: false, message: 'Error creating message', err: "You don't belong the conversation" });
        }
        const fields = messageFields(ctx, sender || user._id, fullname, projectId, null, status);
        const saved = saveMessage(core, projectId, fields, existing);
        if (isNoAnswer(saved)) return saved;
        if ('error' in saved) return failMsg(500, 'Error creating message', { err: errJson(saved.error, fields) });
        const message = saved.message;
        // Request.findOneAndUpdate({request_id, id_project}, {"attributes.last_message": savedMessage})
        const attributes = (existing as { attributes?: unknown }).attributes;
        if (attributes === undefined || isPlainObject(attributes)) {
          (existing as { attributes?: unknown }).attributes = { ...(attributes ?? {}), last_message: structuredClone(message) };
          existing.updatedAt = core.clock.iso();
        }
        if (Array.isArray(existing.participants) && typeof sender !== 'object' && existing.participants.includes(sender as string) && !existing.waiting_time) {
          // updateWaitingTimeByRequestId: the first answer of a participant.
          existing.waiting_time = core.clock.now() - Date.parse(existing.createdAt);
          (existing as { first_response_at?: string }).first_response_at = core.clock.iso();
          existing.updatedAt = core.clock.iso();
        }
        const request = populatedConversation(core, existing);
        if (isNoAnswer(request)) return request;
        const answer = beyondContract<CreateMessageResponse>({ ...structuredClone(message), request }, STORED_MESSAGE);
        core.webhooks.emit('message.create', projectId, answer);
        return ok(answer);
      }

      // A new conversation.
      if (!sent('text') && (!sent('type') || sent('type') == 'text')) return fail(422, { errors: ['text field is required'] });
      if (sender) {
        const byUser = isValidObjectId(sender);
        let key: string | null | undefined;
        try {
          key = byUser ? castObjectId(sender, 'id_user') : castString(sender, 'uuid_user');
        } catch {
          return unanswered('routes/message.js awaits a project_user query the sender cannot be cast for; the rejection is never caught');
        }
        const member = [...core.store.teammates.values()].find((t) => t.id_project === projectId && t.status === 'active' && (byUser ? t.id_user === key : t.uuid_user === key));
        if (!member) return failMsg(403, `Unauthorized. Project_user not found with user id  : ${jsString(sender)}`);
        projectUser = member;
        if (member.id_user) {
          const memberUser = core.store.users.get(member.id_user);
          if (memberUser) {
            fullname = `${nameText(memberUser.firstname)} ${nameText(memberUser.lastname)}`;
            email = memberUser.email;
          }
        } else if (member.uuid_user) {
          const lead = [...core.store.leads.values()].find((l) => l.lead_id === member.uuid_user && l.id_project === projectId);
          if (lead) {
            fullname = lead.fullname;
            email = lead.email;
          }
        }
      }
      const lead = leadFor(core, projectId, sender || user._id, fullname, email, sent('attributes') || user.attributes, user.phone);
      if (isNoAnswer(lead)) return lead;
      if (!projectUser) return unanswered('routes/message.js reads project_user._id of a caller that has no teammate (a subscription token) and the TypeError is never caught');
      const routed = operators(core, projectId, sent('departmentid') || 'default');
      if (!routed) return failMsg(500, 'Error creating request', { err: {} });
      const routing = await routeConversation(
        core,
        projectId,
        requestId,
        routed,
        routingContext(body, { project_user_id: projectUser._id, lead_id: lead._id, departmentid: sent('departmentid') || 'default', createdBy: user._id }),
      );
      // The writes after the routing's `await`: the conversation and its message, kept together or,
      // refused by the storage cap, neither (a transaction of their own: the request's ended at the `await`).
      const created = core.store.storage.atomically(() => {
        const conversation = createConversation(core, { requestId, projectId, requester: projectUser, lead, body, createdBy: user._id, routing });
        if (!conversation) return failMsg(500, 'Error creating request', { err: {} });
        const fields = messageFields(ctx, sender || user._id, fullname, projectId, user._id, status);
        const saved = saveMessage(core, projectId, fields, conversation);
        if (isNoAnswer(saved)) return saved;
        if ('error' in saved) return failMsg(500, 'Error creating request', { err: errJson(saved.error, fields) });
        const request = populatedConversation(core, conversation);
        if (isNoAnswer(request)) return request;
        return { conversation, saved, request };
      });
      if (!('conversation' in created)) return created;
      const { conversation, saved, request } = created;
      // The creation answer carries the snapshot as built, its `agents` still empty.
      const populated = { ...(request as Record<string, unknown>), snapshot: { ...((request as { snapshot?: object }).snapshot ?? {}), agents: [] } };
      const answer = beyondContract<CreateMessageResponse>({ ...structuredClone(saved.message), request: populated }, STORED_MESSAGE);
      core.webhooks.emit('request.create', projectId, request);
      core.webhooks.emit('message.create', projectId, answer);
      updateAssignedCounts(core, conversation);
      return ok(answer);
    },
  },
} satisfies HandlerGroup;
