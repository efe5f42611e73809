/**
 * The scenario format: one JSON object (a file) that says what the mock starts from (`seed`), which
 * answers replace the stateful ones (`responses`), how slow it is (`latency`) and what time it is
 * (`clock`). The TypeScript types come from the SDK's resource types; the validating schema
 * ({@link scenarioSchema}) is built from the SDK's zod schemas of the same resources, and
 * `mocks/scenario.schema.json` is generated from it (test/scenario-files.test.ts keeps it current).
 * The seed covers every stored resource: the project, users (with their teammates), groups,
 * segments, tags, leads, conversations with their messages, knowledge bases, their contents, the
 * project's labels and webhook subscriptions; `harToSeed` (./har-seed.ts) builds one from a recording.
 */
import type {
  Content,
  Conversation,
  Group,
  KnowledgeBase,
  LabelDocument,
  LabelEntry,
  Lead,
  Message,
  OperationId,
  ResponseOf,
  Segment,
  Subscription,
  Tag,
  Teammate,
  TeammateRole,
  User,
} from '@supportkb/sdk';
import {
  zContent,
  zConversation,
  zGroup,
  zGroupCreateRequest,
  zKnowledgeBase,
  zKnowledgeBaseCreateRequest,
  zLabelDocument,
  zLabelEntry,
  zLead,
  zLeadCreateRequest,
  zMessage,
  zSegment,
  zSignInRequest,
  zSubscription,
  zSubscriptionCreateRequest,
  zTag,
  zTeammate,
  zTeammateRole,
  zUser,
} from '@supportkb/sdk/zod';
import * as z from 'zod/mini';
import { operationIds } from '../manifest';
import type { RealtimeFaults } from '../realtime/types';

/** A document of the seed: any of the resource's fields (the mock fills in the rest as its factories do). */
export type SeedDocument<T> = { [K in keyof T]?: T[K] };

