/**
 * What the recording proxy never writes: credentials, tokens and secrets, replaced by
 * {@link REDACTED} in headers, query strings and bodies, plus every secret value it has seen
 * (the injected token, the password, tokens found in answers) wherever else it appears.
 */

/** The fixed marker that replaces every redacted value. */
export const REDACTED = 'REDACTED';

/** Header names whose values are credentials (lower case): the well-known ones, every one {@link isSecretHeader} also matches. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-hook-secret', 'x-api-key']);

/** A header name that suggests a credential: `*token*`, `*auth*` (`Authorization`, `X-Auth-Token`), `*secret*`, `*key*`, `*cookie*`, `*session*`, `*password*`, `*credential*`, `*signature*`. */
const SECRET_HEADER_NAME = /token|auth|secret|key|cookie|session|passw|credential|signature/i;

/** Whether the header `name` (any case) holds a credential, by its name: its value is never recorded. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || SECRET_HEADER_NAME.test(name);
}

/**
 * Field names (JSON bodies, form bodies, query parameters; case-insensitive) whose values are
 * secrets: sign-in passwords and tokens, custom tokens, subscription `secret`s, project `jwtSecret`s.
 */
const SECRET_FIELD = /^(password|newpassword|oldpassword|token|customtoken|access_token|refresh_token|id_token|jwt|secret|jwtsecret|apikey|api_key)$/i;

/**
 * `JWT …`, `Bearer …` and `Basic …` credentials (the space also URL-encoded, `%20` or `+`), and
 * JWT-shaped strings anywhere, also URL-encoded (`%2E` dots) and right after an escape (`%22eyJ…`,
 * a JWT inside URL-encoded JSON in a query string): a base64url `{"` header, then two more parts.
 */
const CREDENTIAL_IN_TEXT = /\b(?:JWT|Bearer|Basic)(?:\s|%20|\+)+[A-Za-z0-9._~+/=%-]+|eyJ[A-Za-z0-9_-]{6,}(?:\.|%2[Ee])[A-Za-z0-9_-]+(?:\.|%2[Ee])[A-Za-z0-9_-]*/g;

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

/** Text shaped as a form body (`a=1&b=2`): `name=value` pairs joined by `&`, no white space. */
const FORM_TEXT = /^[^\s=&]+=[^\s&]*(?:&[^\s=&]+=[^\s&]*)*$/;

/**
 * A body's text with its secrets redacted, by its content whatever its declared type (`fetch`
 * sends a string body as `text/plain`, and a client may send none): any text that parses as JSON
 * by field, a form body (declared `application/x-www-form-urlencoded`, or text shaped as one) by
 * parameter, anything else as text (credential patterns); every remembered secret is scrubbed later.
 * @param mimeType the declared `Content-Type` (`''` when none).
 */
export function redactBody(text: string, mimeType: string, secrets: SecretSet): string {
  const trimmed = text.trim();
  if (/json/i.test(mimeType) || /^[[{"]/.test(trimmed)) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text), secrets));
    } catch {
      // Not JSON after all: redacted as a form or as text below.
    }
  }
  if (/x-www-form-urlencoded/i.test(mimeType) || FORM_TEXT.test(trimmed)) {
    const params = new URLSearchParams(trimmed);
    let changed = /x-www-form-urlencoded/i.test(mimeType);
    for (const [key, value] of [...params]) {
      if (isSecretField(key)) {
        secrets.add(value);
        params.set(key, REDACTED);
        changed = true;
      }
    }
    if (changed) return params.toString();
  }
  return text;
}
