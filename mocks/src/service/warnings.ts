/**
 * The default mode's one-time warnings (`console.warn`): one per kind of event and operation — a
 * kind of contract violation (`createTag: body tag`), a kind of request the real server never
 * answers (`listLeads: the lead query fails`), a subscription to an unknown event — never one per
 * request text, so that a client sending many distinct bad requests gets a few lines, not one per
 * request. At most {@link MAX_WARNINGS} kinds per service (then one line saying the rest are not
 * shown); `reset()` (`POST /__supportkb/reset`) forgets them, so a test run after a reset sees its
 * own warnings.
 */
import type { OperationId } from '@supportkb/sdk';
import type { ValidationIssue } from '../http/validation';

/** The most kinds of warning one service prints between resets. */
export const MAX_WARNINGS = 100;

/** The longest key of a kind of warning, in characters (longer keys are cut: kinds that differ only beyond it are one). */
const MAX_KIND_LENGTH = 200;

/** Warnings given once per kind, with the service's `warnings` switch, a cap and a reset. */
export class OnceWarnings {
  readonly #given = new Set<string>();
  #capped = false;

  /**
   * @param enabled whether warnings are printed at all (`warnings: false` silences them).
   * @param limit the most kinds printed between resets ({@link MAX_WARNINGS}).
   */
  constructor(
    private readonly enabled: boolean,
    readonly limit: number = MAX_WARNINGS,
  ) {}

  /** The kinds warned about since the last reset. */
  get size(): number {
    return this.#given.size;
  }

  /**
   * Prints `text` (a string, or a function building it: called only when printed) unless a warning
   * of `kind` was printed since the last reset, or the cap is reached.
   * @returns whether it was printed.
   */
  warn(kind: string, text: string | (() => string)): boolean {
    if (!this.enabled) return false;
    const key = kind.length > MAX_KIND_LENGTH ? kind.slice(0, MAX_KIND_LENGTH) : kind;
    if (this.#given.has(key)) return false;
    if (this.#given.size >= this.limit) {
      if (!this.#capped) {
        this.#capped = true;
        console.warn(`[@supportkb/mocks] ${this.limit} kinds of warning given: further ones are not shown until the service is reset (reset(), POST /__supportkb/reset).`);
      }
      return false;
    }
    this.#given.add(key);
    console.warn(typeof text === 'string' ? text : text());
    return true;
  }

  /** Forgets the warnings given (the service's reset). */
  clear(): void {
    this.#given.clear();
    this.#capped = false;
  }
}

/**
 * The kind of a contract violation: the operation, where (`body`, `query`, …) and the parameter
 * with its array indexes generalised (`filters.*.operator`).
 */
export function violationKind(operationId: OperationId, violation: ValidationIssue): string {
  return `${operationId} ${violation.location} ${violation.param.replace(/(^|\.)\d+(?=\.|$)/g, '$1*')}`;
}

/**
 * The kind of a request the real server never answers: the operation and the reason's text up to
 * its first parenthesis — where the routes put the request's own details (`the lead query fails
 * (Cast to Number failed for value "abc" …)`).
 */
export function unansweredKind(operationId: OperationId, reason: string): string {
  const cut = reason.indexOf('(');
  return `${operationId} unanswered ${cut === -1 ? reason : reason.slice(0, cut)}`;
}

/** A text from the request as a warning repeats it: cut to `max` characters. */
export function excerpt(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
