import { describe, expect, it } from 'vitest';
import { ROLES, roleRank, roleType } from '../../src/auth/roles';

describe('roles', () => {
  it('orders the roles guest < user < teammate < agent < supervisor < admin < owner', () => {
    expect(ROLES).toEqual(['guest', 'user', 'teammate', 'agent', 'supervisor', 'admin', 'owner']);
    expect(roleRank('owner')).toBeGreaterThan(roleRank('admin'));
  });

  it('ranks an unknown role below guest', () => {
    expect(roleRank('root')).toBe(-1);
    expect(roleRank(undefined)).toBeLessThan(roleRank('guest'));
  });

  it('gives end users (user, guest) roleType 2 and agent-side members 1', () => {
    expect(['guest', 'user'].map(roleType)).toEqual([2, 2]);
    expect(['teammate', 'agent', 'supervisor', 'admin', 'owner'].map(roleType)).toEqual([1, 1, 1, 1, 1]);
  });
});
