// @ts-nocheck -- BASELINE: 9 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Risky behaviours of a deployment that `npm run conformance` can observe without changing anything
// it did not create: they pass the contract, but a user must design around them (the contract's
// "Known server behaviour" guide says what each means). Reported as warnings, which never fail the
// run. Each probe either reads, or writes only resources named after the run and removes them.
import { roleLadder } from '@supportkb/sdk/manifest';

/** The claims of a JWT (unverified: only to read them). */
function claimsOf(token) {
  try {
    return JSON.parse(
      Buffer.from(
        String(token)
          .replace(/^jwt\s+/i, '')
          .split('.')[1],
        'base64url',
      ).toString('utf8'),
    );
  } catch {
    return undefined;
  }
}

/** The standard roles of the server's role guard (`middleware/has-role.js`): the SDK manifest's ladder, from the contract. */
const STANDARD_ROLES = new Set(roleLadder);

/**
 * Runs the probes and returns one sentence per risk found.
 * @param {object} options
 * @param {string} options.baseUrl
 * @param {string} options.projectId
 * @param {string} options.admin the `Authorization` value of the admin or owner the run signed in as.
 * @param {string} [options.email] the account's email (the super-password probe needs it).
 * @param {any} [options.signIn] the 200 body of the run's sign-in, if it signed in.
 * @param {any[]} [options.teammates] the 200 body of `listTeammates`, if any.
 * @param {string} options.run the run's prefix (names of what the probes create).
 * @param {boolean} options.readOnly write nothing.
 * @param {number} options.timeout per request, ms.
 * @returns {Promise<string[]>}
 */
