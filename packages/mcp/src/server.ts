/**
 * The MCP server: the derived tools (`tools.ts`) registered on the official SDK's `McpServer`, their
 * calls sent through the target's `@supportkb/sdk` client, the SDK's typed errors turned into tool
 * errors (`isError: true`) with the status, the operationId and what to do.
 */
import { fromJsonSchema, McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { APIConnectionError, APIError, AuthenticationError, SupportKbError, ValidationError } from '@supportkb/sdk';
import type { OperationId } from '@supportkb/sdk/manifest';
import { allOperations, contractInfo, type McpOperation } from './contract';
import { deriveTools, describeOperation, exposedOperations, listOperationsText, shortPath, type ToolsetOptions } from './tools';
import type { Target } from './target';
import manifest from '../package.json' with { type: 'json' };

/** The package's version (its package.json's, bundled in at build), for the MCP `serverInfo` and `--version`. */
export const VERSION: string = manifest.version;

/** Options of {@link createServerFactory}. */
export interface ServerOptions extends ToolsetOptions {
  /** Largest tool result, in characters, before a list is cut (default 60,000, about 15k tokens). */
  maxResultChars?: number;
}

/**
 * Builds the factory of MCP server instances (one per stdio connection, or per HTTP request under
 * the stateless Streamable HTTP handler), all calling the same `target`.
 * @throws {ToolsetError} when `options.resources` names an unknown resource group.
 */
export function createServerFactory(target: Target, options: ServerOptions = {}): () => McpServer {
  const tools = deriveTools(options); // checks the options once, before any client connects
  const exposed = new Map(exposedOperations(options).map((op) => [op.operationId, op]));
  const describable = new Map(exposedOperations({ allowWrites: true }).map((op) => [op.operationId, op]));
  const maxChars = options.maxResultChars ?? 60_000;
  const scrub = (text: string) => target.secrets.reduce((out, secret) => (secret.length >= 6 ? out.split(secret).join('[redacted]') : out), text);
  /** A tool result (JSON or a message), with the configured secrets scrubbed whatever produced it. */
  const result = (text: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: scrub(text) }], ...(isError ? { isError } : {}) });
  /** A tool result with an error (`isError: true`): what the client's model reads and acts on. */
  const toolError = (text: string) => result(text, true);

  async function call(operationId: string, params: unknown): Promise<CallToolResult> {
    const op = exposed.get(operationId as OperationId);
    if (!op) {
      const known = allOperations.get(operationId as OperationId);
      if (!known) return toolError(`Unknown operationId "${operationId}": list_operations lists the ones this server calls.`);
      if (!known.readOnly && !options.allowWrites && known.resource !== 'auth') {
        return toolError(`${operationId} changes data (${known.method} ${shortPath(known)}) and this server is read-only: writes are disabled. Restart it with --allow-writes (or SUPPORTKB_ALLOW_WRITES=1) to allow them.`);
      }
      return toolError(`${operationId} is not available through this server (sign-ins are the server's own business: it is configured with its credentials).`);
    }
    if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
      return toolError(`params must be an object (${operationId}'s input: describe_operation gives its schema).`);
    }
    const given = (params ?? {}) as Record<string, unknown>;
    const accepted = [...Object.keys(op.docs.input.properties), ...Object.keys(op.manifest.queryAliases ?? {})];
    const unknown = Object.keys(given).filter((key) => !accepted.includes(key));
    if (unknown.length) {
      return toolError(
        `Invalid input for ${operationId}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}` +
          `${unknown.includes('project_id') ? ' (the project is the server\'s own)' : ''}. Accepted: ${accepted.join(', ') || 'none'}.`,
      );
    }
    const method = op.manifest.resource.reduce<any>((node, key) => node?.[key], target.client)?.[op.manifest.name] as
      | ((params: Record<string, unknown>) => PromiseLike<unknown>)
      | undefined;
    if (typeof method !== 'function') return toolError(`The SDK has no method for ${operationId}: rebuild @supportkb/mcp against the same @supportkb/sdk.`);
    const send = async () => {
      await target.ready();
      return method(given);
    };
    try {
      let data: unknown;
      try {
        data = await send();
      } catch (error) {
        // A token from a sign-in may have expired: sign in again once.
        if (error instanceof AuthenticationError && error.request.operationId === operationId && target.refresh()) data = await send();
        else throw error;
      }
      return result(formatData(op, data, maxChars));
    } catch (error) {
      return result(formatError(op, error, target), true);
    }
  }

  return () => {
    const server = new McpServer(
      { name: 'supportkb', title: `${contractInfo.title} (${target.kind === 'mock' ? 'embedded mock' : 'deployment'})`, version: VERSION },
      {
        capabilities: { tools: {} },
        instructions:
          `Tools for the ${contractInfo.title} API (contract ${contractInfo.version}) on ${target.label}. ` +
          'list_operations finds an operation, describe_operation gives its input and output schemas, call_operation calls it.',
      },
    );
    for (const tool of tools) {
      const config = { title: tool.title, description: tool.description, inputSchema: fromJsonSchema<Record<string, unknown>>(tool.inputSchema), annotations: tool.annotations };
      if (tool.operationId) {
        const operationId = tool.operationId;
        server.registerTool(tool.name, config, async (args) => call(operationId, args));
      } else if (tool.name === 'list_operations') {
        server.registerTool(tool.name, config, async (args) =>
          result(
            listOperationsText({
              allowWrites: options.allowWrites ?? false,
              role: await target.role(),
              target: target.label,
              ...(typeof args.resource === 'string' ? { resource: args.resource } : {}),
              includeDenied: args.include_denied === true,
            }),
          ),
        );
      } else if (tool.name === 'describe_operation') {
        server.registerTool(tool.name, config, async (args) => {
          const op = describable.get(args.operationId as OperationId);
          if (!op) return toolError(`Unknown operationId "${String(args.operationId)}": list_operations lists the ones this server calls.`);
          const callable = exposed.has(op.operationId) ? {} : { callable: 'no: it changes data and this server is read-only (--allow-writes enables writes)' };
          return result(JSON.stringify({ ...describeOperation(op), ...callable }));
        });
      } else {
        server.registerTool(tool.name, config, async (args) => call(String(args.operationId), args.params));
      }
    }
    return server;
  };
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
 * and bodies carry none, and the server scrubs its configured secrets from every result anyway.
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
      lines.push(target.kind === 'real' ? 'The deployment refused the server\'s credentials: check SUPPORTKB_TOKEN, or SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD.' : 'The mock refused the server\'s credentials.');
    } else if (error.status === 403) {
      lines.push(`The server acts with a role below ${op.minRole}: ${target.kind === 'mock' ? 'restart it with --as admin or --as owner (or SUPPORTKB_ROLE)' : 'use the credentials of a teammate with that role'}.`);
    }
    if (error.body !== undefined && typeof error.body !== 'string') lines.push(`Body: ${JSON.stringify(error.body).slice(0, 1000)}`);
    return lines.join('\n');
  }
  if (error instanceof APIConnectionError) return `${error.name} from ${op.operationId}: ${error.message}`;
  if (error instanceof SupportKbError) return `${error.name} from ${op.operationId}: ${error.message}`;
  return `${op.operationId} failed: ${error instanceof Error ? error.message : String(error)}`;
}
