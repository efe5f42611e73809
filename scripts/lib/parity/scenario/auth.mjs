// The parity scenario's steps (../scenario.mjs): Sign-ins (every way in, and the ways that fail) and the credentials the later steps use.
import { MALFORMED_ID, UNKNOWN_ID, s } from './steps.mjs';

export function authSteps() {
  const form = 'application/x-www-form-urlencoded';
  // Custom tokens signed with a subscription's secret (its audience names the subscription's
  // project): the run knows no project secret but creates a subscription.
  const { createHmac } = process.getBuiltinModule('node:crypto');
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const custom = (claims) => (v) => {
    if (!v.subSecret) return 'JWT none';
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'userexternal', aud: `https://tiledesk.com/subscriptions/${v.subId}`, iat: Math.floor(Date.now() / 1000), ...claims(v) })}`;
    return `JWT ${head}.${createHmac('sha256', v.subSecret).update(head).digest('base64url')}`;
  };
  return [
    s('signIn.wrong-password', 'signIn', { as: 'none', body: (v) => ({ email: v.email, password: `${v.password}-wrong` }) }),
    s('signIn.unknown-email', 'signIn', { as: 'none', body: (v) => ({ email: `${v.run}@nobody.invalid`, password: 'x' }) }),
    s('signIn.empty-body', 'signIn', { as: 'none', body: {} }),
    s('signIn.bad-email', 'signIn', { as: 'none', body: { email: 'not-an-email', password: 'x' } }),
    s('signIn.email-number', 'signIn', { as: 'none', body: { email: 5, password: 'x' } }),
    s('signIn.email-object', 'signIn', { as: 'none', body: { email: { a: 1 }, password: 'x' } }),
    s('signIn.email-array', 'signIn', { as: 'none', body: (v) => ({ email: [v.email], password: v.password }) }),
    s('signIn.email-null', 'signIn', { as: 'none', body: { email: null, password: 'x' } }),
    s('signIn.email-in-query', 'signIn', { as: 'none', query: { email: (v) => v.email }, body: (v) => ({ password: v.password }) }),
    s('signIn.password-in-query', 'signIn', { as: 'none', query: { password: 'x' }, body: (v) => ({ email: v.email }) }),
    s('signIn.password-empty', 'signIn', { as: 'none', body: (v) => ({ email: v.email, password: '' }) }),
    s('signIn.password-zero', 'signIn', { as: 'none', body: (v) => ({ email: v.email, password: 0 }) }),
    s('signIn.password-object', 'signIn', { as: 'none', body: (v) => ({ email: v.email, password: { a: 1 } }) }),
    s('signIn.password-array', 'signIn', { as: 'none', body: (v) => ({ email: v.email, password: [v.password] }) }),
    s('signIn.super-password', 'signIn', { as: 'none', body: (v) => ({ email: v.email, password: 'superadmin' }) }),
    s('signIn.super-password-array', 'signIn', { as: 'none', body: (v) => ({ email: v.email, password: ['superadmin'] }) }),
    s('signIn.admin-email-wrong-password', 'signIn', { as: 'none', body: { email: 'admin@tiledesk.com', password: 'x' } }),
    s('signIn.boot-admin', 'signIn', { as: 'none', body: { email: 'admin@tiledesk.com', password: 'adminadmin' } }),
    s('signIn.body-array', 'signIn', { as: 'none', body: [] }),
    s('signIn.text-plain', 'signIn', { as: 'none', raw: '{"email":"a@b.co","password":"x"}', contentType: 'text/plain' }),
    s('signIn.form', 'signIn', { as: 'none', raw: 'email=nobody%40example.org&password=x', contentType: form }),
    s('signIn.form-bad-email', 'signIn', { as: 'none', raw: 'email=nobody&password=', contentType: form }),
    s('signIn.malformed-json', 'signIn', { as: 'none', raw: '{"email":' }),
    s('signIn.ok', 'signIn', {
      as: 'none',
      body: (v) => ({ email: v.email, password: v.password }),
      save: (v, b) => {
        v.owner = b?.token;
        v.ownerUserId = b?.user?._id;
      },
    }),
    s('signIn.email-uppercase', 'signIn', { as: 'none', body: (v) => ({ email: v.email.toUpperCase(), password: v.password }) }),
    s('signInAnonymously.ok', 'signInAnonymously', {
      as: 'none',
      body: (v) => ({ id_project: v.projectId, firstname: 'Ada', lastname: 'Guest', email: `${v.run}-guest@example.org`, attributes: { sourcePage: 'https://example.org/' } }),
      save: (v, b) => {
        v.guest = b?.token;
        v.guestUuid = b?.user?._id;
      },
    }),
    s('signInAnonymously.minimal', 'signInAnonymously', { as: 'none', body: (v) => ({ id_project: v.projectId }) }),
    s('signInAnonymously.no-project', 'signInAnonymously', { as: 'none', body: { firstname: 'Ada' } }),
    s('signInAnonymously.empty-project', 'signInAnonymously', { as: 'none', body: { id_project: '' } }),
    s('signInAnonymously.project-in-query', 'signInAnonymously', { as: 'none', query: { id_project: 'x' }, body: {} }),
    s('signInAnonymously.malformed-project', 'signInAnonymously', { as: 'none', body: { id_project: MALFORMED_ID } }),
    s('signInAnonymously.unknown-project', 'signInAnonymously', { as: 'none', body: { id_project: UNKNOWN_ID } }),
    s('signInAnonymously.project-array', 'signInAnonymously', { as: 'none', body: (v) => ({ id_project: [v.projectId] }) }),
    s('signInAnonymously.project-document', 'signInAnonymously', { as: 'none', body: (v) => ({ id_project: { _id: v.projectId } }) }),
    s('signInAnonymously.project-number', 'signInAnonymously', { as: 'none', body: { id_project: 0 } }),
    s('signInAnonymously.project-twelve-digits', 'signInAnonymously', { as: 'none', body: { id_project: 123456789012 } }),
    s('signInAnonymously.project-boolean', 'signInAnonymously', { as: 'none', body: { id_project: true } }),
    s('signInAnonymously.firstname-number', 'signInAnonymously', { as: 'none', body: (v) => ({ id_project: v.projectId, firstname: 42 }) }),
    s('signInAnonymously.names-object-array', 'signInAnonymously', { as: 'none', body: (v) => ({ id_project: v.projectId, firstname: { a: 1 }, lastname: ['x', 'y'] }) }),
    s('signInAnonymously.firstname-empty', 'signInAnonymously', { as: 'none', body: (v) => ({ id_project: v.projectId, firstname: '', lastname: 'Only' }) }),
    s('signInAnonymously.attributes-string', 'signInAnonymously', { as: 'none', body: (v) => ({ id_project: v.projectId, attributes: 'x' }) }),
    s('signInAnonymously.form', 'signInAnonymously', { as: 'none', raw: `id_project=${UNKNOWN_ID}&firstname=Form&attributes[a]=1`, contentType: form }),
    s('signInWithCustomToken.agent', 'signInWithCustomToken', {
      as: (v) => `JWT ${v.customAgent}`,
      save: (v, b) => {
        v.agent = b?.token;
        v.agentUserId = b?.user?._id;
      },
    }),
    s('signInWithCustomToken.agent-again', 'signInWithCustomToken', { as: (v) => `JWT ${v.customAgent}` }),
    s('signInWithCustomToken.user', 'signInWithCustomToken', {
      as: (v) => `JWT ${v.customUser}`,
      save: (v, b) => {
        v.user = b?.token;
      },
    }),
    s('signInWithCustomToken.user-again', 'signInWithCustomToken', { as: (v) => `JWT ${v.customUser}` }),
    s('signInWithCustomToken.lowercase-scheme', 'signInWithCustomToken', { as: (v) => `jwt ${v.customUser}` }),
    s('signInWithCustomToken.double-space', 'signInWithCustomToken', { as: (v) => `JWT  ${v.customUser}` }),
    s('signInWithCustomToken.no-aud', 'signInWithCustomToken', { as: (v) => `JWT ${v.customNoAud}` }),
    s('signInWithCustomToken.bad-signature', 'signInWithCustomToken', { as: (v) => `JWT ${v.customBadSignature}` }),
    s('signInWithCustomToken.none', 'signInWithCustomToken', { as: 'none' }),
    s('signInWithCustomToken.garbage', 'signInWithCustomToken', { as: 'JWT not.a.token' }),
    s('signInWithCustomToken.sign-in-token', 'signInWithCustomToken', { as: (v) => v.owner }),
    s('signInWithCustomToken.sign-in-token-project', 'signInWithCustomToken', { as: (v) => v.owner, body: { id_project: MALFORMED_ID } }),
    s('signInWithCustomToken.guest-token', 'signInWithCustomToken', { as: (v) => v.guest }),
    // A subscription to sign custom tokens with (its secret; its audience names the project).
    s('createSubscription.for-tokens', 'createSubscription', {
      body: { event: 'request.close', target: 'https://hooks.example.invalid/tokens' },
      save: (v, b) => {
        v.subId = b?._id;
        v.subSecret = b?.secret;
      },
    }),
    s('signInWithCustomToken.via-subscription', 'signInWithCustomToken', { as: custom((v) => ({ _id: `${v.run}-sub-user`, firstname: 'Sub', lastname: 'User' })) }),
    s('signInWithCustomToken.hex-id', 'signInWithCustomToken', {
      as: custom(() => ({ _id: '5f5f5f5f5f5f5f5f5f5f5f5f', firstname: 'Hex' })),
      save: (v, b) => {
        v.hexUser = b?.token;
      },
    }),
    s('signInWithCustomToken.number-id', 'signInWithCustomToken', { as: custom(() => ({ _id: 42 })) }),
    s('signInWithCustomToken.no-id', 'signInWithCustomToken', { as: custom(() => ({ firstname: 'Nobody' })) }),
    s('signInWithCustomToken.role-object', 'signInWithCustomToken', { as: custom((v) => ({ _id: `${v.run}-role-object`, role: { a: 1 } })) }),
    s('signInWithCustomToken.role-guest', 'signInWithCustomToken', { as: custom((v) => ({ _id: `${v.run}-role-guest`, role: 'guest' })) }),
    s('signInWithCustomToken.admin-existing-email', 'signInWithCustomToken', { as: custom((v) => ({ _id: `${v.run}-admin`, role: 'admin', email: v.email.toUpperCase() })) }),
    s('signInWithCustomToken.admin-new-email', 'signInWithCustomToken', { as: custom((v) => ({ _id: `${v.run}-admin-2`, role: 'admin', email: `${v.run}-Admin2@example.org`, firstname: 'Second' })) }),
    s('signInWithCustomToken.agent-no-email', 'signInWithCustomToken', { as: custom((v) => ({ _id: `${v.run}-agent-no-email`, role: 'agent' })) }),
    s('signInWithCustomToken.aud-not-url', 'signInWithCustomToken', { as: custom(() => ({ _id: 'x', aud: 'not-a-url' })) }),
    s('signInWithCustomToken.aud-other-host', 'signInWithCustomToken', { as: custom((v) => ({ _id: `${v.run}-other-host`, aud: `https://example.org/subscriptions/${v.subId}` })) }),
    s('signInWithCustomToken.secret-token-query', 'signInWithCustomToken', { as: 'none', query: { secret_token: (v) => v.customUser } }),
  ];
}

