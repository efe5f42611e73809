/**
 * Internal: the transport's logger, filtered by level (`LogLevel`, `Logger`: `types.ts`) and redacted.
 */
import type { Logger, LogLevel } from '../types';
import { redact, redactHeaders } from './redact';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };

/**
 * A level-filtered logger whose details pass through {@link redact}: `Authorization`, passwords,
 * tokens and secrets never reach the sink. Returns `undefined` when `level` is `off`.
 * @internal
 */
export function createLogger(level: LogLevel = 'off', sink: Logger = console): Logger | undefined {
  if (level === 'off') return undefined;
  const emit = (at: Exclude<LogLevel, 'off'>) => (message: string, details?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const clean = details && redact(details);
    if (clean && 'headers' in clean) clean.headers = redactHeaders(clean.headers as Record<string, string>);
    sink[at](`[supportkb] ${message}`, ...(clean ? [clean] : []));
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
