import { describe, expect, it } from 'vitest';
import { operationIds, operationMeta } from '../../src/manifest';
import { joinPath, mswMethod, routeOrder } from '../../src/service/routes';

describe('routes', () => {
  it('tries a literal path segment before a parameter at the same place', () => {
    const ordered = operationIds
      .map(operationMeta)
      .sort(routeOrder)
      .map((op) => op.operationId);
    expect(ordered.indexOf('listDefaultLabels')).toBeLessThan(ordered.indexOf('getLabels'));
  });

  it('joins a base URL and an MSW path without a double slash', () => {
    expect(joinPath('*', '/:project_id/tags')).toBe('*/:project_id/tags');
    expect(joinPath('http://localhost:4010/', '/:project_id/tags')).toBe('http://localhost:4010/:project_id/tags');
  });

  it('names the MSW helper of an HTTP method', () => {
    expect(mswMethod('PATCH')).toBe('patch');
  });
});
