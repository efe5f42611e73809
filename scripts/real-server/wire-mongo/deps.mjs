// The wire server's npm dependencies, mingo (queries, pipelines, update operators) and bson 6
// (installed under the alias `bson6`, since the server itself needs bson 1.x as `bson`). The sources
// run in place from scripts/real-server/wire-mongo while the packages are installed into the real
// server's install directory, named by the environment variable WIRE_MONGO_MODULES.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const installDir = process.env.WIRE_MONGO_MODULES;
if (!installDir) throw new Error('wire-mongo: WIRE_MONGO_MODULES must name the directory whose node_modules holds mingo and bson6');
const require = createRequire(join(installDir, 'package.json'));

require('mingo/init/system'); // registers every mingo operator in its global context

export const { BSON, ObjectId, Long } = require('bson6');
export const { Query, Aggregator } = require('mingo');
export const { update: mingoUpdate } = require('mingo/updater');
export const { Context, computeValue } = require('mingo/core');
export const { Lazy } = require('mingo/lazy');
