/**
 * Passwords as the service keeps them: `models/user.js` stores a bcrypt hash (`$2a$10$…`, 60
 * characters) and never selects it, except where a route selects it explicitly — the sign-in with
 * the super password answers the user with it, and a user created by `signInWithCustomToken` is
 * answered as saved, hash included. The mock keeps plain passwords in `store.secrets.passwords`
 * and shows a stand-in hash of the same form (not a real bcrypt hash, and not derived from the
 * password).
 */

/** The super password of a deployment without `SUPER_PASSWORD` (`routes/auth.js`: `process.env.SUPER_PASSWORD || "superadmin"`). */
export const DEFAULT_SUPER_PASSWORD = 'superadmin';

/** `process.env.ADMIN_EMAIL || "admin@tiledesk.com"`: the e-mail whose sign-in answer carries `role: "admin"` (`routes/auth.js`). */
export const DEFAULT_ADMIN_EMAIL = 'admin@tiledesk.com';

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A stand-in for the bcrypt hash the service stores for a user: `$2a$10$` and 53 characters of
 * bcrypt's alphabet, the same for the same user id on every call.
 */
export function passwordHashOf(userId: string): string {
  let state = 0x811c9dc5;
  for (const char of `supportkb-mock:${userId}`) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  let out = '$2a$10$';
  for (let i = 0; i < 53; i++) {
    state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) >>> 0;
    state = (state + 0x9e3779b9) >>> 0;
    out += BCRYPT_ALPHABET[state % BCRYPT_ALPHABET.length];
  }
  return out;
}
