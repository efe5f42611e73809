/**
 * What every operation handler receives, and the shape of the per-group operation tables.
 */
import type { Authenticator, Caller } from './auth';
import type { Result } from './http';
import type { OperationId, OperationMeta } from './generated/operations';
import type { Clock, Doc, IdGenerator, Store } from './store';
import type { WebhookDispatcher } from './webhooks';

/** Tunables of the service's behaviour. */
export interface BehaviourOptions {
  /**
   * Content indexing: each content created or re-sent starts at status -1 and moves to 100, 200
   * and 300 after `stepMs`, `2 * stepMs` and `3 * stepMs` of the mock's clock (ms; default 2000).
   * A content whose `source` matches `failingSources` ends at 400 with `last_error` instead.
   */
  indexing?: { stepMs?: number; failingSources?: RegExp };
  /** Plan limit on knowledge bases per project (403 beyond it); default 50. */
  maxKnowledgeBases?: number;
  /** Page URLs returned by `parseSitemap` per sitemap URL (nothing is fetched). */
  sitemaps?: Record<string, string[]>;
}

/** Shared parts of a running service, given to every handler. */
export interface ServiceCore {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  auth: Authenticator;
  webhooks: WebhookDispatcher;
  behaviour: Required<Pick<BehaviourOptions, 'maxKnowledgeBases'>> & BehaviourOptions;
  /** Secret that signs the service's own tokens. */
  serverSecret: string;
  /** The secret every subscription of this run gets (the server's quirk, reference sheet §11). */
  subscriptionSecret: string;
  /** Largest request body accepted, in bytes (413 beyond it). */
  bodyLimit: number;
}

/** Per-request context of a handler. */
export interface OpContext {
  core: ServiceCore;
  meta: OperationMeta;
  request: Request;
  /** Path parameters (validated). */
  params: Record<string, string>;
  /** Query parameters, validated, with the contract's defaults applied. */
  query: Record<string, any>;
  /** Query parameters as sent. */
  rawQuery: URLSearchParams;
  /** The JSON body as sent (validated against the operation's body schema); `{}` when none. */
  body: any;
  /** The authenticated caller (operations that require credentials). */
  caller?: Caller;
  /** The caller's active teammate in the project (role-checked operations, not subscription tokens). */
  teammate?: Doc;
  /** `project_id` of the path, or `''`. */
  projectId: string;
  /** Status for bad input: 422 when the operation declares it, else 400. */
  badInputStatus: 400 | 422;
}

/** One operation's implementation. */
export interface OperationSpec {
  /**
   * Checks the service makes before schema validation, with their own bodies (e.g. a missing
   * `namespace` → 400). Return a result to answer it, or undefined to go on.
   */
  pre?: (ctx: OpContext) => Result | undefined;
  /** Custom authentication (`signInWithCustomToken` verifies its own header). */
  customAuth?: boolean;
  /** The handler proper. */
  handle: (ctx: OpContext) => Result | Promise<Result>;
}

/** A group's operations. */
export type OperationTable = { [K in OperationId]?: OperationSpec };

/** Creates the document fields every stored object has. */
export function stamps(core: ServiceCore): { createdAt: string; updatedAt: string; __v: number } {
  const now = core.clock.iso();
  return { createdAt: now, updatedAt: now, __v: 0 };
}

/** Marks a document as changed now. */
export function touch(core: ServiceCore, doc: Doc): void {
  doc.updatedAt = core.clock.iso();
}
