/** The two transports: stdio (one client, the process's stdin/stdout) and Streamable HTTP on loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';

/**
 * Serves MCP over this process's stdin and stdout. Nothing else may write to stdout: call
 * {@link keepStdoutForMcp} first when other code might `console.log`.
 * @returns the connection's handle (`close()`); the connection ends when stdin closes.
 */
export function startStdio(factory: () => McpServer, onerror: (error: Error) => void): StdioServerHandle {
  return serveStdio(factory, { onerror });
}

/**
 * Sends `console.log`, `console.info` and `console.debug` to stderr, so that stdout carries MCP
 * messages only (the stdio transport's rule). `console.warn` and `console.error` already go there.
 */
export function keepStdoutForMcp(): void {
  for (const level of ['log', 'info', 'debug'] as const) console[level] = (...args: unknown[]) => console.error(...args);
}

/** A running Streamable HTTP server. */
export interface HttpServerHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3333/mcp`. */
  url: string;
  port: number;
  /** Stops accepting connections and resolves when the server is closed. */
  close(): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP at `http://<host>:<port>/mcp` (stateless: a server instance from
 * `factory` per request; every instance calls the same target, so the mock's state is shared). Only
 * loopback `Host` and `Origin` headers are accepted (DNS-rebinding protection), so `host` should be
 * a loopback address.
 * @param port TCP port; 0 picks a free one.
 * @throws {Error} when the port cannot be bound (`EADDRINUSE`, `EACCES`), with the port in the message.
 */
export async function startHttp(factory: () => McpServer, { port = 3333, host = '127.0.0.1', onerror }: { port?: number; host?: string; onerror: (error: Error) => void }): Promise<HttpServerHandle> {
  const handler = createMcpHandler(factory, { onerror });
  const node = toNodeHandler(handler, { onerror });
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp\n');
      return;
    }
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    void node(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new Error(`Cannot listen on ${host}:${port} (${error.code ?? error.message}): ${error.code === 'EADDRINUSE' ? 'the port is busy, choose another with --port (0: any free port)' : error.message}`)));
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${bound}/mcp`,
    port: bound,
    close: async () => {
      await handler.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
