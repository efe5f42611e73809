/** What a tool module is: its definition (as `tools/list` shows it) and its handler, together. */
import type { OperationId } from '@supportkb/sdk/manifest';
import type { JsonSchema, McpOperation } from '../contract';
import type { ToolsetOptions } from '../operations';
import type { Target } from '../target';

/** A tool as `tools/list` shows it, plus the operation it calls (per-operation tools). */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
  /** The operation a per-operation tool calls; absent for the fixed tools. */
  operationId?: OperationId;
}

/** What a handler answers: a text for the client's model, an error (`isError: true`) or not. */
export interface ToolReply {
  text: string;
  isError?: boolean;
}

/** What a handler works with: the server's target and options, and the operations they expose. */
export interface ToolContext {
  readonly target: Target;
  readonly options: ToolsetOptions & { maxResultChars?: number };
  /** The operations `call_operation` and the per-operation tools may call (reads only unless writes are allowed). */
  readonly exposed: ReadonlyMap<OperationId, McpOperation>;
  /** The operations `describe_operation` describes (writes included, marked when not callable). */
  readonly describable: ReadonlyMap<OperationId, McpOperation>;
}

/** One tool: its definition and its handler, from the same module. */
export interface Tool {
  readonly definition: ToolDefinition;
  /** Answers one call; `args` passed the definition's input schema (the MCP SDK checks it). */
  handle(args: Record<string, unknown>, context: ToolContext): Promise<ToolReply>;
}
