/**
 * The seeded dataset: the project "Acme Support" of the contract's examples (openapi/README.md
 * "Example data"), with its owner, admin, agent and anonymous guest, the default knowledge base and
 * "Product manuals", contents in several statuses, groups, segments, tags, labels, leads, a
 * department, and conversations with messages spread over the weeks before the seed's "now"
 * (2026-11-20T10:00:00Z) so that analytics have data. Every document comes from the factories the
 * handlers use.
 */
import {
  DEFAULT_SCRAPE_OPTIONS,
  newContent,
  newConversation,
  newGroup,
  newKnowledgeBase,
  newLabels,
  newLead,
  newMessage,
  newProject,
  newSegment,
  newTag,
  newTeammate,
  newUser,
  type FactoryEnv,
} from './factories';
import { storageLimitOf } from './storage';
import { conversationKey, type Store } from './store';

/** Password of every seeded user (the contract's `SignInRequest` example). */
export const SEED_PASSWORD = 'Str0ng-example-passw0rd';

/** A seeded teammate with credentials. */
export interface SeededMember {
  role: 'owner' | 'admin' | 'agent';
  email: string;
  password: string;
  /** User id (`id_user`). */
  userId: string;
  /** Teammate (project_user) id. */
  teammateId: string;
  firstname: string;
  lastname: string;
}

/** Ids and credentials of the seeded dataset. */
export const SEED = {
  projectId: '65f1a2b3c4d5e6f708090a0b',
  projectName: 'Acme Support',
  /** The project's `jwtSecret`, which signs custom tokens (`signInWithCustomToken`). */
  projectSecret: 'supportkb-example-project-secret',
  /** Secret of the service's own tokens. */
  serverSecret: 'supportkb-example-server-secret',
  /** The secret of the subscriptions created during a run (the contract's example value). */
  subscriptionSecret: 'b7f3c2a1-5d4e-4f6a-9b8c-7d6e5f4a3b2c',
  members: {
    owner: {
      role: 'owner',
      email: 'owner@acme-support.test',
      password: SEED_PASSWORD,
      userId: '65f1a2b3c4d5e6f708090b01',
      teammateId: '65f1a2b3c4d5e6f708090c01',
      firstname: 'Olivia',
      lastname: 'Owner',
    },
    admin: {
      role: 'admin',
      email: 'admin@acme-support.test',
      password: SEED_PASSWORD,
      userId: '65f1a2b3c4d5e6f708090b02',
      teammateId: '65f1a2b3c4d5e6f708090c02',
      firstname: 'Adam',
      lastname: 'Admin',
    },
    agent: {
      role: 'agent',
      email: 'agent@acme-support.test',
      password: SEED_PASSWORD,
      userId: '65f1a2b3c4d5e6f708090b03',
      teammateId: '65f1a2b3c4d5e6f708090c03',
      firstname: 'Maria',
      lastname: 'Rossi',
    },
  } satisfies Record<string, SeededMember>,
  /** The anonymous guest teammate (its credential is a guest token, see `service.authorization('guest')`). */
  guest: { uuid: '3f6c2a1e-8b7d-4c5e-9f0a-1b2c3d4e5f60', firstname: 'guest#5f60', teammateId: '65f1a2b3c4d5e6f708090c04' },
  /**
   * A former agent whose user account was deleted: the teammate document stays, and reads populate
   * its `id_user` as `null`, as on the real service.
   */
  formerAgent: { teammateId: '65f1a2b3c4d5e6f708090c06', deletedUserId: '65f1a2b3c4d5e6f708090b06' },
  /** A registered user who is not a member yet (invite him with `inviteTeammate`). */
  invitee: { email: 'luca.verdi@acme-support.test', password: SEED_PASSWORD, userId: '65f1a2b3c4d5e6f708090b04' },
  /**
   * The administrator every server creates when it starts (`services/bootDataLoader.js`:
   * `ADMIN_EMAIL`/`ADMIN_PASSWORD`, by default `admin@tiledesk.com` / `adminadmin`): a user of no
   * project here, whose e-mail passes the service's role checks (see `auth/authorize.ts`).
   */
  bootAdmin: { email: 'admin@tiledesk.com', password: 'adminadmin', userId: '65f1a2b3c4d5e6f708090b00' },
  defaultKnowledgeBaseId: '65f1a2b3c4d5e6f708090a0b',
  secondKnowledgeBaseId: '65f1a2b3c4d5e6f708090d02',
  contents: { url: '65f1a2b3c4d5e6f708090e01', faq: '65f1a2b3c4d5e6f708090e02', text: '65f1a2b3c4d5e6f708090e03', pdf: '65f1a2b3c4d5e6f708090e04' },
  groups: { tier1: '65f1a2b3c4d5e6f708090f01', billing: '65f1a2b3c4d5e6f708090f02' },
  segments: { italy: '65f1a2b3c4d5e6f708091001', vip: '65f1a2b3c4d5e6f708091002' },
  tags: { vip: '65f1a2b3c4d5e6f708091101', billing: '65f1a2b3c4d5e6f708091102' },
  labelsId: '65f1a2b3c4d5e6f708091201',
  leads: { giulia: '65f1a2b3c4d5e6f708091301', marco: '65f1a2b3c4d5e6f708091302', guest: '65f1a2b3c4d5e6f708091303' },
  conversation: { requestId: 'support-group-7d3e5f9a-2b4c-4d6e-8f0a-1b2c3d4e5f6a', id: '65f1a2b3c4d5e6f708091601' },
  messageId: '65f1a2b3c4d5e6f708091501',
  departmentId: '65f1a2b3c4d5e6f708091701',
  /** Number of generated historical conversations (besides the example one). */
  historicalConversations: 48,
} as const;

