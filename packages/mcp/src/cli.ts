/**
 * `supportkb-mcp`: the command line. Options and environment variables in {@link USAGE}. Everything
 * it says goes to stderr (stdout is the stdio transport's); credentials never appear in it.
 */
import { parseArgs } from 'node:util';
import { ConfigError, createTarget, parseRole, targetConfigFromEnv, type TargetConfig } from './target';
import { ROLES } from './contract';
import { createServerFactory, VERSION, type ServerOptions } from './server';
import { keepStdoutForMcp, startHttp, startStdio } from './transports';
import { createScrubber } from './scrub';
import { ToolsetError } from './operations';

/** The `--help` text. */
export const USAGE = `supportkb-mcp ${VERSION}: an MCP server for the Support and Knowledge Base Service API, derived from its contract.

Usage: supportkb-mcp [--http [--port N] [--host H]] [--tools dynamic|per-operation] [--resources LIST] [--allow-writes] [--as ROLE]

Transport (stdio by default):
  --http               Streamable HTTP at http://127.0.0.1:3333/mcp instead of stdio
  --port N             HTTP port (default 3333; 0: any free port)   --host H   HTTP interface (default 127.0.0.1)
Tools:
  --tools MODE         dynamic (default): list_operations, describe_operation, call_operation
                       per-operation: those three plus one tool per operation of --resources   (env SUPPORTKB_MCP_TOOLS)
  --resources LIST     comma-separated resource groups for per-operation tools, e.g. tags,leads (default: all)   (env SUPPORTKB_MCP_RESOURCES)
  --allow-writes       expose the operations that change data (POST, PUT, PATCH, DELETE)   (env SUPPORTKB_ALLOW_WRITES=1)
Target (no SUPPORTKB_BASE_URL: the embedded stateful mock, seeded, in this process):
  SUPPORTKB_BASE_URL   API root of a deployment, e.g. https://api.tiledesk.com/v2
  SUPPORTKB_PROJECT_ID the project to work on
  SUPPORTKB_TOKEN      a JWT, or SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD (the server signs in)
  --as ROLE            on the mock, the seeded member to act as: owner, admin (default), agent, guest;
                       on a deployment, the caller's role for list_operations (else looked up), one of
                       ${ROLES.join(', ')}   (env SUPPORTKB_ROLE)
`;

/** Parsed command line and environment. */
export interface CliOptions extends ServerOptions {
  http: boolean;
  port: number;
  host: string;
  target: TargetConfig;
}

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

/**
 * Reads the options from `argv` (without node and the script) and the environment; the command line wins.
 * @throws {ConfigError} on an unknown option, a bad value or an incomplete target configuration.
 */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined> = process.env): CliOptions | 'help' | 'version' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        http: { type: 'boolean', default: false },
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        tools: { type: 'string' },
        resources: { type: 'string' },
        'allow-writes': { type: 'boolean', default: false },
        as: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}; see supportkb-mcp --help`);
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  const port = values.port === undefined ? 3333 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`--port must be an integer from 0 to 65535 (got "${values.port}")`);
  const tools = values.tools ?? (env.SUPPORTKB_MCP_TOOLS?.trim() || 'dynamic');
  if (tools !== 'dynamic' && tools !== 'per-operation') throw new ConfigError(`--tools (SUPPORTKB_MCP_TOOLS) must be dynamic or per-operation (got "${tools}")`);
  const resourceList = values.resources ?? env.SUPPORTKB_MCP_RESOURCES;
  const resources = resourceList
    ?.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (resources?.length && tools !== 'per-operation') throw new ConfigError('--resources (SUPPORTKB_MCP_RESOURCES) chooses per-operation tools: add --tools per-operation');
  const target = targetConfigFromEnv(env);
  const role = parseRole(values.as, '--as');
  if (role) target.role = role;
  return {
    http: values.http,
    port,
    host: values.host,
    tools,
    ...(resources?.length ? { resources } : {}),
    allowWrites: values['allow-writes'] || truthy(env.SUPPORTKB_ALLOW_WRITES),
    target,
  };
}

/**
 * Runs the command: parses the options, creates the target and serves until stdin closes (stdio) or
 * SIGINT/SIGTERM (HTTP). What it says goes to stderr, but `--help`, `--version` and the HTTP URL line,
 * which go to stdout (MCP owns stdout only under stdio).
 * @returns the exit code when it ends at once (0 after `--help`, 2 for a bad configuration or a busy
 *   port, with one line saying why), `undefined` while it serves.
 */
export async function main(argv: readonly string[] = process.argv.slice(2), env: Record<string, string | undefined> = process.env): Promise<number | undefined> {
  keepStdoutForMcp(); // before anything may print: stdout is MCP's (harmless under --http)
  const say = (line: string) => process.stderr.write(`supportkb-mcp: ${line}\n`);
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return (say(error.message), 2);
    throw error;
  }
  // Not serving MCP: stdout is free (and where a shell user looks).
  if (options === 'help') return (process.stdout.write(USAGE), 0);
  if (options === 'version') return (process.stdout.write(`${VERSION}\n`), 0);
  let factory;
  let target;
  try {
    target = await createTarget(options.target);
    factory = createServerFactory(target, options);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ToolsetError) return (say(error.message), 2);
    throw error;
  }
  const role = target.kind === 'mock' ? ` as the seeded ${await target.role()}` : '';
  const mode = `${options.tools === 'per-operation' ? `per-operation tools${options.resources ? ` for ${options.resources.join(', ')}` : ''}` : 'dynamic tools'}, ${options.allowWrites ? 'writes allowed' : 'read-only'}`;
  const scrub = createScrubber(() => target.secrets);
  const onerror = (error: Error) => say(scrub(`transport error: ${error.message}`));
  if (options.http) {
    const http = await startHttp(factory, { port: options.port, host: options.host, onerror }).catch((error: Error) => error);
    if (http instanceof Error) return (say(http.message), 2);
    // Under --http stdout is not MCP's: the URL goes there, where scripts and humans look for it.
    process.stdout.write(`supportkb-mcp: Streamable HTTP on ${http.url}, calling ${target.label}${role} (${mode})\n`);
    const stop = () => void http.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return undefined;
  }
  say(`stdio, calling ${target.label}${role} (${mode})`);
  const handle = startStdio(factory, onerror);
  process.stdin.once('end', () => void handle.close().then(() => process.exit(0)));
  return undefined;
}
