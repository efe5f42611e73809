/**
 * A scenario's `seed` written to the store: on top of the built-in seed (`extend`) or instead of it
 * (`replace`: the project, the server's boot administrator, the project's default department and
 * the scenario's documents). Documents are built by the factories the handlers use, so what the
 * scenario leaves out gets the defaults a created document gets; the ids given are kept.
 */
import type { Subscription } from '@supportkb/sdk';
import { newContent, newConversation, newGroup, newKnowledgeBase, newLabels, newLead, newMessage, newProject, newSegment, newTag, newTeammate, newUser, stamps } from '../state/factories';
import type { IdGenerator } from '../state/ids';
import { SEED, SEED_PASSWORD, seed, seedProject, type SeedTarget } from '../state/seed';
import { storageLimitOf } from '../state/storage';
import { conversationKey, type Department, type StoredLabelEntry } from '../state/store';
import type { ScenarioSeed } from './format';

/**
 * What seeding a scenario reads besides a {@link SeedTarget}: the service's indexing options (a
 * content seeded while being indexed continues on the clock) and the run's subscription secret.
 */
export interface ScenarioSeedTarget extends SeedTarget {
  readonly behaviour?: SeedTarget['behaviour'] & { readonly indexing?: { readonly stepMs?: number | undefined; readonly failingSources?: RegExp | undefined } | undefined };
  /** The secret of the subscriptions created during a run (default the built-in seed's). */
  readonly subscriptionSecret?: string;
}

/** The indexing stage a content status stands for (-1 queued, 100 and 200 in progress), or `undefined` for a settled one. */
const INDEXING_STAGES: Readonly<Record<number, number>> = { [-1]: 0, 100: 1, 200: 2 };

/** The user id of the project's first owner, else the server's boot administrator's (a document's default `createdBy`). */
function ownerOf(store: SeedTarget['store'], projectId: string): string {
  const owner = [...store.teammates.values()].find((t) => t.id_project === projectId && t.role === 'owner')?.id_user;
  return typeof owner === 'string' ? owner : SEED.bootAdmin.userId;
}

/** Fields given as `undefined` are left out, as the factories read them. */
const given = <T extends object>(doc: T): T => structuredClone(doc);

/**
 * Fills the (cleared) store from `spec`: the built-in seed first unless `mode` is `replace`.
 * What it stores is accounted against the storage cap, never refused (as the built-in seed).
 */
