import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareVersions, contractOperations } from '../scripts/releases/extract.mjs';
import { evaluateModels } from '../scripts/releases/model-eval.mjs';
import { expressMatches, releaseRoutes, samePath, stripComments } from '../scripts/releases/routes.mjs';
import { root } from './contract-helpers';

/**
 * The per-release data extracted from the server's git tags (scripts/releases/extract.mjs →
 * scripts/releases/data/releases.json): integrity (window, order, ranges), every contract operation
 * mapped to a route, and facts checked by hand against the tags. The extractor's parts are tested on
 * small sources of their own, since the git repository is no dependency of the tests.
 */
interface Range {
  since: string;
  until?: string;
  [key: string]: unknown;
}
interface Presence {
  since?: string;
  until?: string;
  absentIn?: { since: string; until: string }[];
  ranges: Range[];
}
const data = JSON.parse(readFileSync(join(root, 'scripts/releases/data/releases.json'), 'utf8')) as {
  source: { from: string; to: string; count: number };
  releases: string[];
  operations: Record<string, Presence & { method: string; path: string; line: { release: string; file: string; line: number } }>;
  models: Record<string, Presence & { file: string; fields: Record<string, Presence> }>;
  evaluation: Record<string, (Range & { status: string; reason?: string })[]>;
};
const { releases } = data;
const index = (v: string) => {
  const i = releases.indexOf(v);
  if (i < 0) throw new Error(`${v} is no release of the window`);
  return i;
};

/** Checks a range list: known releases, since <= until, ordered and disjoint, and the summary agrees. */
function checkRanges(what: string, entry: Presence | { ranges: Range[] }) {
  let previousEnd = -1;
  for (const range of entry.ranges) {
    const start = index(range.since);
    const end = range.until === undefined ? releases.length - 1 : index(range.until);
    expect(start, `${what}: since ${range.since} <= until ${range.until}`).toBeLessThanOrEqual(end);
    expect(start, `${what}: ranges ordered and disjoint`).toBeGreaterThan(previousEnd);
    previousEnd = end;
  }
  if ('since' in entry && entry.ranges.length) {
    expect(entry.since).toBe(entry.ranges[0]!.since);
    expect(entry.until).toBe(entry.ranges.at(-1)!.until);
  }
}

