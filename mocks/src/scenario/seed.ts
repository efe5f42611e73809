/**
 * A scenario's `seed` written to the store: on top of the built-in seed (`extend`) or instead of it
 * (`replace`: the project, the server's boot administrator, the project's default department and
 * the scenario's documents). Documents are built by the factories the handlers use, so what the
 * scenario leaves out gets the defaults a created document gets; the ids given are kept.
 */
import { newConversation, newGroup, newLead, newMessage, newProject, newSegment, newTag, newTeammate, newUser } from '../state/factories';
import { SEED, SEED_PASSWORD, seed, seedProject, type SeedTarget } from '../state/seed';
import { storageLimitOf } from '../state/storage';
import { conversationKey, type Department } from '../state/store';
import type { ScenarioSeed } from './format';

/** Fields given as `undefined` are left out, as the factories read them. */
const given = <T extends object>(doc: T): T => structuredClone(doc);

/**
 * Fills the (cleared) store from `spec`: the built-in seed first unless `mode` is `replace`.
 * What it stores is accounted against the storage cap, never refused (as the built-in seed).
 */
export function seedScenario(target: SeedTarget, spec: ScenarioSeed = {}): void {
  const { store } = target;
  store.storage.limit = storageLimitOf(target.behaviour?.storageLimit);
  store.storage.exempt(() => {
    if (spec.mode === 'replace') seedProject(target);
    else seed(target);
    const projectId = spec.project?._id ?? SEED.projectId;
    const existing = store.projects.get(projectId);
    if (spec.mode === 'replace' && projectId !== SEED.projectId) store.projects.delete(SEED.projectId);
    store.projects.set(
      projectId,
      existing && spec.mode !== 'replace'
        ? { ...existing, ...given(spec.project ?? {}) }
        : newProject(target, { name: SEED.projectName, jwtSecret: SEED.projectSecret, ...(existing ? { createdAt: existing.createdAt, updatedAt: existing.updatedAt } : {}), ...given(spec.project ?? {}), _id: projectId }),
    );
    // The project's default department (every project has one; conversations point at it).
    let departmentId = [...store.departments.values()].find((d) => d.id_project === projectId && d.default)?._id;
    if (!departmentId) {
      departmentId = projectId === SEED.projectId ? SEED.departmentId : target.ids.objectId();
      const department: Department = { _id: departmentId, name: 'Default', default: true, routing: 'assigned', id_project: projectId };
      store.departments.set(departmentId, department);
    }

    for (const { password, role, teammate, ...fields } of spec.users ?? []) {
      const user = newUser(target, given(fields));
      store.users.set(user._id, user);
      store.secrets.passwords.set(user._id, password ?? SEED_PASSWORD);
      if (role === undefined) continue;
      const member = newTeammate(target, { id_project: projectId, createdBy: user._id, ...given(teammate ?? {}), id_user: user._id, role });
      store.teammates.set(member._id, member);
    }
    for (const fields of spec.groups ?? []) {
      const group = newGroup(target, { id_project: projectId, trashed: false, ...given(fields) });
      store.groups.set(group._id, group);
    }
    for (const fields of spec.segments ?? []) {
      const segment = newSegment(target, { id_project: projectId, ...given(fields) });
      store.segments.set(segment._id, segment);
    }
    for (const fields of spec.tags ?? []) {
      const tag = newTag(target, { id_project: projectId, ...given(fields) });
      store.tags.set(tag._id, tag);
    }
    for (const fields of spec.leads ?? []) {
      const lead = newLead(target, { id_project: projectId, phone: null, ...given(fields), lead_id: fields.lead_id ?? target.ids.uuid() });
      store.leads.set(lead._id, lead);
    }
    for (const { messages = [], ...fields } of spec.conversations ?? []) {
      const lead = fields.lead ? store.leads.get(fields.lead) : undefined;
      const creator = fields.createdBy ?? lead?.lead_id ?? 'visitor';
      const conversation = newConversation(target, { id_project: projectId, department: departmentId, createdBy: creator, first_text: messages[0]?.text ?? undefined, ...given(fields) });
      const conversationProject = conversation.id_project ?? projectId;
      store.conversations.set(conversationKey(conversationProject, conversation.request_id), conversation);
      for (const message of messages) {
        const stored = newMessage(target, { id_project: conversationProject, recipient: conversation.request_id, sender: creator, createdBy: message.sender ?? creator, createdAt: conversation.createdAt, updatedAt: conversation.createdAt, ...given(message) });
        store.messages.set(stored._id, stored);
      }
    }
  });
}
