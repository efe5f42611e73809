import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, declaredTooLarge, jsonDepth, readBodyText } from '../../src/http/body';

const post = (body: BodyInit, headers?: HeadersInit) => new Request('http://mock/x', { method: 'POST', body, headers });

describe('readBodyText', () => {
  it('reads a body within the limit', async () => {
    await expect(readBodyText(post('{"tag":"vip"}'), 100)).resolves.toBe('{"tag":"vip"}');
  });

  it('stops at the limit with BodyTooLargeError, in bytes of UTF-8', async () => {
    await expect(readBodyText(post('é'.repeat(51)), 100)).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(readBodyText(post('é'.repeat(50)), 100)).resolves.toHaveLength(50);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const request = post('{}', { 'Content-Length': '101' });
    expect(declaredTooLarge(request, 100)).toBe(true);
    await expect(readBodyText(request, 100)).rejects.toMatchObject({ name: 'BodyTooLargeError', limit: 100 });
  });

  it('reads the body whole, then applies the limit, where the runtime has no request body stream (Firefox service workers)', async () => {
    const streamless = (text: string) => {
      const request = post(text);
      Object.defineProperty(request, 'body', { value: undefined });
      return request;
    };
    await expect(readBodyText(streamless('{"tag":"vip"}'), 100)).resolves.toBe('{"tag":"vip"}');
    await expect(readBodyText(streamless('x'.repeat(101)), 100)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});

describe('jsonDepth', () => {
  it('counts objects and arrays, skipping brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[{"b":"[[["}]}')).toBe(3);
    expect(jsonDepth('"\\"{"')).toBe(0);
  });

  it('stops counting past stopAt', () => {
    expect(jsonDepth('['.repeat(10_000), 100)).toBe(101);
  });
});
