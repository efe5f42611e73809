/**
 * Internal: what `createClient` does around its sign-ins (keep the token; send the custom token as
 * the `Authorization` header). The methods' types are `SignInMethods` (`types.ts`).
 */
import { jwtAuthorization, type CredentialStore } from '../auth';
import { SupportKbError, ValidationError } from '../errors';
import type { OperationId, OperationInfo } from '../generated/operations.gen';
import type { RequestContext } from '../types';

/**
 * What `createClient` does around one operation besides sending it. The generic call runs
 * `prepare` before validation and sending, and `complete` on the 200 body after validation.
 * @internal
 */
export interface OperationBehaviour {
  /** The request's parameters and headers from the method's parameters and the call's headers. */
  prepare?(params: Record<string, unknown>, headers: Record<string, string> | undefined): { params: Record<string, unknown>; headers: Record<string, string> | undefined };
  /** Runs on the 200 body of a successful call. */
  complete?(data: unknown, context: RequestContext): void;
}

/**
 * The sign-ins of `createClient` (the operations of `operations`, the manifest, flagged `signIn`: the contract's `x-sign-in`): each keeps the token of its answer in `credentials` for the calls
 * that follow (an answer without a token throws `ValidationError` and keeps the old credentials), and
 * `signInWithCustomToken({ customToken })` sends the custom JWT as `Authorization: JWT <customToken>`
 * (the operation has no body).
 * @internal
 */
export function signInBehaviours(credentials: CredentialStore, operations: Readonly<Record<OperationId, OperationInfo>>): Partial<Record<OperationId, OperationBehaviour>> {
  const keepToken = (data: unknown, context: RequestContext): void => {
    const token = (data as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) {
      throw new ValidationError('response', [{ path: ['token'], message: 'sign-in answered without a token', code: 'invalid_type' }], data, context);
    }
    credentials.set({ token });
  };
  // Every sign-in the contract marks (`x-sign-in`, `signIn` in the manifest) keeps its token.
  const behaviours: Partial<Record<OperationId, OperationBehaviour>> = {};
  for (const info of Object.values(operations)) if (info.signIn) behaviours[info.operationId] = { complete: keepToken };
  return {
    ...behaviours,
    signInWithCustomToken: {
      prepare(params, headers) {
        const { customToken, ...rest } = params;
        if (typeof customToken !== 'string' || !customToken.trim()) throw new SupportKbError('signInWithCustomToken needs { customToken }.');
        return { params: rest, headers: { ...headers, Authorization: jwtAuthorization(customToken) } };
      },
      complete: keepToken,
    },
  };
}
