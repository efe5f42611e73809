import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/state/clock';
import { createIdGenerator } from '../../src/state/ids';
import { SEED, seed } from '../../src/state/seed';
import { createStore, snapshotStore } from '../../src/state/store';

describe('the seed', () => {
  const target = () => ({ store: createStore(), clock: createClock({ frozen: true }), ids: createIdGenerator() });

  it('is the same dataset on every run', () => {
    const a = target();
    const b = target();
    seed(a);
    seed(b);
    expect(snapshotStore(a.store)).toEqual(snapshotStore(b.store));
  });

  it('holds the project, its members with passwords, and the historical conversations', () => {
    const { store, ...rest } = target();
    seed({ store, ...rest });
    expect(store.projects.get(SEED.projectId)).toMatchObject({ name: 'Acme Support', jwtSecret: SEED.projectSecret });
    for (const member of Object.values(SEED.members)) expect(store.secrets.passwords.get(member.userId)).toBe(member.password);
    expect(store.conversations.size).toBe(SEED.historicalConversations + 1);
    expect(store.teammates.get(SEED.guest.teammateId)).not.toHaveProperty('presence');
    // Every teammate has last_login_at: the model's default (models/project_user.js:62).
    expect(store.teammates.get(SEED.formerAgent.teammateId)).toHaveProperty('last_login_at');
    // The administrator every server creates at boot (services/bootDataLoader.js).
    expect(store.secrets.passwords.get(SEED.bootAdmin.userId)).toBe('adminadmin');
  });

  it('draws no id from the generator (every seeded document has a fixed id)', () => {
    const t = target();
    seed(t);
    expect(t.ids.objectId()).toBe('660000000000000000000001');
  });
});
