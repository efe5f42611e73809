import { operations } from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { badInputStatusOf, declaresTextBadRequest, mswPathOf, operationIds, operationMeta } from '../src/manifest';

describe('the manifest as the mock reads it', () => {
  it("is the SDK's manifest: every operationId, with the mock's MSW path", () => {
    expect(operationIds).toHaveLength(64);
    expect(operationMeta('getTag')).toMatchObject({ ...operations.getTag, mswPath: '/:project_id/tags/:id', authenticated: true });
    expect(operationMeta('signIn').authenticated).toBe(false);
  });

  it('turns path templates into MSW paths', () => {
    expect(mswPathOf('/{project_id}/project_users/users/{user_id}')).toBe('/:project_id/project_users/users/:user_id');
  });

  it('throws a TypeError for an operationId the contract lacks', () => {
    expect(() => operationMeta('getTags' as never)).toThrow(TypeError);
  });

  it("reads the status of bad input and the plain-text 400 from the operation's declared responses", () => {
    expect(badInputStatusOf(operations.signIn)).toBe(422); // the route validates with express-validator
    expect(badInputStatusOf(operations.createTag)).toBe(400); // it does not: strict mode answers 400
    expect(badInputStatusOf(operations.listLeads)).toBe(400);
    expect(declaresTextBadRequest(operations.listTags)).toBe(true);
    expect(declaresTextBadRequest(operations.listContents)).toBe(false);
  });
});
