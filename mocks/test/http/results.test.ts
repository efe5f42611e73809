import { describe, expect, it } from 'vitest';
import { ok, textOf, toResponse, unauthorized } from '../../src/http/results';

describe('results', () => {
  it('sends a 200 with a JSON body', async () => {
    const response = toResponse(ok({ a: 1 }, { 'x-hook-secret': 's' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-hook-secret')).toBe('s');
    expect(await response.json()).toEqual({ a: 1 });
  });

  it("sends a 200 without body as Express's res.send(null): an empty body without a Content-Type", async () => {
    const empty = ok(undefined);
    expect(textOf(empty)).toBe('');
    const response = toResponse(empty);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('sends 401 as plain text with the Basic challenge', async () => {
    const response = toResponse(unauthorized());
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="Users"');
    expect(await response.text()).toBe('Unauthorized');
  });
});
