import { describe, expect, it } from 'vitest';
import { badInput, issuesToErrors } from '../../src/http/validation';

describe('validation errors', () => {
  it('turns issues into one express-validator item per field, with the value received', () => {
    const input = { email: 'x', nested: { n: 1 } };
    const issues = [
      { path: ['email'], message: 'bad' },
      { path: ['email'], message: 'bad again' },
      { path: ['nested', 'n'], message: 'bad' },
      { path: ['missing'], message: 'required' },
    ];
    expect(issuesToErrors(issues, input, 'body')).toEqual([
      { value: 'x', msg: 'Invalid value', param: 'email', location: 'body' },
      { value: 1, msg: 'Invalid value', param: 'nested.n', location: 'body' },
      { msg: 'Invalid value', param: 'missing', location: 'body' },
    ]);
  });

  it('names the location for an issue about the whole value', () => {
    expect(issuesToErrors([{ path: [], message: 'Expected an object' }], [], 'body')).toEqual([{ value: [], msg: 'Invalid value', param: 'body', location: 'body' }]);
  });

  it('answers {errors} with the status given', () => {
    expect(badInput(400, ['text field is required'])).toEqual({ status: 400, body: { errors: ['text field is required'] } });
  });
});
