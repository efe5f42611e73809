/**
 * What every operation handler receives, and the types that tie each handler to its operation:
 * its input is the parsed, validated request of that operation (path, query and body typed from
 * the SDK's `OperationTypes[K]['data']`), its result the operation's 200 body
 * (`ResponseOf<K>`, the SDK's `OperationTypes[K]['response']`) or an error.
 */
import type { OperationId, ResponseOf } from '@supportkb/sdk';
import type { ApiOperation } from '@supportkb/sdk/manifest';
import type { Authenticator, Caller } from '../auth/authenticator';
import type { ParsedQuery } from '../http/request';
import type { Failure, Result, Success, Unanswered } from '../http/results';
import type { ValidationIssue } from '../http/validation';
import type { Clock } from '../state/clock';
import type { IdGenerator } from '../state/ids';
import type { Store, StoredTeammate } from '../state/store';
import type { WebhookDispatcher } from '../webhooks';
import type { BehaviourOptions } from './options';

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
  /** The secret every subscription of this run gets (the service gives all subscriptions of a run the same one). */
  subscriptionSecret: string;
  /** Largest request body accepted, in bytes (413 beyond it). */
  bodyLimit: number;
  /** Strict mode: requests the contract forbids are refused with 400/422 instead of answered as the server does. */
  strict: boolean;
  /** Whether violations of the contract are reported (`console.warn`, once per operation and kind) in the default mode. */
  warnings: boolean;
  /** Reports what the contract forbids in a request the default mode answered as the server does. */
  reportViolations(operationId: OperationId, violations: readonly ValidationIssue[], result: Result): void;
  /**
   * Prints a warning once per `kind` (a kind of event, never the request's own text) until the
   * service is reset, at most `MAX_WARNINGS` kinds (./warnings.ts); silent with `warnings: false`.
   * @returns whether it was printed.
   */
  warnOnce(kind: string, text: string | (() => string)): boolean;
}

/** What a handler of operation `K` may answer: its 200 body, an error, or nothing at all (as the server on some requests). */
export type Answer<K extends OperationId> = Success<ResponseOf<K>> | Failure | Unanswered;

/** What every stage of a request knows. */
export interface RequestContext<K extends OperationId> {
  core: ServiceCore;
  operationId: K;
  /** The operation's manifest entry (everything the manifest knows of it). */
  operation: ApiOperation;
  request: Request;
  /** Query parameters as sent. */
  rawQuery: URLSearchParams;
  /** The authenticated caller (operations that require credentials). */
  caller?: Caller;
  /** The caller's active teammate in the project (role-checked operations, not subscription tokens). */
  teammate?: StoredTeammate;
  /** `project_id` of the path, or `''`. */
  projectId: string;
  /** Whether the service runs in strict mode (the request then passed the contract's checks). */
  strict: boolean;
}

/** The request as the server's route reads it: path parameters, `req.query`, `req.body`. */
export interface RawRequest {
  /** Path parameters, decoded. */
  readonly path: Readonly<Record<string, string>>;
  /** `req.query`: parsed by `qs` as Express does (strings, arrays, objects). */
  readonly query: ParsedQuery;
  /** `req.body`: what the body parsers left (`{}` when nothing was parsed). */
  readonly body: unknown;
}

/**
 * The context of a handler: `raw`, the request as sent, which handlers read as the server's route
 * reads `req.params`, `req.query` and `req.body` (in strict mode it has passed the contract's checks;
 * in the default mode it has not).
 */
export interface HandlerContext<K extends OperationId> extends RequestContext<K> {
  raw: RawRequest;
}

/** One operation's implementation. */
export interface OperationHandler<K extends OperationId> {
  /** The handler verifies the credentials itself (`signInWithCustomToken` reads its own header). */
  customAuth?: boolean;
  /** The handler proper. */
  handle: (ctx: HandlerContext<K>) => Answer<K> | Promise<Answer<K>>;
}

/** A handler for every operation of the contract: a missing or mistyped one is a compile error. */
export type HandlerTable = { readonly [K in OperationId]: OperationHandler<K> };

/** The handlers of one resource group. */
export type HandlerGroup = Partial<HandlerTable>;
