import { zKnowledgeBasePreviewSettings } from '@supportkb/sdk/zod';
import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/state/clock';
import { defaultPreviewSettings, newKnowledgeBase, newLead, newTag, newTeammate } from '../../src/state/factories';
import { createIdGenerator } from '../../src/state/ids';

const env = () => ({ clock: createClock({ frozen: true }), ids: createIdGenerator() });

describe('factories', () => {
  it('draw an id only when none is given, so fixed ids leave the sequence untouched', () => {
    const e = env();
    expect(newTag(e, { _id: '65f1a2b3c4d5e6f708091101', tag: 'vip' })._id).toBe('65f1a2b3c4d5e6f708091101');
    expect(newTag(e, { tag: 'next' })._id).toBe('660000000000000000000001');
  });

  it('give the defaults of a new document, overridden by the fields given; undefined means not given', () => {
    const lead = newLead(env(), { fullname: 'Ada', email: undefined, status: undefined });
    expect(lead).toEqual({ _id: '660000000000000000000001', tags: [], status: 100, fullname: 'Ada', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', __v: 0 });
    expect(lead).not.toHaveProperty('email');
  });

  it('derive a teammate roleType from its role', () => {
    // No presence until the user connects (the websocket sets it); permissions [] (models/project_user.js).
    expect(newTeammate(env(), { role: 'guest' })).toMatchObject({ role: 'guest', roleType: 2, status: 'active', permissions: [] });
    expect(newTeammate(env())).not.toHaveProperty('presence');
    expect(newTeammate(env())).toMatchObject({ role: 'agent', roleType: 1 });
  });

  it("give a knowledge base the contract's default preview settings", () => {
    expect(defaultPreviewSettings()).toEqual(zKnowledgeBasePreviewSettings.parse({}));
    expect(newKnowledgeBase(env(), { name: 'FAQ', id_project: '65f1a2b3c4d5e6f708090a0b', default: false }).preview_settings).toEqual(defaultPreviewSettings());
  });
});
