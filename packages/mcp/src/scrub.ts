/**
 * Keeps secrets out of everything the server answers or prints: tool results, tool errors and its
 * stderr lines. Three rules, applied to the final text:
 * - every configured secret (the token, the password, a token obtained by signing in), in each form
 *   it may take: with and without its `JWT ` prefix, and URL-encoded;
 * - the value of every JSON field whose name is a secret's (`password`, `token`, `secret`,
 *   `jwtSecret`, `authorization`, `apiKey`, `cookie`, ...), quoted or not;
 * - anything shaped like a JWT (`eyJ…` in three dot-separated parts).
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Field names (lower case, `-` and `_` removed) whose values are secrets: the name is one of these or ends with one. */
const SECRET_NAMES = ['password', 'passwd', 'secret', 'token', 'jwt', 'authorization', 'apikey', 'cookie'];

/** Whether a JSON field name is a secret's (`max_tokens` is not: it counts tokens). */
function isSecretField(name: string): boolean {
  const flat = name.toLowerCase().replace(/[-_]/g, '');
  return SECRET_NAMES.some((secret) => flat === secret || flat.endsWith(secret));
}

/** A JSON field with a string value, its name captured: `"name": "value"` (escapes included). */
const JSON_STRING_FIELD = /("((?:[^"\\]|\\.)*)"\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
/** A JWT: three base64url parts, the first a JSON header (`eyJ`). */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;

/** The forms a configured secret may take in a text: as given, without or with its `JWT ` prefix, URL-encoded, JSON-escaped. */
function secretForms(secret: string): string[] {
  const bare = secret.replace(/^JWT\s+/i, '');
  const forms = new Set([secret, bare, `JWT ${bare}`]);
  for (const form of [...forms]) {
    forms.add(encodeURIComponent(form));
    forms.add(JSON.stringify(form).slice(1, -1));
  }
  // Too short to be told from ordinary text: never scrubbed (a configuration error names none anyway).
  return [...forms].filter((form) => form.length >= 6).sort((a, b) => b.length - a.length);
}

/**
 * A scrubber over the secrets `secrets()` gives at the time of each call (a sign-in adds its token
 * after the server started).
 */
export function createScrubber(secrets: () => readonly string[]): (text: string) => string {
  return (text) => {
    let out = text;
    for (const form of secrets().flatMap(secretForms)) out = out.split(form).join(REDACTED);
    out = out.replace(JSON_STRING_FIELD, (all, prefix: string, name: string) => (isSecretField(name) ? `${prefix}"${REDACTED}"` : all));
    return out.replace(JWT, REDACTED);
  };
}