export function seedScenario(target: ScenarioSeedTarget, spec: ScenarioSeed = {}): void {
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
        : newProject(target, {
            name: SEED.projectName,
            jwtSecret: SEED.projectSecret,
            ...(existing ? { createdAt: existing.createdAt, updatedAt: existing.updatedAt } : {}),
            ...given(spec.project ?? {}),
            _id: projectId,
          }),
    );
    // The project's default department (every project has one; conversations point at it).
    let departmentId = [...store.departments.values()].find((d) => d.id_project === projectId && d.default)?._id;
    if (!departmentId) {
      departmentId = projectId === SEED.projectId ? SEED.departmentId : target.ids.objectId();
      const now = target.clock.iso();
      const department: Department = {
        routing: 'assigned',
        default: true,
        status: 1,
        _id: departmentId,
        name: 'Default Department',
        id_project: projectId,
        createdBy: SEED.members.owner.userId,
        groups: [],
        tags: [],
        createdAt: now,
        updatedAt: now,
        __v: 0,
      };
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
      const group = newGroup(target, { id_project: projectId, trashed: false, createdBy: ownerOf(store, projectId), ...given(fields) });
      store.groups.set(group._id, group);
    }
    for (const fields of spec.segments ?? []) {
      const segment = newSegment(target, { id_project: projectId, createdBy: ownerOf(store, projectId), ...given(fields) });
      store.segments.set(segment._id, segment);
    }
    for (const fields of spec.tags ?? []) {
      const tag = newTag(target, { id_project: projectId, createdBy: ownerOf(store, projectId), ...given(fields) });
      store.tags.set(tag._id, tag);
    }
    for (const fields of spec.leads ?? []) {
      const lead = newLead(target, { id_project: projectId, phone: null, createdBy: ownerOf(store, projectId), ...given(fields), lead_id: fields.lead_id ?? target.ids.uuid() });
      store.leads.set(lead._id, lead);
    }
    for (const { messages = [], ...fields } of spec.conversations ?? []) {
      const lead = fields.lead ? store.leads.get(fields.lead) : undefined;
      const creator = fields.createdBy ?? lead?.lead_id ?? 'visitor';
      const conversation = newConversation(target, { id_project: projectId, department: departmentId, createdBy: creator, first_text: messages[0]?.text ?? undefined, ...given(fields) });
      const conversationProject = conversation.id_project ?? projectId;
      store.conversations.set(conversationKey(conversationProject, conversation.request_id), conversation);
      for (const message of messages) {
        const stored = newMessage(target, {
          id_project: conversationProject,
          recipient: conversation.request_id,
          sender: creator,
          createdBy: message.sender ?? creator,
          createdAt: conversation.createdAt,
          updatedAt: conversation.createdAt,
          ...given(message),
        });
        store.messages.set(stored._id, stored);
      }
    }

    // Knowledge bases, then their contents (the default knowledge base, id = project id, created when a content needs it).
    for (const fields of spec.knowledgeBases ?? []) {
      const kb = newKnowledgeBase(target, { id_project: projectId, ...given(fields), default: fields.default ?? (fields.id ?? '') === projectId });
      store.knowledgeBases.set(kb.id, kb);
    }
    const step = target.behaviour?.indexing?.stepMs ?? 2000;
    const failing = target.behaviour?.indexing?.failingSources ?? /fail/i;
    for (const fields of spec.contents ?? []) {
      const namespace = fields.namespace ?? projectId;
      if (namespace === projectId && !store.knowledgeBases.has(projectId))
        store.knowledgeBases.set(projectId, newKnowledgeBase(target, { id: projectId, name: 'Default', id_project: projectId, default: true }));
      const content = newContent(target, { id_project: projectId, ...given(fields), name: fields.name ?? null, namespace });
      store.contents.set(content._id, content);
      // Queued or being indexed: the indexing job goes on from that stage, as for a created content.
      const stage = INDEXING_STAGES[content.status];
      if (stage === undefined) store.secrets.indexing.delete(content._id);
      else {
        failing.lastIndex = 0;
        store.secrets.indexing.set(content._id, { startedAt: target.clock.now() - stage * step, fails: failing.test(String(content.source ?? '')) });
      }
    }

    // The project's label document: entries merged by language into the existing one (extend), else a new one.
    if (spec.labels) {
      const { data: entries = [], ...fields } = given(spec.labels);
      const labelsProject = fields.id_project ?? projectId;
      const existing = store.labels.get(labelsProject);
      const labels = existing
        ? { ...structuredClone(existing), ...fields, id_project: labelsProject }
        : newLabels(target, { createdBy: ownerOf(store, labelsProject), ...fields, id_project: labelsProject, data: [] });
      for (const { default: isDefault, _id, lang, data, ...rest } of entries) {
        const entry: StoredLabelEntry = { default: isDefault ?? false, _id: _id ?? target.ids.objectId(), lang, ...(data !== undefined ? { data } : {}), ...rest };
        if (entry.default) for (const other of labels.data) other.default = false;
        const at = labels.data.findIndex((other) => other.lang === lang);
        if (at >= 0) labels.data[at] = entry;
        else labels.data.push(entry);
      }
      if (labels.data.length && !labels.data.some((entry) => entry.default)) labels.data[0]!.default = true;
      store.labels.set(labelsProject, labels);
    }

    // Webhook subscriptions (the secret: the run's, as for created ones).
    for (const fields of spec.subscriptions ?? []) {
      const subscription: Subscription = {
        _id: fields._id ?? target.ids.objectId(),
        secret: target.subscriptionSecret ?? SEED.subscriptionSecret,
        id_project: projectId,
        createdBy: ownerOf(store, fields.id_project ?? projectId),
        global: false,
        ...stamps(target.clock),
        ...given(fields),
      };
      store.subscriptions.set(subscription._id, subscription);
    }
  });
  avoidSeededIds(target);
}

/**
 * Makes the ids the mock generates from now on skip every id the store holds: a seed taken from a
 * recording of a mock holds that mock's sequential ids, which a fresh mock would generate again
 * (a new tag would overwrite a seeded one). Replaces `target.ids` (the service's generator, made
 * anew at every reset) with one that draws again past a taken id.
 */
function avoidSeededIds(target: ScenarioSeedTarget): void {
  const { store } = target;
  const taken = new Set<string>();
  const add = (value: unknown) => typeof value === 'string' && taken.add(value);
  for (const documents of [
    store.users,
    store.teammates,
    store.knowledgeBases,
    store.contents,
    store.groups,
    store.segments,
    store.tags,
    store.leads,
    store.subscriptions,
    store.conversations,
    store.messages,
    store.departments,
    store.projects,
  ]) {
    for (const doc of documents.values() as Iterable<Record<string, unknown>>) [doc._id, doc.id, doc.lead_id, doc.uuid_user].forEach(add);
  }
  for (const labels of store.labels.values()) [labels._id, ...labels.data.map((entry) => entry._id)].forEach(add);
  const generator = target.ids;
  const fresh = (draw: () => string) => () => {
    let id = draw();
    while (taken.has(id)) id = draw();
    return id;
  };
  (target as { ids: IdGenerator }).ids = { objectId: fresh(() => generator.objectId()), uuid: fresh(() => generator.uuid()) };
}
