import { operations } from '@supportkb/sdk';
import { apiOperations } from '@supportkb/sdk/manifest';
import { describe, expect, it } from 'vitest';
import { badInputStatusOf, declaresTextBadRequest, mswPathOf, operationIds, operationMeta } from '../src/manifest';

describe('the manifest as the mock reads it', () => {
  it("is the SDK's manifest: every operationId, with the mock's MSW path", () => {
    expect([...operationIds].sort()).toEqual(Object.keys(apiOperations).sort());
    expect(operationMeta('getTag')).toMatchObject({ ...operations.getTag, mswPath: '/:project_id/tags/:id', authenticated: true });
    expect(operationMeta('getTag')).toEqual({ ...apiOperations.getTag, mswPath: '/:project_id/tags/:id', authenticated: true });
    expect(operationMeta('signIn').authenticated).toBe(false);
  });

  it('turns path templates into MSW paths', () => {
    expect(mswPathOf('/{project_id}/project_users/users/{user_id}')).toBe('/:project_id/project_users/users/:user_id');
  });

  it('throws a TypeError for an operationId the contract lacks', () => {
    expect(() => operationMeta('getTags' as never)).toThrow(TypeError);
  });

  it("keeps the client's `operations` to what it sends, and the rest in `apiOperations` of `@supportkb/sdk/manifest`", () => {
    for (const id of operationIds) {
      expect(apiOperations[id]).toMatchObject(operations[id]);
      for (const key of ['responses', 'bodyFields', 'queryDefaults', 'authOptional', 'acceptsSubscriptionToken']) expect(operations[id], `${id}.${key}`).not.toHaveProperty(key);
    }
    expect(apiOperations.createTag).toMatchObject({ authOptional: false, bodyFields: ['tag', 'color', 'attributes'], acceptsSubscriptionToken: true });
    expect(apiOperations.listLabels.authOptional).toBe(true);
  });

  it("reads the status of bad input and the plain-text 400 from the operation's declared responses", () => {
    expect(badInputStatusOf(apiOperations.signIn)).toBe(422); // the route validates with express-validator
    expect(badInputStatusOf(apiOperations.createTag)).toBe(400); // it does not: strict mode answers 400
    expect(badInputStatusOf(apiOperations.listLeads)).toBe(400);
    expect(declaresTextBadRequest(apiOperations.listTags)).toBe(true);
    expect(declaresTextBadRequest(apiOperations.listContents)).toBe(false);
  });
});