const P = SEED.projectId;
const at = (iso: string) => ({ createdAt: iso, updatedAt: iso, __v: 0 });

/** What seeding writes to and reads: the store, the clock, the ids, and the storage limit. */
export interface SeedTarget extends FactoryEnv {
  readonly store: Store;
  /** The service's behaviour options: `storageLimit` becomes the store's storage limit (default 64 MiB). */
  readonly behaviour?: { readonly storageLimit?: number | undefined };
}

/**
 * Sets the store's storage limit from the service's options (validated at every load, so a bad
 * value fails `createMockService`), then runs `write`: what the seed stores is accounted, never refused.
 * @throws {RangeError} when `behaviour.storageLimit` is not a positive integer.
 */
function seeding(target: SeedTarget, write: () => void): void {
  target.store.storage.limit = storageLimitOf(target.behaviour?.storageLimit);
  target.store.storage.exempt(write);
}

/** The user the server creates at boot (`SEED.bootAdmin`), created `iso` (default now). */
function seedBootAdmin({ store, clock, ids }: SeedTarget, iso?: string): void {
  const { userId, email, password } = SEED.bootAdmin;
  store.users.set(userId, newUser({ clock, ids }, { _id: userId, email, firstname: 'Administrator', lastname: ' ', emailverified: true, ...(iso ? at(iso) : {}) }));
  store.secrets.passwords.set(userId, password);
}

/** Stores the seeded project alone (the dataset of `seed: false`), created now, and the boot administrator. */
export function seedProject(target: SeedTarget): void {
  const { store, clock, ids } = target;
  seeding(target, () => {
    store.projects.set(P, newProject({ clock, ids }, { _id: P, name: SEED.projectName, jwtSecret: SEED.projectSecret }));
    seedBootAdmin({ store, clock, ids });
  });
}

/** Fills the store with the seeded dataset. */
export function seed(target: SeedTarget): void {
  seeding(target, () => seedDataset(target));
}

