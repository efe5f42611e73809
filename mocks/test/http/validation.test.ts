import { describe, expect, it } from 'vitest';
import { badInput, contractViolations, issuesToErrors } from '../../src/http/validation';

describe('validation errors', () => {
  it('turns issues into one express-validator item per field, with the value received and what is wrong', () => {
    const input = { email: 'x', nested: { n: 1 } };
    const issues = [
      { path: ['email'], message: 'Invalid email address' },
      { path: ['email'], message: 'again' },
      { path: ['nested', 'n'], message: 'Invalid input: expected string, received number' },
      { path: ['missing'], message: 'Invalid input: expected string, received undefined' },
    ];
    expect(issuesToErrors(issues, input, 'body')).toEqual([
      { value: 'x', msg: 'Invalid email address', param: 'email', location: 'body' },
      { value: 1, msg: 'Invalid input: expected string, received number', param: 'nested.n', location: 'body' },
      { msg: 'Invalid input: expected string, received undefined', param: 'missing', location: 'body' },
    ]);
  });

  it('names the location for an issue about the whole value, and cuts a long value', () => {
    expect(issuesToErrors([{ path: [], message: 'Expected an object' }], [], 'body')).toEqual([{ value: [], msg: 'Expected an object', param: 'body', location: 'body' }]);
    const [long] = issuesToErrors([{ path: ['tag'], message: 'Too big' }], { tag: 'a'.repeat(500) }, 'body');
    expect(long!.value).toBe(`${'a'.repeat(200)}…`);
  });

  it('answers {errors} with the status given', () => {
    expect(badInput(400, ['text field is required'])).toEqual({ status: 400, body: { errors: ['text field is required'] } });
  });
});

describe('what the contract forbids in a request', () => {
  const path = { project_id: '65f1a2b3c4d5e6f708090a0b' };
  it('names each violation of the path, the query and the body, in English', () => {
    expect(contractViolations('getTag', { path: { ...path, id: 'nope' }, search: new URLSearchParams(), body: undefined, bodySent: false })).toEqual([
      { value: 'nope', msg: 'Invalid string: must match pattern /^[0-9a-fA-F]{24}$/', param: 'id', location: 'params' },
    ]);
    expect(contractViolations('listLeads', { path, search: new URLSearchParams('page=-1'), body: undefined, bodySent: false })).toEqual([
      expect.objectContaining({ value: -1, param: 'page', location: 'query', msg: expect.stringContaining('>=0') }),
    ]);
    expect(contractViolations('createTag', { path, search: new URLSearchParams(), body: { tag: 5 }, bodySent: true, mediaType: 'application/json' })).toEqual([
      { value: 5, msg: 'Invalid input: expected string, received number', param: 'tag', location: 'body' },
    ]);
  });

  it('refuses a body sent as anything but JSON, and takes what the contract allows', () => {
    expect(contractViolations('createTag', { path, search: new URLSearchParams(), body: undefined, bodySent: true, mediaType: 'text/plain' })).toEqual([
      { value: 'text/plain', msg: 'The body must be sent as application/json', param: 'content-type', location: 'headers' },
    ]);
    expect(contractViolations('createTag', { path, search: new URLSearchParams(), body: { tag: 'vip' }, bodySent: true, mediaType: 'application/json' })).toEqual([]);
  });
});