export async function probeRisks(options) {
  const { baseUrl, projectId, admin, run } = options;
  const warnings = [];
  const call = async (method, path, { body, auth = admin } = {}) => {
    const headers = { accept: 'application/json', ...(auth ? { authorization: auth } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
    try {
      const response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(options.timeout) });
      const text = await response.text();
      let parsed;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: response.status, body: parsed };
    } catch {
      return { status: 0, body: undefined };
    }
  };
  const P = `/${projectId}`;

  // Sign-in tokens without expiry.
  const claims = options.signIn?.token ? claimsOf(options.signIn.token) : undefined;
  if (claims && claims.exp === undefined) {
    warnings.push(
      'sign-in tokens carry no expiry (no `exp` claim): a leaked token works until the deployment changes its secret (GLOBAL_SECRET); keep tokens out of logs and rotate the secret to revoke them',
    );
  }
  // The password hash in the sign-in answer.
  if (options.signIn?.user && 'password' in options.signIn.user) {
    warnings.push("the sign-in answer carries the account's password hash (`user.password`): do not log or store sign-in answers whole");
  }
  // The default super password.
  if (options.email) {
    const probe = await call('POST', '/auth/signin', { auth: null, body: { email: options.email, password: 'superadmin' } });
    if (probe.status === 200) {
      const leaks = probe.body?.user && typeof probe.body.user === 'object' && 'password' in probe.body.user;
      warnings.push(
        `the default super password signs in as ${options.email} (the deployment does not set SUPER_PASSWORD, whose default is "superadmin"): anyone can sign in as any user${leaks ? ', and the answer carries the password hash' : ''}; set SUPER_PASSWORD to a secret`,
      );
    }
  }
  // The administrator every server start creates with a known password.
  const boot = await call('POST', '/auth/signin', { auth: null, body: { email: 'admin@tiledesk.com', password: 'adminadmin' } });
  if (boot.status === 200) {
    warnings.push(
      'the administrator every server start creates signs in with its default password (admin@tiledesk.com / adminadmin), and its e-mail passes the role checks of most routes: change its password or remove it',
    );
  }
  // Teammates whose role the role guard does not know: they pass every role check.
  const odd = (options.teammates ?? []).filter((t) => t && typeof t === 'object' && !STANDARD_ROLES.has(t.role));
  if (odd.length) {
    const roles = [...new Set(odd.map((t) => (typeof t.role === 'string' ? t.role : 'none')))].join(', ');
    warnings.push(`${odd.length} teammate(s) have a custom role or none (${roles}): the server's role guard lets such teammates through every role check (admin-only operations included)`);
  }
  if (options.readOnly) return warnings;

  // No ADMIN_EMAIL: a caller without an e-mail who is no member passes every role check. An anonymous
  // end user of another (non-existent) project tries an admin-only read of this one.
  const stranger = await call('POST', '/auth/signinAnonymously', { auth: null, body: { id_project: '000000000000000000000001', firstname: `${run}-stranger` } });
  if (stranger.status === 200 && typeof stranger.body?.token === 'string') {
    const read = await call('GET', `${P}/analytics/requests/count`, { auth: stranger.body.token });
    if (read.status === 200) {
      warnings.push(
        "an anonymous end user of another project passes the role checks of this one (the deployment does not set ADMIN_EMAIL, and the role guard compares the caller's missing e-mail with the missing setting): any caller without an e-mail reads and writes any project; set ADMIN_EMAIL",
      );
    }
  }

  // `sortField` ignored (the server reads `sort`): two tags of the run created in the opposite of their alphabetical order.
  const first = await call('POST', `${P}/tags`, { body: { tag: `${run}-sort-z` } });
  const second = await call('POST', `${P}/tags`, { body: { tag: `${run}-sort-a` } });
  if (first.status === 200 && second.status === 200) {
    const listed = await call('GET', `${P}/tags?sortField=tag&direction=1`);
    const names = Array.isArray(listed.body) ? listed.body.map((t) => t?.tag).filter((n) => n === `${run}-sort-z` || n === `${run}-sort-a`) : [];
    if (names.length === 2 && names[0] === `${run}-sort-z`) {
      warnings.push('lists ignore `sortField` (the documented name): this deployment sorts by `sort`; the SDK sends both, raw HTTP clients must send `sort`');
    }
  }
  for (const created of [first, second]) if (created.body?._id) await call('DELETE', `${P}/tags/${created.body._id}`);

  // A boolean filter read as true whatever its value: `with_email=false` hides leads without an email.
  const nomail = await call('POST', `${P}/leads`, { body: { fullname: `${run} Nomail` } });
  if (nomail.status === 200 && nomail.body?._id) {
    const listed = await call('GET', `${P}/leads?with_email=false&limit=1000`);
    const leads = listed.body?.leads;
    if (Array.isArray(leads) && (listed.body.count ?? 0) <= 1000 && !leads.some((l) => l?._id === nomail.body._id)) {
      warnings.push(
        'boolean query parameters read any value as true: `with_email=false` filters like `with_email=true` (also `with_fullname`, `count`); the SDK never sends them as false, raw HTTP clients must leave them out',
      );
    }
    await call('DELETE', `${P}/leads/${nomail.body._id}`);
  }

  // One secret for every subscription created since the server started.
  const subscriptions = [];
  for (const event of ['group.create', 'group.delete']) {
    const target = `https://conformance.supportkb.invalid/${run}/risk-${event}`;
    const created = await call('POST', `${P}/subscriptions`, { body: { event, target } });
    // A project that already has a subscription to the event gets that one back: never ours to delete.
    if (created.status === 200 && created.body?._id && created.body.target === target) subscriptions.push(created.body);
  }
  if (subscriptions.length === 2 && subscriptions[0].secret && subscriptions[0].secret === subscriptions[1].secret && subscriptions[0]._id !== subscriptions[1]._id) {
    warnings.push(
      'every subscription created since the server started shares one secret: a receiver of one subscription can forge deliveries of another; verify deliveries with the subscription id pinned (verifyWebhook({ subscriptionId }))',
    );
  }
  for (const subscription of subscriptions) await call('DELETE', `${P}/subscriptions/${subscription._id}`);
  return warnings;
}