/** The documents of the seeded dataset (see {@link seed}). */
function seedDataset(target: SeedTarget): void {
  const { store } = target;
  store.projects.set(P, newProject(target, { _id: P, name: SEED.projectName, jwtSecret: SEED.projectSecret, ...at('2026-11-01T08:00:00.000Z') }));

  // Users and teammates.
  seedBootAdmin(target, '2026-11-01T07:59:00.000Z');
  const userDates: Record<string, string> = { owner: '2026-11-01T08:00:00.000Z', admin: '2026-11-02T09:00:00.000Z', agent: '2026-11-03T10:00:00.000Z' };
  const memberDates: Record<string, string> = { owner: '2026-11-01T08:05:00.000Z', admin: '2026-11-02T09:10:00.000Z', agent: '2026-11-03T10:10:00.000Z' };
  for (const member of Object.values(SEED.members)) {
    store.users.set(member.userId, newUser(target, { _id: member.userId, email: member.email, firstname: member.firstname, lastname: member.lastname, ...at(userDates[member.role]!) }));
    store.secrets.passwords.set(member.userId, member.password);
    store.teammates.set(
      member.teammateId,
      newTeammate(target, {
        _id: member.teammateId,
        id_project: P,
        id_user: member.userId,
        role: member.role,
        number_assigned_requests: member.role === 'agent' ? 2 : 0,
        presence: { status: 'online', changedAt: '2026-11-20T08:55:00.000Z' },
        last_login_at: '2026-11-20T08:55:00.000Z',
        createdBy: member.role === 'agent' ? SEED.members.admin.userId : SEED.members.owner.userId,
        createdAt: memberDates[member.role]!,
        updatedAt: '2026-11-20T08:55:00.000Z',
        ...(member.role === 'agent' ? { max_assigned_chat: 4, profileStatus: 'available', attributes: { languages: ['it', 'en'] } } : {}),
      }),
    );
  }
  store.users.set(SEED.invitee.userId, newUser(target, { _id: SEED.invitee.userId, email: SEED.invitee.email, firstname: 'Luca', lastname: 'Verdi', ...at('2026-11-18T12:00:00.000Z') }));
  store.secrets.passwords.set(SEED.invitee.userId, SEED.invitee.password);
  const guest = newTeammate(target, {
    _id: SEED.guest.teammateId,
    id_project: P,
    uuid_user: SEED.guest.uuid,
    role: 'guest',
    last_login_at: '2026-11-20T09:00:00.000Z',
    createdBy: SEED.guest.uuid,
    ...at('2026-11-20T09:00:00.000Z'),
  });
  store.teammates.set(guest._id, guest);
  const formerAgent = newTeammate(target, {
    _id: SEED.formerAgent.teammateId,
    id_project: P,
    id_user: SEED.formerAgent.deletedUserId, // no such user any more: reads send null
    role: 'agent',
    user_available: false,
    presence: { status: 'offline', changedAt: '2026-11-05T17:30:00.000Z' },
    createdBy: SEED.members.admin.userId,
    last_login_at: '2026-11-04T09:00:00.000Z', // the model's default: when the server started
    ...at('2026-11-04T09:00:00.000Z'),
  });
  store.teammates.set(formerAgent._id, formerAgent);

  // Knowledge bases and contents.
  const kb = (id: string, name: string, isDefault: boolean, iso: string) => newKnowledgeBase(target, { id, name, id_project: P, default: isDefault, createdAt: iso, updatedAt: iso });
  store.knowledgeBases.set(P, kb(P, 'Default', true, '2026-11-10T08:00:00.000Z'));
  store.knowledgeBases.set(SEED.secondKnowledgeBaseId, kb(SEED.secondKnowledgeBaseId, 'Product manuals', false, '2026-11-20T09:15:00.000Z'));
  const contents = [
    newContent(target, {
      _id: SEED.contents.url,
      name: 'https://www.acme-support.test/help/shipping',
      id_project: P,
      type: 'url',
      source: 'https://www.acme-support.test/help/shipping',
      content: null,
      namespace: P,
      status: 300,
      scrape_type: 2,
      scrape_options: structuredClone(DEFAULT_SCRAPE_OPTIONS),
      refresh_rate: 'never',
      tags: ['shipping'],
      last_refresh: '2026-11-12T10:00:02.000Z', // the scheduler's status update (services/aiManager.js:511)
      createdAt: '2026-11-12T10:00:00.000Z',
      updatedAt: '2026-11-12T10:03:41.000Z',
    }),
    newContent(target, {
      _id: SEED.contents.faq,
      name: 'How do I reset my password?',
      id_project: P,
      type: 'faq',
      source: 'How do I reset my password?',
      content: 'How do I reset my password?\nOpen Settings > Security and choose "Reset password"; we email you a link valid for 24 hours.',
      namespace: P,
      status: 300,
      tags: ['account'],
      last_refresh: '2026-11-14T15:20:02.000Z',
      createdAt: '2026-11-14T15:20:00.000Z',
      updatedAt: '2026-11-14T15:20:52.000Z',
    }),
    newContent(target, {
      _id: SEED.contents.text,
      name: 'Refund policy',
      id_project: P,
      type: 'text',
      source: 'Refund policy',
      content: 'Orders can be refunded within 30 days of delivery. Refunds go back to the original payment method within 5 business days.',
      namespace: P,
      status: -1,
      ...at('2026-11-20T09:15:00.000Z'),
    }),
    newContent(target, {
      _id: SEED.contents.pdf,
      name: 'Warranty conditions',
      id_project: P,
      type: 'pdf',
      source: 'https://files.acme-support.test/manuals/warranty.pdf',
      content: null,
      namespace: P,
      status: 400,
      last_error: { timestamp: Date.parse('2026-11-16T11:02:10.000Z'), message: 'Unable to download the file (HTTP 404)' }, // epoch ms, as the indexer writes it
      last_refresh: '2026-11-16T11:02:10.000Z',
      createdAt: '2026-11-16T11:00:00.000Z',
      updatedAt: '2026-11-16T11:02:10.000Z',
    }),
  ];
  for (const content of contents) store.contents.set(content._id, content);

  // Groups, segments, tags.
  const admin = SEED.members.admin.userId;
  store.groups.set(
    SEED.groups.tier1,
    newGroup(target, { _id: SEED.groups.tier1, name: 'Tier 1', members: [SEED.members.agent.userId, admin], trashed: false, id_project: P, createdBy: admin, ...at('2026-11-05T09:00:00.000Z') }),
  );
  store.groups.set(
    SEED.groups.billing,
    newGroup(target, { _id: SEED.groups.billing, name: 'Billing', members: [admin], trashed: false, id_project: P, createdBy: admin, ...at('2026-11-06T11:00:00.000Z') }),
  );
  store.segments.set(
    SEED.segments.italy,
    newSegment(target, {
      _id: SEED.segments.italy,
      name: 'Customers from Italy',
      filters: [{ field: 'country', operator: '=', value: 'Italy' }],
      id_project: P,
      createdBy: admin,
      ...at('2026-11-05T14:00:00.000Z'),
    }),
  );
  store.segments.set(
    SEED.segments.vip,
    newSegment(target, {
      _id: SEED.segments.vip,
      name: 'VIP leads with email',
      filters: [
        { field: 'tags', operator: '=', value: 'vip' },
        { field: 'email', operator: 'is not null', value: true },
      ],
      id_project: P,
      createdBy: SEED.members.agent.userId,
      ...at('2026-11-20T09:15:00.000Z'),
    }),
  );
  store.tags.set(SEED.tags.vip, newTag(target, { _id: SEED.tags.vip, tag: 'vip', color: '#e53935', id_project: P, createdBy: SEED.members.owner.userId, ...at('2026-11-10T08:00:00.000Z') }));
  store.tags.set(SEED.tags.billing, newTag(target, { _id: SEED.tags.billing, tag: 'billing', color: '#1e88e5', id_project: P, createdBy: admin, ...at('2026-11-12T10:30:00.000Z') }));

  // Labels: English (default) and Italian.
  store.labels.set(
    P,
    newLabels(target, {
      _id: SEED.labelsId,
      id_project: P,
      createdBy: admin,
      data: [
        {
          default: true,
          _id: '65f1a2b3c4d5e6f708091211',
          lang: 'EN',
          data: {
            LABEL_PLACEHOLDER: 'type your message..',
            WELCOME_TITLE: 'Hi, welcome to Acme Support 👋',
            WELCOME_MSG: 'How can we help?',
            ARRAY_DAYS: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
          },
        },
        {
          default: false,
          _id: '65f1a2b3c4d5e6f708091212',
          lang: 'IT',
          data: { LABEL_PLACEHOLDER: 'Scrivi la tua domanda...', WELCOME_TITLE: 'Ciao, benvenuto su Acme Support 👋', WELCOME_MSG: 'Come possiamo aiutarti?' },
        },
      ],
      createdAt: '2026-11-05T10:00:00.000Z',
      updatedAt: '2026-11-20T09:15:00.000Z',
      __v: 1,
    }),
  );

  // Leads.
  const agent = SEED.members.agent.userId;
  store.leads.set(
    SEED.leads.giulia,
    newLead(target, {
      _id: SEED.leads.giulia,
      lead_id: '9b2d4f6a-1c3e-4a5b-8d7f-0e1a2b3c4d5e',
      fullname: 'Giulia Bianchi',
      email: 'giulia.bianchi@example.org',
      phone: '+393471234567',
      city: 'Milano',
      country: 'Italy',
      tags: ['vip'],
      attributes: { plan: 'premium' },
      id_project: P,
      createdBy: agent,
      createdAt: '2026-11-15T16:40:00.000Z',
      updatedAt: '2026-11-16T10:05:00.000Z',
    }),
  );
  store.leads.set(
    SEED.leads.marco,
    newLead(target, {
      _id: SEED.leads.marco,
      lead_id: '4e8a1c2b-7d3f-4b6a-9c5e-2f1d0a9b8c7d',
      fullname: 'Marco Esposito',
      email: 'marco.esposito@example.net',
      phone: null, // created without a phone: the lead service stores null
      attributes: { source: 'trade fair' },
      id_project: P,
      createdBy: agent,
      ...at('2026-11-20T09:15:00.000Z'),
    }),
  );
  store.leads.set(
    SEED.leads.guest,
    newLead(target, {
      _id: SEED.leads.guest,
      lead_id: SEED.guest.uuid,
      fullname: SEED.guest.firstname,
      // The conversation's lead: the guest gave no email (the lead service leaves `email` out, so
      // listLeads?with_email=true skips it) and no phone (stored as null).
      phone: null,
      attributes: { sourcePage: 'https://www.acme-support.test/help/billing' },
      id_project: P,
      createdBy: SEED.guest.uuid,
      ...at('2026-11-20T09:30:00.000Z'),
    }),
  );

  // The default department and the example conversation with the guest's first message.
  store.departments.set(SEED.departmentId, {
    routing: 'assigned',
    default: true,
    status: 1,
    _id: SEED.departmentId,
    name: 'Default Department',
    id_project: P,
    createdBy: SEED.members.owner.userId,
    groups: [],
    tags: [],
    ...at('2026-11-01T08:00:00.000Z'),
  });
  const userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const sourcePage = 'https://www.acme-support.test/help/billing';
  const firstText = 'Hello, I was charged twice for my November invoice.';
  store.conversations.set(
    conversationKey(P, SEED.conversation.requestId),
    newConversation(target, {
      _id: SEED.conversation.id,
      request_id: SEED.conversation.requestId,
      first_text: firstText,
      sourcePage,
      userAgent,
      language: 'en',
      requester: SEED.guest.teammateId,
      lead: SEED.leads.guest,
      department: SEED.departmentId,
      attributes: { sourcePage },
      id_project: P,
      // requestService.create stores the creator: the guest whose first message opened it.
      createdBy: SEED.guest.uuid,
      ...at('2026-11-20T09:30:00.000Z'),
    }),
  );
  store.messages.set(
    SEED.messageId,
    newMessage(target, {
      _id: SEED.messageId,
      sender: SEED.guest.uuid,
      senderFullname: SEED.guest.firstname,
      recipient: SEED.conversation.requestId,
      text: firstText,
      id_project: P,
      createdBy: SEED.guest.uuid,
      attributes: { client: userAgent, sourcePage, userFullname: SEED.guest.firstname },
      language: 'en',
      ...at('2026-11-20T09:30:00.000Z'),
    }),
  );

  seedHistory(target);
}

