'use strict';
// Stands in for the registry placeholder `http@0.0.0` that @tiledesk/tiledesk-server lists as a
// dependency: anything that requires the package `http` gets Node's own http module.
module.exports = require('node:http');
