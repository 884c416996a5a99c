// The API's area boundaries (docs/architecture.md, "Areas and their doors"), checked by `pnpm lint`.
// An area is a folder of apps/api/src; the files directly in src (app.ts, main.ts, app-context.ts,
// config.ts, logger.ts, server.ts, cli.ts) wire the areas together.
const area = '^apps/api/src/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'area-through-its-door',
      comment: "Another area's files are reached only through its index.ts: import '../<area>' and export what you need there.",
      severity: 'error',
      from: { path: area },
      to: { path: '^apps/api/src/([^/]+)/.+', pathNot: ['^apps/api/src/$1/', '^apps/api/src/[^/]+/index\\.ts$'] },
    },
    {
      name: 'wiring-through-doors',
      comment: "The application's wiring reaches an area only through its index.ts.",
      severity: 'error',
      from: { path: '^apps/api/src/[^/]+\\.ts$' },
      to: { path: '^apps/api/src/[^/]+/.+', pathNot: '^apps/api/src/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-cycles',
      comment:
        'Areas depend on each other in one direction only (docs/architecture.md). Type-only imports of AppContext do not count: they vanish at run time.',
      severity: 'error',
      from: { path: '^apps/api/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    includeOnly: '^apps/api/src/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
