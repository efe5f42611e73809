/**
 * `@supportkb/mcp`: an MCP server for the Support and Knowledge Base Service API, derived from its
 * OpenAPI contract and the SDK's manifest, calling through `@supportkb/sdk`. The command is
 * `supportkb-mcp`; this entry is for embedding the server or inspecting its tools:
 *
 * - {@link createTarget}: the embedded stateful mock (no configuration) or a real deployment;
 * - {@link createServerFactory}: MCP server instances (official TypeScript SDK, v2) with the derived tools;
 * - {@link startStdio}, {@link startHttp}: the two transports;
 * - {@link deriveTools}: the tools `tools/list` shows for a set of options (for measuring, testing).
 */
export { allOperations, allResources, contractInfo, isRole, roleAllows, ROLES, withDefs, type JsonSchema, type McpOperation, type Role } from './contract';
export { checkResources, exposableResources, exposedOperations, ToolsetError, type ToolsetOptions } from './operations';
export { deriveTools, describeOperation, listOperationsText, operationTool, toolset, type Tool, type ToolContext, type ToolDefinition, type ToolReply } from './tools/index';
export { createScrubber, REDACTED } from './scrub';
export { checkTargetConfig, ConfigError, createTarget, MOCK_ROLES, parseRole, targetConfigFromEnv, type Target, type TargetConfig } from './target';
export { createServerFactory, formatData, formatError, VERSION, type ServerOptions } from './server';
export { DEFAULT_MAX_MESSAGE_BYTES, keepStdoutForMcp, startHttp, startStdio, type HttpServerHandle, type StdioOptions } from './transports';
export { main, parseCli, USAGE, type CliOptions } from './cli';
