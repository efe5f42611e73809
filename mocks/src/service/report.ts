/** The `onResponse` report of an answer (`Exchange`). */
import type { OperationId } from '@supportkb/sdk';
import { isNotModified, isUnanswered, textOf, type Result } from '../http/results';
import type { Exchange } from './options';

/** Tells `listener` about one answer; a listener's own failure is ignored. */
export function report(listener: (exchange: Exchange) => void, operationId: OperationId, request: Request, result: Result): void {
  try {
    if (isUnanswered(result)) {
      listener({ operationId, method: request.method, url: request.url, status: 0, contentType: 'none', body: null, headers: {} });
      return;
    }
    if (isNotModified(result)) {
      listener({ operationId, method: request.method, url: request.url, status: 304, contentType: 'none', body: null, headers: { ...result.headers } });
      return;
    }
    const text = textOf(result);
    // The media type a handler named (an HTML error page; `application/json` for an empty `res.json()`), else the default of the body.
    const named = Object.entries(result.headers ?? {})
      .find(([name]) => name.toLowerCase() === 'content-type')?.[1]
      ?.split(';')[0]!
      .trim() as Exchange['contentType'] | undefined;
    listener({
      operationId,
      method: request.method,
      url: request.url,
      status: result.status,
      contentType: named ?? (text !== undefined ? 'text/plain' : 'application/json'),
      body: text !== undefined ? text : JSON.parse(JSON.stringify(result.body ?? null)),
      headers: { ...result.headers },
    });
  } catch {
    // The listener's failures are its own.
  }
}
