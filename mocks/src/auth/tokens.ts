/**
 * The service's JWTs: HS256, issued by `https://tiledesk.com` (the SDK's `WEBHOOK_TOKEN_ISSUER`,
 * the one issuer of every token the service signs), audiences per kind of token, and the time
 * claims checked on every use.
 */
import { SignJWT } from 'jose';
import { WEBHOOK_TOKEN_ISSUER as TOKEN_ISSUER, webhookTokenAudience } from '@supportkb/sdk/webhooks';
import type { User } from '@supportkb/sdk';
import type { Clock } from '../state/clock';
import type { IdGenerator } from '../state/ids';

/** Audience of a custom token of project `projectId` (signed with the project's `jwtSecret`). */
export const projectTokenAudience = (projectId: string): string => `${TOKEN_ISSUER}/projects/${projectId}`;

/** Audience of a webhook subscription's token (signed with the subscription's secret). */
export const subscriptionTokenAudience = webhookTokenAudience;

/** The id in a project or subscription audience (`<issuer>/<kind>/<24 hex digits>`), or undefined. */
export function audienceId(aud: unknown, kind: 'projects' | 'subscriptions'): string | undefined {
  if (typeof aud !== 'string') return undefined;
  const prefix = `${TOKEN_ISSUER}/${kind}/`;
  const id = aud.startsWith(prefix) ? aud.slice(prefix.length) : '';
  return /^[0-9a-fA-F]{24}$/.test(id) ? id : undefined;
}

const encoder = new TextEncoder();

/**
 * Signs an HS256 JWT.
 * @param payload claims (the caller adds `iat`, `iss`, `aud`, `sub` as needed).
 * @param secret shared secret (UTF-8).
 * @returns the compact JWT (no `JWT ` prefix).
 */
export async function signToken(payload: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/** The HS256 key of a secret, as `jwtVerify` takes it. */
export function secretKey(secret: string): Uint8Array {
  return encoder.encode(secret);
}

/**
 * Whether the time claims of a verified token hold at `nowMs` (epoch ms), as jose checks them:
 * `exp` (epoch seconds) must be after now, `nbf` not after now. Absent claims always hold (the
 * service's own sign-in tokens carry no `exp`).
 */
export function tokenTimeValid(claims: Record<string, unknown>, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp === 'number' && claims.exp <= now) return false;
  if (typeof claims.nbf === 'number' && claims.nbf > now) return false;
  return true;
}

/** What signing the service's own tokens reads. */
export interface TokenSigner {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Secret of the service's own tokens. */
  readonly serverSecret: string;
}

/** The `Authorization` value of a sign-in of a stored user (`sub` `user`, no `exp`): `JWT <token>`. */
export async function userToken(signer: TokenSigner, user: User): Promise<string> {
  const { _id, email, firstname, lastname, emailverified } = user;
  const claims = { _id, email, firstname, lastname, emailverified, iat: Math.floor(signer.clock.now() / 1000), aud: TOKEN_ISSUER, iss: TOKEN_ISSUER, sub: 'user', jti: signer.ids.uuid() };
  return `JWT ${await signToken(claims, signer.serverSecret)}`;
}

/** The anonymous user a guest token names. */
export interface GuestClaims {
  _id: string;
  firstname: string;
  lastname?: string;
  email?: string;
  attributes?: Record<string, unknown>;
}

/** The `Authorization` value of an anonymous sign-in (`sub` `guest`): `JWT <token>`. */
export async function guestToken(signer: TokenSigner, guest: GuestClaims): Promise<string> {
  const claims = { ...guest, iat: Math.floor(signer.clock.now() / 1000), aud: TOKEN_ISSUER, iss: TOKEN_ISSUER, sub: 'guest', jti: signer.ids.uuid() };
  return `JWT ${await signToken(claims, signer.serverSecret)}`;
}