/**
 * Historical conversations, deterministic: spread over the 56 days before the seed's "now", in
 * office hours, some closed and rated, some with a bot, each with two to four messages.
 */
function seedHistory(target: SeedTarget): void {
  const { store } = target;
  const now = Date.parse('2026-11-20T10:00:00.000Z');
  const channels = ['chat21', 'chat21', 'chat21', 'email', 'whatsapp'];
  for (let i = 0; i < SEED.historicalConversations; i++) {
    const daysAgo = (i * 37) % 56;
    const created = new Date(now - daysAgo * 86_400_000);
    created.setUTCHours(7 + ((i * 5) % 11), (i * 13) % 60, 0, 0);
    if (created.getTime() >= now) created.setUTCDate(created.getUTCDate() - 1);
    const createdIso = created.toISOString();
    const n = String(i + 1).padStart(4, '0');
    const requestId = `support-group-${P}-history${n}`;
    const closed = i % 3 === 0;
    const hasBot = i % 4 === 0;
    const participants = i % 2 === 0 ? [SEED.members.agent.userId] : hasBot ? ['bot_65f1a2b3c4d5e6f708091901'] : [];
    const waiting = 15_000 + ((i * 7919) % 150_000);
    const channel = channels[i % channels.length]!;
    const closedAt = closed ? new Date(created.getTime() + (10 + ((i * 11) % 50)) * 60_000).toISOString() : undefined;
    const conversation = newConversation(target, {
      _id: `65f1a2b3c4d5e6f70809${(0x2000 + i).toString(16)}`,
      request_id: requestId,
      first_text: `Question #${i + 1} about my order`,
      status: closed ? 1000 : participants.length ? 200 : 100,
      department: SEED.departmentId,
      participants,
      hasBot,
      waiting_time: waiting,
      channel: { name: channel },
      id_project: P,
      createdBy: `visitor-${n}`,
      ...at(createdIso),
      ...(closedAt ? { closed_at: closedAt, rating: 3 + (i % 3), updatedAt: closedAt } : {}),
    });
    store.conversations.set(conversationKey(P, requestId), conversation);
    const count = 2 + (i % 3);
    for (let m = 0; m < count; m++) {
      const messageId = `65f1a2b3c4d5e6f7080${(0x30000 + i * 8 + m).toString(16)}`;
      const fromVisitor = m % 2 === 0;
      const iso = new Date(created.getTime() + m * 45_000 + (m ? waiting : 0)).toISOString();
      const sender = fromVisitor ? `visitor-${n}` : SEED.members.agent.userId;
      store.messages.set(
        messageId,
        newMessage(target, {
          _id: messageId,
          status: 200,
          sender,
          senderFullname: fromVisitor ? `Visitor ${i + 1}` : 'Maria Rossi',
          recipient: requestId,
          text: fromVisitor ? (m === 0 ? conversation.first_text : 'Thanks, one more thing.') : 'Happy to help!',
          id_project: P,
          createdBy: sender,
          channel: { name: channel },
          ...at(iso),
        }),
      );
    }
  }
}
