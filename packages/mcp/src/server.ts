/**
 * The MCP server: the tools of `tools/` (each its definition and handler) registered on the official
 * SDK's `McpServer`, every reply scrubbed of secrets (`scrub.ts`) whatever produced it.
 */
import { fromJsonSchema, McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { contractInfo } from './contract';
import { exposedOperations, type ToolsetOptions } from './operations';
import { createScrubber } from './scrub';
import { toolset, type ToolContext } from './tools/index';
import type { Target } from './target';
import manifest from '../package.json' with { type: 'json' };

export { formatData, formatError } from './tools/index';

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
  const tools = toolset(options); // checks the options once, before any client connects
  const context: ToolContext = {
    target,
    options,
    exposed: new Map(exposedOperations(options).map((op) => [op.operationId, op])),
    describable: new Map(exposedOperations({ allowWrites: true }).map((op) => [op.operationId, op])),
  };
  const scrub = createScrubber(() => target.secrets);

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
    for (const { definition, handle } of tools) {
      const config = {
        title: definition.title,
        description: definition.description,
        inputSchema: fromJsonSchema<Record<string, unknown>>(definition.inputSchema),
        annotations: definition.annotations,
      };
      server.registerTool(definition.name, config, async (args): Promise<CallToolResult> => {
        let reply;
        try {
          reply = await handle(args, context);
        } catch (error) {
          reply = { text: `${definition.name} failed: ${error instanceof Error ? error.message : String(error)}`, isError: true };
        }
        return { content: [{ type: 'text', text: scrub(reply.text) }], ...(reply.isError ? { isError: true } : {}) };
      });
    }
    return server;
  };
}
