/**
 * The standalone server's shortcuts around Fetch objects (../../src/server/socket.ts) give what the
 * Fetch objects give: an answer's headers as a `Headers` iterates them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerHeaders } from '../../src/server/socket';

/** What the server wrote before: a `Headers` of the answer's headers, iterated into a record. */
function viaFetch(headers: Record<string, string>): Record<string, string> | 'throws' {
  const out: Record<string, string> = {};
  try {
    new Headers(headers).forEach((value, name) => {
      out[name] = value;
    });
  } catch {
    return 'throws';
  }
  return out;
}

function viaShortcut(headers: Record<string, string>): Record<string, string> | 'throws' {
  try {
    return answerHeaders(headers);
  } catch {
    return 'throws';
  }
}

describe('answerHeaders', () => {
  it('is a Headers iterated: lower-case names, sorted, a name in two cases joined with ", ", values trimmed', () => {
    const headers = { ETag: 'W/"2-l9Fw4VUO7kr8CvBlt4zaMCqXZ0w"', allow: 'GET, POST', 'WWW-Authenticate': 'Basic realm="Users"', Etag: 'x', 'X-Pad': '  padded\t', 'Set-Cookie': 'a=1' };
    expect(Object.entries(answerHeaders(headers))).toEqual(Object.entries(viaFetch(headers)));
    expect(Object.keys(answerHeaders(headers))).toEqual(['allow', 'etag', 'set-cookie', 'www-authenticate', 'x-pad']);
    expect(answerHeaders(headers).etag).toBe('W/"2-l9Fw4VUO7kr8CvBlt4zaMCqXZ0w", x');
    expect(answerHeaders(undefined)).toEqual({});
  });

  it('gives what a Headers gives, in the same order, or throws where it throws, for any names and values', () => {
    const name = fc.oneof(fc.constantFrom('ETag', 'etag', 'Content-Type', 'allow', 'Set-Cookie', 'X-Total'), fc.string({ minLength: 0, maxLength: 8 }));
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom(' a ', '\ta', 'b\t', '', 'W/"1-x"'));
    fc.assert(
      fc.property(fc.dictionary(name, value, { maxKeys: 6 }), (headers) => {
        const expected = viaFetch(headers);
        const got = viaShortcut(headers);
        if (expected === 'throws') expect(got).toBe('throws');
        else expect(typeof got === 'string' ? got : Object.entries(got)).toEqual(Object.entries(expected));
      }),
      { numRuns: 2000 },
    );
  });
});
