// A minimal webhook receiver for the Support and Knowledge Base Service: a plain `node:http`
// server that verifies every delivery with `verifyWebhook` from `@supportkb/sdk/webhooks` (pinned to
// your subscriptions and events, each delivery accepted once) and logs the typed event. Runs as is on
// Node 24 (type stripping): `node src/server.ts`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookReplayCache, WebhookVerificationError, type WebhookEvent, type WebhookReplayGuard, type WebhookVerificationReason } from '@supportkb/sdk/webhooks';

/** A value, or a function read on every delivery (so it can be set after subscribing, or changed without a restart). */
type Live<T> = T | (() => T | undefined);

/** Options of {@link createReceiver}. */
export interface ReceiverOptions {
  /**
   * The subscription's secret (`secret` in the body of `createSubscription`, also its
   * `x-hook-secret` response header). A function is read on every delivery, so the secret can be
   * set after subscribing or rotated without a restart.
   */
  secret: Live<string>;
  /**
   * Your subscription id(s) (`_id` from `createSubscription`): deliveries of any other subscription are
   * rejected. Set it: on a real server, subscriptions created during one run share one secret, so the
   * secret alone does not tell yours from another project's. A function is read on every delivery.
   */
  subscriptionId?: Live<string | readonly string[]>;
  /** The event name(s) you subscribed to, e.g. `message.create`: deliveries of other events are rejected. */
  events?: string | readonly string[];
  /**
   * Replay guard: default a `WebhookReplayCache` of this process (each delivery accepted once, at most
   * 10000 remembered); pass a guard over a shared store when several processes receive deliveries, or
   * `false` to accept copies.
   */
  replay?: WebhookReplayGuard | false;
  /**
   * Called with every verified event after it is logged. If it throws, the receiver forgets the delivery
   * (so the replay guard lets the retry through) and answers 500: the service retries.
   */
  onEvent?: (event: WebhookEvent) => void | Promise<void>;
  /** Where log lines go; default `console.log`. Never given the secret. */
  log?: (line: string) => void;
  /** Path the deliveries are POSTed to; default `/webhooks`. */
  path?: string;
  /** Largest body accepted, in bytes; default 1 MiB (larger deliveries get 413). */
  maxBodyBytes?: number;
}

/** The status a rejected delivery gets: 4xx, so the service does not retry it. */
export const REJECTION_STATUS: Record<WebhookVerificationReason, 400 | 401 | 403 | 409 | 413> = {
  missing_secret: 401,
  secret_mismatch: 401,
  invalid_token: 401,
  hook_mismatch: 401,
  subscription_mismatch: 403,
  event_mismatch: 403,
  project_mismatch: 403,
  malformed_body: 400,
  invalid_payload: 400,
  timestamp_out_of_tolerance: 400,
  timestamp_mismatch: 400,
  replayed: 409,
  body_too_large: 413,
};

/** One log line per event; `event.payload` is typed by the event name. */
export function describeEvent(event: WebhookEvent): string {
  switch (event.event) {
    case 'message.create':
      return `message.create: ${event.payload.senderFullname ?? event.payload.sender} wrote ${JSON.stringify(event.payload.text ?? '')} in ${event.payload.recipient}`;
    case 'request.create':
      return `request.create: conversation ${event.payload.request_id} opened (${JSON.stringify(event.payload.first_text ?? '')})`;
    case 'lead.create':
      return `lead.create: ${event.payload.fullname ?? event.payload.lead_id}${event.payload.email ? ` <${event.payload.email}>` : ''}`;
    default:
      return `${event.event}: delivery for subscription ${event.hook._id}`;
  }
}

/** Reads the raw body, exactly as sent (verification needs the bytes, not a re-serialised object). */
async function rawBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const read = <T>(value: Live<T> | undefined): T | undefined => (typeof value === 'function' ? (value as () => T | undefined)() : value);

/**
 * Creates the receiver's HTTP server (not listening yet). It answers `POST <path>` with 204 when
 * the delivery verifies, 4xx when it does not (see {@link REJECTION_STATUS}), 413 when the
 * body is too large, 405 for another method and 404 for another path.
 */
export function createReceiver(options: ReceiverOptions): Server {
  const { onEvent, log = console.log, path = '/webhooks', maxBodyBytes = 1024 * 1024, events } = options;
  const replay = options.replay === false ? undefined : (options.replay ?? new WebhookReplayCache());

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (url.pathname !== path) return void res.writeHead(404).end();
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();

    const body = await rawBody(req, maxBodyBytes);
    if (!body) {
      log(`rejected: body larger than ${maxBodyBytes} bytes`);
      return void res.writeHead(413, { connection: 'close' }).end();
    }
    const secret = read(options.secret);
    const subscriptionId = read(options.subscriptionId);
    if (!secret || (options.subscriptionId !== undefined && subscriptionId === undefined)) {
      log('rejected: no secret or subscription id configured yet');
      return void res.writeHead(503).end(); // the service retries 5xx
    }

    let event: WebhookEvent;
    try {
      event = await verifyWebhook(body, req.headers, { secret, subscriptionId, event: events, replay });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      log(`rejected (${error.reason}): ${error.message}`);
      return void res.writeHead(REJECTION_STATUS[error.reason], { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.reason }));
    }

    log(describeEvent(event));
    try {
      await onEvent?.(event);
    } catch (error) {
      log(`handler failed for ${event.event}: ${error instanceof Error ? error.message : String(error)}`);
      await replay?.forget?.(event.deliveryId); // let the service's retry of this delivery through
      return void res.writeHead(500).end();
    }
    res.writeHead(204).end();
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}

/** A listening receiver. */
export interface RunningReceiver {
  /** The URL to subscribe, e.g. `http://127.0.0.1:3000/webhooks`. */
  url: string;
  server: Server;
  /** Stops accepting deliveries and resolves once the server is closed. */
  close(): Promise<void>;
}

/** Creates the receiver and listens on `host`:`port` (default `127.0.0.1`, `0` = a free port). */
export async function startReceiver(options: ReceiverOptions & { port?: number; host?: string }): Promise<RunningReceiver> {
  const { port = 0, host = '127.0.0.1', path = '/webhooks' } = options;
  const server = createReceiver({ ...options, path });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${path}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