describe('releases.json', () => {
  it('covers the window 2.10.0 .. 2.19.16 in semver order, every release once', () => {
    expect(data.source).toMatchObject({ from: '2.10.0', to: '2.19.16', count: releases.length });
    expect(releases[0]).toBe('2.10.0');
    expect(releases.at(-1)).toBe('2.19.16');
    expect(new Set(releases).size).toBe(releases.length);
    for (let i = 1; i < releases.length; i++) expect(compareVersions(releases[i - 1]!, releases[i]!)).toBeLessThan(0);
    // the patch lines released beside newer minors are in: the 2.17 line after 2.18.1 by date
    expect(releases).toEqual(expect.arrayContaining(['2.11.6', '2.12.0', '2.16.2', '2.17.9', '2.18.1']));
    expect(releases.length).toBe(257);
  });

  it('maps every contract operation to a route, with valid ranges', () => {
    const ids = contractOperations(root)
      .map((op: { operationId: string }) => op.operationId)
      .sort();
    expect(ids.length).toBeGreaterThanOrEqual(64);
    expect(Object.keys(data.operations).sort()).toEqual(ids);
    for (const [id, op] of Object.entries(data.operations)) {
      expect(op.since, `${id} has a route in some release`).toBeDefined();
      expect(op.line.file).toMatch(/^(routes|pubmodules)\/.+\.js$/);
      checkRanges(id, op);
      for (const range of op.ranges) expect(range.route).toMatch(/^(GET|POST|PUT|PATCH|DELETE|ALL) \//);
    }
  });

  it('has valid ranges for every model field', () => {
    for (const [name, model] of Object.entries(data.models)) {
      checkRanges(name, model);
      for (const [field, entry] of Object.entries(model.fields)) {
        checkRanges(`${name}.${field}`, entry);
        for (const range of entry.ranges) expect(typeof range.type, `${name}.${field}`).toBe('string');
      }
    }
    for (const [file, list] of Object.entries(data.evaluation)) checkRanges(file, { ranges: list });
  });

  it('evaluated every model file of the newest release', () => {
    for (const [file, list] of Object.entries(data.evaluation)) expect(list.at(-1), file).toMatchObject({ status: 'evaluated' });
  });

  // Checked by hand against the tags (git show <tag>:models/project_user.js, models/group.js, ...).
  it.each([
    ['project_user', 'roleType', '2.18.1', undefined],
    ['project_user', 'permissions', '2.18.1', undefined],
    ['project_user', 'events', '2.10.0', '2.17.9'],
    ['project_user', 'trashed', '2.11.9', undefined],
    ['group', 'enabled', '2.11.6', undefined],
    ['group', 'attributes', '2.11.6', undefined],
    ['lead', 'status', '2.10.0', undefined],
    ['message', 'channel_type', '2.10.0', undefined],
    ['message', 'channel.name', '2.10.0', undefined],
    ['request', 'contact', '2.15.3', undefined],
    ['user', 'phone', '2.10.88', undefined],
  ])('%s.%s: since %s, until %s', (model, field, since, until) => {
    const entry = data.models[model!]!.fields[field!]!;
    expect(entry.since).toBe(since);
    expect(entry.until).toBe(until);
  });

  it('records the release whose analyticResult model cannot load, with the reason', () => {
    const failed = data.evaluation['models/analyticResult.js']!.filter((r) => r.status === 'failed');
    // 2.14.19 declares `let config` twice: the file cannot load at all
    expect(failed.map((r) => [r.since, r.until, r.reason])).toEqual([['2.14.19', '2.14.19', "SyntaxError: Identifier 'config' has already been declared"]]);
  });
});

describe('the extractor on small sources', () => {
  it('evaluates a model file with a recording mongoose, following models/ requires', () => {
    const files: Record<string, string> = {
      'models/thing.js': `
        var mongoose = require('mongoose'); var Schema = mongoose.Schema;
        var winston = require('../config/winston');
        var Sub = require('./sub');
        var C = require('./constants');
        var ThingSchema = new Schema({
          name: { type: String, required: true, index: true },
          kind: { type: String, enum: [C.A, C.B], default: C.A },
          count: { type: Number, default: 0 },
          at: { type: Date, default: Date.now },
          owner: { type: Schema.Types.ObjectId, ref: 'user' },
          nested: { a: String, type: { type: String } },
          subs: [Sub],
          list: [{ type: String }],
          fromEnv: { type: String, default: process.env.X || winston.level },
        }, { timestamps: true });
        ThingSchema.virtual('label').get(function () { return this.name; });
        ThingSchema.index({ name: 1 });
        module.exports = mongoose.model('thing', ThingSchema);`,
      'models/sub.js': `var mongoose = require('mongoose'); module.exports = new mongoose.Schema({ tag: String });`,
      'models/constants.js': `module.exports = { A: 'a', B: 'b' };`,
      'models/broken.js': `let x = 1; let x = 2;`,
    };
    const out = evaluateModels(['models/thing.js', 'models/broken.js', 'models/absent.js'], (f: string) => files[f]);
    expect(out['models/thing.js']!.error).toBeUndefined();
    expect(out['models/thing.js']!.models.thing!.fields).toEqual({
      name: { type: 'String', required: true, index: true },
      kind: { type: 'String', enum: ['a', 'b'], default: 'a' },
      count: { type: 'Number', default: 0 },
      at: { type: 'Date', default: '<function now>' },
      owner: { type: 'ObjectId' },
      nested: { type: 'Nested' },
      'nested.a': { type: 'String' },
      'nested.type': { type: 'String' },
      subs: { type: 'Array<Subdocument>' },
      'subs[].tag': { type: 'String' },
      list: { type: 'Array<String>' },
      fromEnv: { type: 'String', default: '<unresolved>' },
      label: { type: 'virtual' },
      createdAt: { type: 'Date', timestamps: true },
      updatedAt: { type: 'Date', timestamps: true },
    });
    expect(out['models/broken.js']!.error).toMatch(/^SyntaxError: Identifier 'x' has already been declared/);
    expect(out['models/absent.js']).toBeUndefined();
  });

  it('reads mounted routes outside comments, through pubmodules exports', () => {
    const files: Record<string, string> = {
      'app.js': `
        var lead = require('./routes/lead');
        // var old = require('./routes/old');
        app.use('/:projectid/leads', [passport.authenticate(['basic', 'jwt'], { session: false }), roleChecker.hasRoleOrTypes('agent', ['bot'])], lead);
        /* app.use('/:projectid/old', old); */`,
      'routes/lead.js': `
        router.get('/', function (req, res) {}); // list
        // router.post('/', function () {});
        router.put('/:leadid', function (req, res) { var u = "http://x//y"; });
        router.get('/:leadid', function () {});`,
      'pubmodules/pubModulesManager.js': `
        this.analyticsRoute = require('./analytics').analyticsRoute;
        app.use('/:projectid/analytics', [a, b], this.analyticsRoute);`,
      'pubmodules/analytics/index.js': `const analyticsRoute = require("./analytics"); module.exports = {analyticsRoute:analyticsRoute};`,
      'pubmodules/analytics/analytics.js': `router.get('/requests/count', function () {});`,
    };
    const routes = releaseRoutes(
      (f: string) => files[f],
      (f: string) => f in files,
    );
    expect(routes.map((r: { method: string; path: string; file: string; line: number }) => [r.method, r.path, r.file, r.line])).toEqual([
      ['GET', '/:projectid/leads', 'routes/lead.js', 2],
      ['PUT', '/:projectid/leads/:leadid', 'routes/lead.js', 4],
      ['GET', '/:projectid/leads/:leadid', 'routes/lead.js', 5],
      ['GET', '/:projectid/analytics/requests/count', 'pubmodules/analytics/analytics.js', 1],
    ]);
    expect(stripComments('a // b\n/* c\n d */e "//f"')).toBe('a     \n    \n     e "//f"');
    expect(samePath('/:projectid/leads/:leadid', '/{project_id}/leads/{id}')).toBe(true);
    expect(samePath('/:projectid/labels/:lang', '/{project_id}/labels/default')).toBe(false);
    expect(expressMatches('/:projectid/labels/:lang', '/\u0000/labels/default')).toBe(true);
  });
});
