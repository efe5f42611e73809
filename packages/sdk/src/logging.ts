import { redact, redactHeaders } from './redact';

/** Log levels, most verbose first. `off` (the default) logs nothing and installs no hook. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** A logger: `console` fits, as do pino, winston and the like. */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };

/**
 * A level-filtered logger whose details pass through {@link redact}: `Authorization`, passwords,
 * tokens and secrets never reach the sink. Returns `undefined` when `level` is `off`.
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
