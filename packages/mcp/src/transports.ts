/** The two transports: stdio (one client, the process's stdin/stdout) and Streamable HTTP on loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { Transform, type Readable, type TransformCallback, type Writable } from 'node:stream';

/** The largest stdio message the server reads, in bytes (10 MiB, the MCP SDK's own bound): a larger one is answered with an error and skipped. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Options of {@link startStdio}. */
export interface StdioOptions {
  /** Where messages come from (default `process.stdin`). */
  stdin?: Readable;
  /** Where answers go (default `process.stdout`). */
  stdout?: Writable;
  /**
   * Largest message, in bytes (default {@link DEFAULT_MAX_MESSAGE_BYTES}). A longer line is skipped (it
   * is never held whole in memory), answered with a JSON-RPC error `-32600` (its `id` when the line
   * names one before its `params`, else `null`), and the server goes on with the next line.
   */
  maxMessageBytes?: number;
}

/**
 * Serves MCP over stdio (this process's stdin and stdout, or `options`' streams). Nothing else may
 * write to stdout: call {@link keepStdoutForMcp} first when other code might `console.log`. A message
 * over `maxMessageBytes` gets a JSON-RPC error and the connection goes on (`onerror` hears of it too).
 * @returns the connection's handle (`close()`); the connection ends when stdin closes.
 */
export function startStdio(factory: () => McpServer, onerror: (error: Error) => void, options: StdioOptions = {}): StdioServerHandle {
  const max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const lines = new MessageLines(max, (bytes, head) => {
    const id = requestIdOf(head);
    onerror(new Error(`skipped a message of ${bytes} bytes or more (over the ${max}-byte limit)${id === null ? '' : ` with id ${JSON.stringify(id)}`}`));
    // Written as the transport writes its answers (one line per write); `id: null` is JSON-RPC's for an unreadable id.
    stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message: `Invalid Request: the message is over ${max} bytes, this server's limit; it was not read` } })}\n`);
  });
  stdin.on('error', (error) => lines.destroy(error));
  stdin.pipe(lines);
  // The transport buffers one line at a time (MessageLines passes whole lines): the line and its newline.
  const transport = new StdioServerTransport(lines, stdout, { maxBufferSize: max + 2 });
  return serveStdio(factory, { onerror, transport });
}

/**
 * Splits a byte stream into lines (each pushed whole, newline included) and drops the lines over
 * `max` bytes as they arrive: only their first 4 KiB are kept, for {@link requestIdOf}.
 */
class MessageLines extends Transform {
  #parts: Buffer[] = [];
  #size = 0;
  /** Bytes of the line being skipped; `-1` when not skipping. */
  #skipped = -1;
  #head = '';

  constructor(
    private readonly max: number,
    private readonly onOversized: (bytes: number, head: string) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end + 1);
      start += piece.length;
      if (this.#skipped >= 0) this.#skipped += piece.length;
      else if (this.#size + piece.length > this.max + 1) {
        this.#head = Buffer.concat([...this.#parts, piece])
          .subarray(0, 4096)
          .toString('utf8');
        this.#skipped = this.#size + piece.length;
        this.#parts = [];
        this.#size = 0;
      } else {
        this.#parts.push(piece);
        this.#size += piece.length;
      }
      if (end === -1) break;
      if (this.#skipped >= 0) {
        this.onOversized(this.#skipped, this.#head);
        this.#skipped = -1;
        this.#head = '';
      } else {
        this.push(Buffer.concat(this.#parts));
        this.#parts = [];
        this.#size = 0;
      }
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.#skipped >= 0) this.onOversized(this.#skipped, this.#head);
    else if (this.#size) this.push(Buffer.concat(this.#parts));
    done();
  }
}

/**
 * The `id` of a JSON-RPC message from its beginning, when it comes among the top-level members before
 * any nested value (`{"jsonrpc":"2.0","id":7,"method":…,"params":…}`, how clients write it); else `null`,
 * the id JSON-RPC gives an error about a request whose id cannot be read.
 */
export function requestIdOf(head: string): string | number | null {
  const match = /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"(?:[^"\\]|\\.)*"\s*,)*\s*"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")/.exec(head);
  if (!match) return null;
  try {
    const id: unknown = JSON.parse(match[1]!);
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
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
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `Cannot listen on ${host}:${port} (${error.code ?? error.message}): ${error.code === 'EADDRINUSE' ? 'the port is busy, choose another with --port (0: any free port)' : error.message}`,
        ),
      ),
    );
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
