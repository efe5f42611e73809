// dependency-cruiser (`npm run lint:deps`): the layering rules of the code base, checked on every
// import (type-only imports and re-exports included, as TypeScript resolves them).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle: a module and what it imports form a tree (shared types live in a module of their own, as packages/sdk/src/types.ts).',
      from: { pathNot: '(^|/)packages/sdk/src/generated/client/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-out-of-generated-client',
      severity: 'error',
      comment: "hey-api's generated client (never edited by hand) has a type-only cycle of its own (types.gen.ts ↔ utils.gen.ts); no cycle of it goes through another module.",
      from: { path: '(^|/)packages/sdk/src/generated/client/' },
      to: { circular: true, via: { pathNot: '(^|/)packages/sdk/src/generated/client/' } },
    },
    {
      name: 'query-engine-not-resources',
      severity: 'error',
      comment: 'The query engine of the mocks (mocks/src/model/, to be renamed mocks/src/mongoose/) interprets queries on any collection; it never imports a resource group (mocks/src/resources/).',
      from: { path: '(^|/)mocks/src/(model|mongoose)/' },
      to: { path: '(^|/)mocks/src/resources/' },
    },
    {
      name: 'sdk-internal-private',
      severity: 'error',
      comment: "packages/sdk/src/internal/ is the SDK's own: only the SDK's src/ and its tests import it (users cannot: it is not in the exports map).",
      from: { pathNot: '(^|/)packages/sdk/(src|test)/' },
      to: { path: '(^|/)packages/sdk/src/internal/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every relative import resolves to a file.',
      from: {},
      to: { couldNotResolve: true, path: '^[.]' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^build/', '^openapi/', '^scripts/real-server/(stubs|server)/', '^test/fixtures/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