/** A project of the seed: the project every document belongs to unless it names another. */
export interface ScenarioProject {
  /** Default the built-in seed's project, `65f1a2b3c4d5e6f708090a0b`. */
  _id?: string;
  /** Default "Acme Support". */
  name?: string;
  /** The secret that signs the project's custom tokens; default the built-in seed's. */
  jwtSecret?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** A user (an account) of the seed, and with `role` a teammate of the project. */
export interface ScenarioUser extends SeedDocument<User> {
  /** The account's e-mail (required: sign-in and Basic credentials use it). */
  email: string;
  /** Default `Str0ng-example-passw0rd`, the built-in seed's. */
  password?: string;
  /** Makes the user a teammate of the project with this role. */
  role?: TeammateRole;
  /** Fields of the teammate document (project_user) `role` creates, e.g. its `_id`. */
  teammate?: SeedDocument<Teammate>;
}

/** A conversation (request) of the seed, with its messages. `status` 100 (the default) is unassigned. */
export interface ScenarioConversation extends SeedDocument<Omit<Conversation, 'lead' | 'requester' | 'department'>> {
  /** The conversation's id in every route (`/requests/{request_id}`). */
  request_id: string;
  /** The lead's `_id`. */
  lead?: string;
  /** The requester's teammate `_id`. */
  requester?: string;
  /** The department's `_id`; default the project's default department. */
  department?: string;
  /** Its messages, oldest first; `recipient` is the conversation, `sender` default its `createdBy`. */
  messages?: SeedDocument<Omit<Message, 'request'>>[];
}

/**
 * A knowledge base (namespace) of the seed. `id` (not `_id`) is its identifier, as in every route
 * (`/kb/namespace/{id}`); the project's default knowledge base has the project's id. Defaults as a
 * created one: the default preview settings, the mock's engine and embedding, `hybrid: false`, and
 * `default` true exactly when `id` is the project's id.
 */
export interface ScenarioKnowledgeBase extends SeedDocument<Omit<KnowledgeBase, 'count'>> {
  name: string;
}

/**
 * A content of a knowledge base. `namespace` is the knowledge base's `id` (default the project's
 * default knowledge base, created if the seed has none). `status` default -1: a content seeded with
 * -1, 100 or 200 is being indexed and moves on to 300 (or 400 for `behaviour.indexing.failingSources`)
 * on the mock clock from that stage, every `indexing.stepMs`, as a created one; any other status
 * (300 indexed, 400 failed, …) stays as given.
 */
export type ScenarioContent = SeedDocument<Content>;

/** One language of the project's labels: `lang` (e.g. `EN`), `data` (the labels), `default` (default `false`). */
export type ScenarioLabelEntry = SeedDocument<LabelEntry> & { lang: string };

/**
 * The project's label document: `data` holds one entry per language (a language at most once; at
 * most one `default: true`). With `mode: 'extend'` and the built-in project the entries are merged
 * into the built-in document by `lang` (an entry of the same language replaces it); a document
 * without any default entry makes its first entry the default, as `upsertLabels` does.
 */
export interface ScenarioLabels extends SeedDocument<Omit<LabelDocument, 'data'>> {
  data?: ScenarioLabelEntry[];
}

/**
 * A webhook subscription: `event` and `target` required (the pair at most once per project, the
 * service's unique index); `secret` default the service's run secret (`subscriptionSecret`, the
 * secret of the subscriptions created during a run), `createdBy` default the project's first
 * owner's user id (else the boot administrator's), `global` false. Seeded subscriptions get
 * deliveries as created ones do.
 */
export interface ScenarioSubscription extends SeedDocument<Subscription> {
  event: string;
  target: string;
}

/** `seed`: the documents the mock starts from. Ids given are kept; the others come from the mock's sequential ids. */
export interface ScenarioSeed {
  /**
   * `extend` (default): the built-in seed plus these documents (same id: this one wins; label
   * entries by language); `replace`: only the project, the server's boot administrator, the
   * project's default department and these.
   */
  mode?: 'replace' | 'extend';
  project?: ScenarioProject;
  users?: ScenarioUser[];
  groups?: SeedDocument<Group>[];
  segments?: SeedDocument<Segment>[];
  tags?: (SeedDocument<Tag> & { tag: string })[];
  leads?: SeedDocument<Lead>[];
  conversations?: ScenarioConversation[];
  /** Knowledge bases (namespaces), by `id`. */
  knowledgeBases?: ScenarioKnowledgeBase[];
  /** Contents of the knowledge bases, each naming its knowledge base in `namespace`. */
  contents?: ScenarioContent[];
  /** The project's label document (its languages in `data`). */
  labels?: ScenarioLabels;
  /** Webhook subscriptions. */
  subscriptions?: ScenarioSubscription[];
}

/** One ordered override of an operation. */
export interface ScenarioResponse<Op extends OperationId = OperationId> {
  /** Applies only to requests whose path parameters, query parameters and body fields include these (a subset match; query values as strings). */
  match?: { path?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown> };
  /** Default 200; 200-599 (what an HTTP answer with a body can be: no informational 1xx). */
  status?: number;
  /**
   * The JSON body; default `{message: "Rate limit exceeded"}` for a 429, `{err: "error"}` for a
   * 5xx, none otherwise. Typed as the operation's 200 body where the status is 200.
   */
  body?: ResponseOf<Op> | Record<string, unknown> | unknown[] | string | number | boolean | null;
  /**
   * Answer headers: names of RFC 9110 token characters, values without control characters (CR, LF,
   * NUL) or characters past U+00FF. The per-connection and length headers (`Connection`,
   * `Keep-Alive`, `Transfer-Encoding`, `TE`, `Trailer`, `Upgrade`, `Content-Length`,
   * `Content-Encoding`, `Proxy-Connection`) are not sent: the server sets them for the body it sends.
   */
  headers?: Record<string, string>;
  /** How many matching requests this entry answers, then the next entry (or the stateful mock) does; default every one. */
  times?: number;
  /** Milliseconds to wait before answering (or failing); at most 2147483647 (2^31 - 1, about 24.8 days, the longest timer). */
  delay?: number;
  /** The stateful mock answers (after `delay`): with `times`, lets the first requests through, e.g. before a failing one. */
  stateful?: boolean;
  /** A network fault instead of an answer: `reset` (the connection drops: `fetch` rejects), `hang` (no answer until the client aborts), `error` (500 `{err: "error"}`, the server's generic error). */
  fault?: 'reset' | 'hang' | 'error';
}

/** Milliseconds: a fixed delay or a uniform range; at most 2147483647 (2^31 - 1, the longest timer). */
export type LatencyValue = number | { min: number; max: number };

/** A scenario. */
export interface Scenario {
  /** The JSON Schema, for editors: `./node_modules/@supportkb/mocks/scenario.schema.json`. */
  $schema?: string;
  seed?: ScenarioSeed;
  responses?: { [Op in OperationId]?: ScenarioResponse<Op>[] };
  /** Delay before every answer: fixed, a range, or per operation (`default` for the rest). */
  latency?: LatencyValue | ({ default?: LatencyValue } & { [Op in OperationId]?: LatencyValue });
  /** The mock's clock: `start` (ISO time), `frozen` (default `false`: it runs from `start`). */
  clock?: { start: string; frozen?: boolean };
  /** Faults of the websocket: sockets dropped after some frames or time, frames late, changes published late, topics refused. */
  realtime?: RealtimeFaults;
}

/**
 * Types a scenario against the contract (the identity function): `defineScenario({ seed: { leads: [{ phone: null }] } })`.
 */
export function defineScenario<const S extends Scenario>(scenario: S): S {
  return scenario;
}

// ---- The validating schema, from the SDK's zod schemas -------------------------------------

/** The longest delay a timer can wait, in ms (2^31 - 1): `latency` and `delay` above it are refused. */
const MAX_DELAY_MS = 2_147_483_647;
/** A header name: RFC 9110 token characters. */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value: no control characters but tab, nothing past U+00FF (what `Headers` accepts and an HTTP/1.1 line can carry). */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

type AnyObject = z.ZodMiniObject;
/** The object schema behind one of the SDK's lazy schema exports. */
function objectOf(schema: unknown): AnyObject {
  const def = (schema as { _zod: { def: { type: string; getter?: () => unknown } } })._zod.def;
  return (def.type === 'lazy' ? def.getter!() : schema) as AnyObject;
}
/** Every field of `resource` optional, but `omit`; `extra` (stricter request fields, the format's own) over them; no other field. */
function documentSchema(resource: unknown, extra: Record<string, z.core.$ZodType> = {}, omit: string[] = []): z.ZodMiniObject {
  const shape: Record<string, z.core.$ZodType> = { ...z.partial(objectOf(resource)).shape };
  for (const key of omit) delete shape[key];
  return z.strictObject({ ...shape, ...extra });
}
/** Builds the format's zod schema and the names of its shared parts (once: see {@link scenarioSchema}). */
function build() {
  const emailOf = (request: unknown) => objectOf(request).shape.email!;
  const objectId = z.string().check(z.regex(/^[0-9a-fA-F]{24}$/));
  const ms = () => z.number().check(z.nonnegative(), z.lte(MAX_DELAY_MS, { message: `Too long: at most ${MAX_DELAY_MS} ms (2^31 - 1, the longest timer)` }));
  const latencyValue = z.union([ms(), z.strictObject({ min: ms(), max: ms() }).check(z.refine((v) => v.max >= v.min, { message: 'max must be at least min' }))]);
  const byOperation = <T extends z.core.SomeType>(value: T) => Object.fromEntries(operationIds.map((id) => [id, z.optional(value)]));

  const responseSchema = z.strictObject({
    match: z.optional(z.strictObject({ path: z.optional(z.record(z.string(), z.string())), query: z.optional(z.record(z.string(), z.string())), body: z.optional(z.record(z.string(), z.unknown())) })),
    status: z.optional(
      z
        .int()
        .check(z.gte(200, { message: 'Not a status the mock can answer: 200-599 (an informational 1xx has no final answer)' }), z.lte(599, { message: 'Not a status the mock can answer: 200-599' })),
    ),
    body: z.optional(z.unknown()),
    headers: z.optional(
      z.record(
        z.string().check(z.regex(HEADER_NAME, { message: 'Not a header name: RFC 9110 token characters only (no spaces, colons, CR or LF)' })),
        z.string().check(z.regex(HEADER_VALUE, { message: 'Not a header value: no CR, LF or other control characters, nothing past U+00FF' })),
      ),
    ),
    times: z.optional(z.int().check(z.gte(1))),
    delay: z.optional(ms()),
    stateful: z.optional(z.boolean()),
    fault: z.optional(z.enum(['reset', 'hang', 'error'])),
  });

  const schema = z.strictObject({
    $schema: z.optional(z.string()),
    seed: z.optional(
      z.strictObject({
        mode: z.optional(z.enum(['replace', 'extend'])),
        project: z.optional(
          z.strictObject({
            _id: z.optional(objectId),
            name: z.optional(z.string()),
            jwtSecret: z.optional(z.string().check(z.minLength(1))),
            createdAt: z.optional(z.iso.datetime()),
            updatedAt: z.optional(z.iso.datetime()),
          }),
        ),
        users: z.optional(
          z.array(
            documentSchema(zUser, {
              email: emailOf(zSignInRequest),
              password: z.optional(z.string().check(z.minLength(1))),
              role: z.optional(zTeammateRole),
              teammate: z.optional(documentSchema(zTeammate, {}, ['id_user', 'role'])),
            }),
          ),
        ),
        groups: z.optional(z.array(documentSchema(zGroup, { name: objectOf(zGroupCreateRequest).shape.name! }))),
        segments: z.optional(z.array(documentSchema(zSegment))),
        tags: z.optional(z.array(documentSchema(zTag, { tag: z.string().check(z.minLength(1)) }))),
        leads: z.optional(z.array(documentSchema(zLead, { email: z.optional(emailOf(zLeadCreateRequest)) }))),
        conversations: z.optional(
          z.array(
            documentSchema(zConversation, {
              request_id: z.string().check(z.minLength(1)),
              lead: z.optional(objectId),
              requester: z.optional(objectId),
              department: z.optional(objectId),
              messages: z.optional(z.array(documentSchema(zMessage, {}, ['request']))),
            }),
          ),
        ),
        knowledgeBases: z.optional(z.array(documentSchema(zKnowledgeBase, { name: objectOf(zKnowledgeBaseCreateRequest).shape.name! }, ['count']))),
        contents: z.optional(z.array(documentSchema(zContent))),
        labels: z.optional(documentSchema(zLabelDocument, { data: z.optional(z.array(documentSchema(zLabelEntry, { lang: objectOf(zLabelEntry).shape.lang! }))) })),
        subscriptions: z.optional(z.array(documentSchema(zSubscription, { event: z.string().check(z.minLength(1)), target: z.string().check(z.minLength(1)) }))),
      }),
    ),
    responses: z.optional(z.strictObject(byOperation(z.array(responseSchema)))),
    latency: z.optional(z.union([latencyValue, z.strictObject({ default: z.optional(latencyValue), ...byOperation(latencyValue) })])),
    clock: z.optional(z.strictObject({ start: z.iso.datetime(), frozen: z.optional(z.boolean()) })),
    realtime: z.optional(
      z.strictObject({
        drop: z.optional(
          z
            .strictObject({ afterFrames: z.optional(z.int().check(z.gte(1), z.lte(Number.MAX_SAFE_INTEGER))), afterMs: z.optional(ms().check(z.int())) })
            .check(z.refine((drop) => drop.afterFrames !== undefined || drop.afterMs !== undefined, { message: 'drop needs afterFrames or afterMs' })),
        ),
        delayMs: z.optional(ms().check(z.int())),
        eventDelayMs: z.optional(ms().check(z.int())),
        refuseSubscribe: z.optional(z.array(z.string().check(z.regex(/^\/[^/]+(\/[^/]+)*$/, { message: 'A topic: /segment/segment…, * for any one segment' })))),
      }),
    ),
  });

  const names = z.registry<{ id: string }>();
  names.add(objectId, { id: 'ObjectId' });
  names.add(latencyValue, { id: 'Latency' });
  names.add(responseSchema, { id: 'ScenarioResponse' });
  return { schema, names };
}

let built: ReturnType<typeof build> | undefined;

/**
 * The scenario format as a zod schema: documents checked against the contract's resource schemas.
 * Built on the first call (the SDK's schemas are lazy too), the same instance afterwards.
 */
export function scenarioSchema(): ReturnType<typeof build>['schema'] {
  return (built ??= build()).schema;
}

/** The JSON Schema of the format (what `mocks/scenario.schema.json` holds), generated from {@link scenarioSchema}. */
export function scenarioJsonSchema(): Record<string, unknown> {
  scenarioSchema();
  const schema = z.toJSONSchema(built!.schema, { unrepresentable: 'any', io: 'input', reused: 'ref', metadata: built!.names }) as Record<string, unknown>;
  return { ...schema, $id: 'https://github.com/supportkb/supportkb/blob/main/mocks/scenario.schema.json', title: 'A scenario of @supportkb/mocks' };
}
