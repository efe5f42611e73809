import { WEBHOOK_TOKEN_ISSUER } from '@supportkb/sdk/webhooks';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { audienceId, projectTokenAudience, subscriptionTokenAudience, tokenTimeValid, userToken } from '../../src/auth/tokens';
import { createClock } from '../../src/state/clock';
import { createIdGenerator } from '../../src/state/ids';

describe('tokens', () => {
  it("use the SDK's issuer for every kind of token and audience", async () => {
    expect(projectTokenAudience('65f1a2b3c4d5e6f708090a0b')).toBe(`${WEBHOOK_TOKEN_ISSUER}/projects/65f1a2b3c4d5e6f708090a0b`);
    expect(subscriptionTokenAudience('65f1a2b3c4d5e6f708090a0c')).toBe(`${WEBHOOK_TOKEN_ISSUER}/subscriptions/65f1a2b3c4d5e6f708090a0c`);
    const token = await userToken({ clock: createClock({ frozen: true }), ids: createIdGenerator(), serverSecret: 's' }, { _id: '65f1a2b3c4d5e6f708090b01', email: 'a@b.test' });
    expect(decodeJwt(token.slice(4))).toMatchObject({ iss: WEBHOOK_TOKEN_ISSUER, aud: WEBHOOK_TOKEN_ISSUER, sub: 'user' });
  });

  it('reads the project or subscription id of an audience, and nothing from another issuer or a malformed id', () => {
    expect(audienceId(projectTokenAudience('65f1a2b3c4d5e6f708090a0b'), 'projects')).toBe('65f1a2b3c4d5e6f708090a0b');
    expect(audienceId(projectTokenAudience('65f1a2b3c4d5e6f708090a0b'), 'subscriptions')).toBeUndefined();
    expect(audienceId('https://evil.example/projects/65f1a2b3c4d5e6f708090a0b', 'projects')).toBeUndefined();
    expect(audienceId(`${WEBHOOK_TOKEN_ISSUER}/projects/not-an-id`, 'projects')).toBeUndefined();
    expect(audienceId(42, 'projects')).toBeUndefined();
  });

  it('holds the time claims against a moment: exp after it, nbf not after it', () => {
    expect(tokenTimeValid({ exp: 100 }, 99_000)).toBe(true);
    expect(tokenTimeValid({ exp: 100 }, 100_000)).toBe(false);
    expect(tokenTimeValid({ nbf: 100 }, 99_999)).toBe(false);
    expect(tokenTimeValid({}, 0)).toBe(true);
  });
});
