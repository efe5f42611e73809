/**
 * Calling one operation for a tool (`call_operation` and the per-operation tools): checks that the
 * server exposes it and that the input has only its fields, sends it through the target's
 * `@supportkb/sdk` client, and turns the 200 body or the SDK's typed error into tool text.
 */
import { APIConnectionError, APIError, AuthenticationError, SupportKbError, ValidationError } from '@supportkb/sdk';
import type { OperationId } from '@supportkb/sdk/manifest';
import { allOperations, type McpOperation } from '../contract';
import { shortPath } from '../operations';
import type { Target } from '../target';
import type { ToolContext, ToolReply } from './types';

const error = (text: string): ToolReply => ({ text, isError: true });

/** Calls `operationId` with `params` (the tool's input); never throws: a failure is an error reply. */
export async function callOperation(context: ToolContext, operationId: string, params: unknown): Promise<ToolReply> {
  const { target, options } = context;
  const op = context.exposed.get(operationId as OperationId);
  if (!op) {
    const known = allOperations.get(operationId as OperationId);
    if (!known) return error(`Unknown operationId "${operationId}": list_operations lists the ones this server calls.`);
    if (!known.readOnly && !options.allowWrites && !known.signIn) {
      return error(
        `${operationId} changes data (${known.method} ${shortPath(known)}) and this server is read-only: writes are disabled. Restart it with --allow-writes (or SUPPORTKB_ALLOW_WRITES=1) to allow them.`,
      );
    }
    return error(`${operationId} is not available through this server (sign-ins are the server's own business: it is configured with its credentials).`);
  }
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return error(`params must be an object (${operationId}'s input: describe_operation gives its schema).`);
  }
  const given = (params ?? {}) as Record<string, unknown>;
  const accepted = [...Object.keys(op.docs.input.properties), ...Object.keys(op.manifest.queryAliases ?? {})];
  const unknown = Object.keys(given).filter((key) => !accepted.includes(key));
  if (unknown.length) {
    return error(
      `Invalid input for ${operationId}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}` +
        `${unknown.includes('project_id') ? " (the project is the server's own)" : ''}. Accepted: ${accepted.join(', ') || 'none'}.`,
    );
  }
  const method = sdkMethod(target, op);
  if (!method) return error(`The SDK has no method for ${operationId}: rebuild @supportkb/mcp against the same @supportkb/sdk.`);
  const send = async () => {
    await target.ready();
    return method(given);
  };
  try {
    let data: unknown;
    try {
      data = await send();
    } catch (failure) {
      // A token from a sign-in may have expired: sign in again once.
      if (failure instanceof AuthenticationError && failure.request.operationId === operationId && target.refresh()) data = await send();
      else throw failure;
    }
    return { text: formatData(op, data, options.maxResultChars ?? 60_000) };
  } catch (failure) {
    return error(formatError(op, failure, target));
  }
}

/** The client method of an operation (`client.<resource...>.<name>`), `undefined` when the client has none. */
function sdkMethod(target: Target, op: McpOperation): ((params: Record<string, unknown>) => PromiseLike<unknown>) | undefined {
  let node: unknown = target.client;
  for (const key of [...op.manifest.resource, op.manifest.name]) {
    if (!node || (typeof node !== 'object' && typeof node !== 'function')) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'function' ? (params) => (node as (params: Record<string, unknown>) => PromiseLike<unknown>)(params) : undefined;
}

/** A 200 body as tool text: JSON, a long list cut to what fits in `maxChars` (saying how to get the rest). */
export function formatData(op: McpOperation, data: unknown, maxChars: number): string {
  if (data === undefined) return `${op.operationId}: done (the answer has no body).`;
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  if (text.length <= maxChars) return text;
  // Cut the list (the body itself, or its one array field) to what fits.
  const listKey = Array.isArray(data) ? undefined : Object.entries((data ?? {}) as Record<string, unknown>).find(([, v]) => Array.isArray(v))?.[0];
  const list = (listKey === undefined ? data : (data as Record<string, unknown>)[listKey]) as unknown;
  if (Array.isArray(list)) {
    let keep = list.length;
    let cut = '';
    while (keep > 0) {
      keep = Math.floor(keep / 2);
      const part = list.slice(0, keep);
      cut = JSON.stringify(listKey === undefined ? part : { ...(data as object), [listKey]: part });
      if (cut.length <= maxChars) break;
    }
    return `${cut}\n[${keep} of ${list.length} items shown: the answer is over ${maxChars} characters.${op.paged ? ' Ask for a smaller page (limit) or filter.' : ' Filter the query to get fewer.'}]`;
  }
  return `${text.slice(0, maxChars)}\n[cut at ${maxChars} of ${text.length} characters]`;
}

/**
 * An SDK error as a tool error's text: what failed (status, operationId, the SDK's message with its
 * advice), then, where the server knows more, what to do next. Never a credential: the SDK's messages
 * and bodies carry none, and the server scrubs secrets from every reply anyway (`scrub.ts`).
 */
export function formatError(op: McpOperation, error: unknown, target: Pick<Target, 'kind'>): string {
  if (error instanceof ValidationError) {
    const issues = error.issues.map((issue) => {
      const [, ...field] = issue.path; // the part (path, query, body) is the SDK's business: the tool takes one object
      return `${field.join('.') || '(the input)'}: ${issue.message}`;
    });
    return `Invalid input for ${op.operationId} (nothing was sent): ${issues.join('; ')}. describe_operation ${op.operationId} gives the input schema.`;
  }
  if (error instanceof APIError) {
    const lines = [`${error.name} ${error.status} from ${op.operationId} (${op.method} ${shortPath(op)}): ${error.message}`];
    if (error.status === 404) {
      const lister = [...allOperations.values()].find((other) => other.resource === op.resource && other.readOnly && other.manifest.name.startsWith('list'));
      lines.push(`No object has that id in the project${lister ? `: ${lister.operationId} lists the existing ones` : ''}.`);
    } else if (error.status === 401) {
      lines.push(
        target.kind === 'real' ? "The deployment refused the server's credentials: check SUPPORTKB_TOKEN, or SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD." : "The mock refused the server's credentials.",
      );
    } else if (error.status === 403) {
      lines.push(
        `The server acts with a role below ${op.minRole}: ${target.kind === 'mock' ? 'restart it with --as admin or --as owner (or SUPPORTKB_ROLE)' : 'use the credentials of a teammate with that role'}.`,
      );
    }
    if (error.body !== undefined && typeof error.body !== 'string') lines.push(`Body: ${JSON.stringify(error.body).slice(0, 1000)}`);
    return lines.join('\n');
  }
  if (error instanceof APIConnectionError) return `${error.name} from ${op.operationId}: ${error.message}`;
  if (error instanceof SupportKbError) return `${error.name} from ${op.operationId}: ${error.message}`;
  return `${op.operationId} failed: ${error instanceof Error ? error.message : String(error)}`;
}