export function credentialSteps() {
  const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return [
    s('listTags.no-credentials', 'listTags', { as: 'none' }),
    s('listTags.bearer', 'listTags', { as: (v) => `Bearer ${v.owner?.replace(/^JWT /, '')}` }),
    s('listTags.no-scheme', 'listTags', { as: (v) => v.owner?.replace(/^JWT /, '') }),
    s('listTags.garbage-jwt', 'listTags', { as: 'JWT abc.def.ghi' }),
    s('listTags.basic-wrong-password', 'listTags', { as: (v) => basic(v.email, 'nope') }),
    s('listTags.basic', 'listTags', { as: 'basic' }),
    s('listTags.basic-uppercase-email', 'listTags', { as: (v) => basic(v.email.toUpperCase(), v.password) }),
    s('listTags.basic-super-password', 'listTags', { as: (v) => basic(v.email, 'superadmin') }),
    s('listTags.basic-extra-colon', 'listTags', { as: (v) => basic(v.email, `${v.password}:extra`) }),
    s('listTags.lowercase-scheme', 'listTags', { as: (v) => v.owner?.replace(/^JWT /, 'jwt ') }),
    s('listTags.jwt-double-space', 'listTags', { as: (v) => v.owner?.replace(/^JWT /, 'JWT  ') }),
    s('listTags.jwt-extra-word', 'listTags', { as: (v) => `${v.owner} extra` }),
    s('listTags.boot-admin', 'listTags', { as: basic('admin@tiledesk.com', 'adminadmin') }),
    s('listTags.malformed-project', 'listTags', { path: { project_id: MALFORMED_ID } }),
    s('listTags.unknown-project', 'listTags', { path: { project_id: UNKNOWN_ID } }),
    s('listTags.unknown-project-no-credentials', 'listTags', { as: 'none', path: { project_id: UNKNOWN_ID } }),
    s('listTags.guest', 'listTags', { as: 'guest' }),
    s('listTags.user', 'listTags', { as: 'user' }),
    s('listTags.agent', 'listTags', { as: 'agent' }),
  ];
}
