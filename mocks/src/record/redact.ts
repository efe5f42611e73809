/**
 * What the recording proxy never writes: credentials, tokens and secrets, replaced by
 * {@link REDACTED} in headers, query strings and bodies, plus every secret value it has seen
 * (the injected token, the password, tokens found in answers) wherever else it appears.
 */

/** The fixed marker that replaces every redacted value. */
export const REDACTED = 'REDACTED';

/** Header names whose values are credentials (lower case). */
export const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-hook-secret', 'x-api-key']);

/**
 * Field names (JSON bodies, form bodies, query parameters; case-insensitive) whose values are
 * secrets: sign-in passwords and tokens, custom tokens, subscription `secret`s, project `jwtSecret`s.
 */
const SECRET_FIELD = /^(password|newpassword|oldpassword|token|customtoken|access_token|refresh_token|id_token|jwt|secret|jwtsecret|apikey|api_key)$/i;

/** `JWT …`, `Bearer …` and `Basic …` credentials, and bare JWTs, inside any string. */
const CREDENTIAL_IN_TEXT = /\b(?:JWT|Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+|\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/** Whether `name` (a field, parameter or header name) holds a secret. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/**
 * Collects the secret values a session has used, so that the final pass can remove them from
 * every string of the recording whatever field they turn up in.
 */
export class SecretSet {
  readonly #values = new Set<string>();

  /** Remembers `value` (and, for `JWT x`/`Bearer x`, `x` alone); values under 6 characters are too common to scrub. */
  add(value: unknown): void {
    if (typeof value !== 'string') return;
    for (const v of [value, value.replace(/^(?:JWT|Bearer|Basic)\s+/i, '')]) if (v.length >= 6) this.#values.add(v);
  }

  /** `text` with every credential pattern and every remembered secret replaced by {@link REDACTED}. */
  scrub(text: string): string {
    let out = text.replace(CREDENTIAL_IN_TEXT, REDACTED);
    // Longest first, so a secret that contains another goes whole.
    for (const secret of [...this.#values].sort((a, b) => b.length - a.length)) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }
}

/** A copy of a JSON value with every secret field's value replaced (and remembered in `secrets`). */
export function redactJson(value: unknown, secrets: SecretSet): unknown {
  if (Array.isArray(value)) return value.map((item) => redactJson(item, secrets));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (isSecretField(key) && item !== null && item !== undefined && item !== '') {
        collect(item, secrets);
        out[key] = REDACTED;
      } else out[key] = redactJson(item, secrets);
    }
    return out;
  }
  return value;
}

function collect(value: unknown, secrets: SecretSet): void {
  if (typeof value === 'string') secrets.add(value);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) collect(item, secrets);
}

/**
 * A body's text with its secrets redacted: JSON by field, `application/x-www-form-urlencoded` by
 * parameter, anything else as text (credential patterns); every remembered secret is scrubbed later.
 */
export function redactBody(text: string, mimeType: string, secrets: SecretSet): string {
  if (/json/i.test(mimeType)) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text), secrets));
    } catch {
      // Not JSON after all: redacted as text below.
    }
  }
  if (/x-www-form-urlencoded/i.test(mimeType)) {
    const params = new URLSearchParams(text);
    for (const [key, value] of [...params]) {
      if (isSecretField(key)) {
        secrets.add(value);
        params.set(key, REDACTED);
      }
    }
    return params.toString();
  }
  return text;
}
