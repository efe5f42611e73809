/**
 * The routing of a new conversation after the department's own choice: the `operator.select` webhook,
 * as the server asks it (`services/departmentService.js` `getOperators`, `event/departmentEvent.js`,
 * `pubmodules/routing-queue/listener.js`, `services/subscriptionNotifier.js`).
 *
 * For a department without a bot that has agents, the routing's result — `{available_agents, agents,
 * operators, department, id_project, project, context}`, plus `lastOperatorId`, `lastRequest` and
 * `lastOperatorIndex` when the round robin chose — is delivered to the project's subscriptions to
 * `operator.select`, and the conversation's creation waits for the first answer. An answer with
 * `operators` replaces the whole result: `services/requestService.js` `create` then reads `agents`,
 * `operators[0].id_user` and `department._id` from it, so an answer of `operators` alone fails the
 * creation (500). Any other answer, a network error or no subscription keeps the routing's result.
 *
 * Only a project whose plan allows it is asked (a free plan in its trial, or an active paid
 * subscription): the mock's projects have no plan, as a new project on the real server (free, with
 * trial mode off), so they are always asked.
 */
import type { OperatorSelection, StoredConversation as StoredConversationJson } from '@supportkb/sdk';
import type { Unanswered } from '../http/results';
import type { ServiceCore } from '../service/context';
import type { Department, StoredTeammate } from '../state/store';
import { departmentJson } from './departments';
import { teammateJson } from './team';

/** What `departmentService.getOperators` found for a department (`operators()` of ./messages.ts). */
export interface RoutedDepartment {
  department: Department;
  /** Every active agent-type teammate of the project. */
  agents: StoredTeammate[];
  /** The operator the department's routing picked, if any. */
  operator?: StoredTeammate;
  /** The department's bot (`bot_<id_bot>`), which routing picks before any agent unless `nobot`. */
  bot?: string;
  /** When the round robin picked it: the last assigned conversation (as read, unpopulated: `populatedConversation(…, false)` of ./messages.ts), its first participant and that one's index among the available agents. */
  roundRobin?: { last: StoredConversationJson | Unanswered; lastOperatorId: string; index: number };
}

/**
 * The routing's result as `services/requestService.js` `create` reads it: from the target's answer to
 * `operator.select`, or the routing's own. Each value is as received (an answer may hold anything).
 */
export interface Routing {
  agents: unknown;
  operators: unknown;
  department: unknown;
}

/** The project as the server's routing result carries it (`Project.findOne(...)`, `toJSON` with virtuals); never its secret. */
function projectJson(core: ServiceCore, projectId: string): OperatorSelection['project'] {
  const project = core.store.projects.get(projectId);
  if (!project) return { _id: projectId, name: '', profile: {}, id: projectId };
  const { jwtSecret: _secret, ...fields } = structuredClone(project);
  // A new project's plan (models/profile.js defaults) with trial mode off (`trialExpired: false`).
  return { ...fields, profile: { trialDays: 14, name: 'Sandbox', agents: 0, type: 'free' }, channels: [{ name: 'chat21' }], trialExpired: false, isActiveSubscription: false, id: project._id };
}

/**
 * Routes a new conversation: asks the subscriptions to `operator.select` (see the module) and returns
 * what the creation reads.
 * @param request the fields of the conversation being created (`context.request`), undefined ones left out.
 */
export async function routeConversation(core: ServiceCore, projectId: string, requestId: string, routed: RoutedDepartment, request: Record<string, unknown>): Promise<Routing> {
  const { department, agents, operator, roundRobin, bot } = routed;
  const available = agents.filter((t) => t.user_available === true);
  // The bot is `[{id_user: 'bot_<id>'}]`, the random pick `[{id_user}]`, the round robin's the whole teammate.
  const chosen = bot ? [{ id_user: bot }] : operator ? [roundRobin ? { ...teammateJson(operator), id_user: operator.id_user } : { id_user: operator.id_user }] : [];
  const own: Routing = { agents: agents.map(teammateJson), operators: chosen, department: departmentJson(department) };
  // A bot's department resolves with the bot before any webhook; a department with no agent resolves at once.
  if ((department.id_bot !== undefined && department.id_bot !== null) || !agents.length) return own;
  const group = department.id_group ? core.store.groups.get(department.id_group) : undefined;
  const last = roundRobin?.last;
  const selection: OperatorSelection = {
    available_agents: available.map(teammateJson),
    agents: agents.map(teammateJson),
    operators: chosen.map((o) => ({ ...o, id_user: String(o.id_user) })),
    department: departmentJson(department),
    ...(department.id_group ? { group: group ? [structuredClone(group)] : [] } : {}),
    id_project: projectId,
    project: projectJson(core, projectId),
    context: { request: { ...request, request_id: requestId, id_project: projectId } },
    ...(roundRobin ? { lastOperatorId: roundRobin.lastOperatorId, lastOperatorIndex: roundRobin.index } : {}),
    ...(last && !('reason' in last && 'status' in last) ? { lastRequest: last } : {}),
  };
  const answer = await core.webhooks.select(projectId, selection);
  return answer ? { agents: answer.agents, operators: answer.operators, department: answer.department } : own;
}
