// The parity scenario: the same calls, in the same order, against two deployments (the real server
// and the stateful mock), so that their answers can be compared call by call (./compare.mjs). It is
// what a frontend engineer's tests do off the happy path: every operation with valid bodies, invalid
// ones (wrong types, missing fields, malformed JSON, arrays, empty bodies), unknown and malformed
// ids, wrong roles and no credentials, and odd paging and sorting parameters.
//
// A step is `{ id, op, as, path, query, body, raw, contentType, headers, save }`:
// - `op`: the operationId (method and path come from the contract);
// - `as`: whose credentials: `owner` (a sign-in JWT), `basic` (the owner's Basic credentials),
//   `agent` (an agent made by a custom token), `user` (a custom-token user, role user), `guest`
//   (anonymous), `none`, or a literal `Authorization` value;
// - `path`, `query`, `body`: values, or functions of the run's variables `v` (ids saved by earlier steps);
// - `raw`: a body sent as is (malformed JSON); `contentType` overrides `application/json`;
// - `save(v, body, status)`: records what later steps need;
// - `wait`: how long to wait for the answer (ms; default the runner's timeout).
// A page smaller than the list is sorted by `_id` (ObjectIds grow with creation on both deployments):
// documents created within the same millisecond tie on `createdAt`, and the two deployments order
// ties differently (so would two MongoDB servers).
// Names carry the run's prefix `v.run` so a run against a shared deployment is recognisable.
// The steps live in ./scenario/, one module per resource group (as mocks/src/resources/); this module
// puts them in order and sets how long to wait for each.
import { authSteps, credentialSteps } from './scenario/auth.mjs';
import { tagSteps } from './scenario/tags.mjs';
import { groupSteps } from './scenario/groups.mjs';
import { segmentSteps } from './scenario/segments.mjs';
import { leadSteps } from './scenario/leads.mjs';
import { teamSteps } from './scenario/teams.mjs';
import { labelSteps } from './scenario/labels.mjs';
import { kbSteps } from './scenario/kb.mjs';
import { analyticsSteps, analyticsAfterMessagesSteps } from './scenario/analytics.mjs';
import { messageSteps } from './scenario/messages.mjs';
import { subscriptionSteps } from './scenario/subscriptions.mjs';
import { departmentSteps } from './scenario/departments.mjs';
import { conversationSteps } from './scenario/conversations.mjs';

export { MALFORMED_ID, UNKNOWN_ID } from './scenario/steps.mjs';

/**
 * One call of the scenario (see the header).
 * @typedef {{ id: string, op: string, as: unknown, path?: Record<string, unknown>, query?: Record<string, unknown>, body?: unknown, raw?: string, contentType?: string, headers?: Record<string, unknown>, save?: (v: Record<string, unknown>, body: unknown, status: number) => void, wait?: number }} Step
 */

/**
 * The whole scenario, in order: sign-ins first (later steps use their tokens).
 * @returns {Step[]}
 */
export function parityScenario() {
  const steps = [
    ...authSteps(),
    ...credentialSteps(),
    ...tagSteps(),
    ...groupSteps(),
    ...segmentSteps(),
    ...leadSteps(),
    ...teamSteps(),
    ...labelSteps(),
    ...kbSteps(),
    ...analyticsSteps(),
    ...messageSteps(),
    ...subscriptionSteps(),
    ...departmentSteps(),
    ...conversationSteps(),
    ...analyticsAfterMessagesSteps(),
  ];
  return steps.map((step) => (NEVER_ANSWERED.has(step.id) ? { wait: SHORT_WAIT, ...step } : step.op === 'parseSitemap' ? { wait: SITEMAP_WAIT, ...step } : step));
}

/**
 * How long to wait (ms) for the calls the real server never answers: every other call of a
 * deployment on loopback answers in milliseconds, so a second is plenty to tell "no answer" (the
 * runner's default wait applies to everything else). The list only saves time: a call that
 * answers is recorded whatever the list says.
 */
const SHORT_WAIT = 1_000;
/** Sitemaps are fetched by the server, with a 15 s timeout of its own. */
const SITEMAP_WAIT = 20_000;
/** The calls the real server never answers (each step's own comment, or its route, says why). */
const NEVER_ANSWERED = new Set([
  'signInWithCustomToken.agent-no-email',
  'listTags.page-negative',
  'listGroups.member-operator',
  'listSegments.sort-dollar',
  'listSegments.sort-trailing-dot',
  'listSegments.page-negative',
  'createLead.fullname-object',
  'createLead.email-array',
  'createLead.lead_id-object',
  'createLead.attributes-dollar-key',
  'createLead.attributes-dotted-key',
  'listLeads.email-object',
  'listLeads.email-unknown-operator',
  'listLeads.full_text-array',
  'listLeads.sort-dollar',
  'listLeads.page-negative',
  'listLeads.direction-abc',
  'listLeads.status-abc',
  'listLeads.segment-malformed',
  'listLeads.by-segment-gte-bad-date',
  'listLeads.by-segment-contains-invalid',
  'listLeads.by-segment-contains-mixed-number',
  'listLeads.by-segment-starts-with',
  'listLeads.by-segment-operator-value',
  'listLeads.by-segment-bad-id',
  'listLeads.by-segment-unknown-operator-value',
  'createMessage.disabled-guest',
  'listContents.search-invalid',
  'listContents.search-bracket',
  'listContents.direction-2',
  'createContentsFromUrls.list-string',
  'createContentsFromUrls.list-number',
  'createMessage.text-number-new',
  'createMessage.text-number',
  'createMessage.text-object',
  'createMessage.participants-not-ids',
  'createMessage.subscription-token-new',
  'setConversationParticipants.object',
]);
