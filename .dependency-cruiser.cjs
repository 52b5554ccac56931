/**
 * The house rules of docs/architecture.md ("Import rules"), checked by test/architecture/import-rules.test.ts
 * in `npm test` and by `npm run lint:imports`. Each rule says why, and where the thing goes instead.
 * Decision 209.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-insides',
      comment:
        "A feature is entered only through its index.ts: import what it exports there, or export it there. " +
        'Code two features share belongs in web/lib, web/components or domain.',
      severity: 'error',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/[^/]+/', pathNot: ['^web/features/$1/', '^web/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'app-enters-features-by-the-door',
      comment:
        "web/app imports a feature's index.ts, or a page module (*-page.tsx), or any module it loads lazily " +
        "with import(): a code-split point must name its module, or every page would land in the first bundle.",
      severity: 'error',
      from: { path: '^web/app/' },
      to: {
        path: '^web/features/[^/]+/',
        pathNot: ['^web/features/[^/]+/index\\.ts$', '^web/features/[^/]+/(pages/)?[^/]+-page\\.tsx$'],
        dynamic: false,
      },
    },
    {
      name: 'no-climbing-to-app',
      comment:
        'web/app is the top: router, providers, layout. Features and shared code never import it; ' +
        'a piece they need (a guard, a page shell) belongs in web/components or web/lib.',
      severity: 'error',
      from: { path: '^(web/features|web/lib|web/components|domain)/' },
      to: { path: '^web/app/' },
    },
    {
      name: 'shared-never-imports-features',
      comment:
        'web/lib, web/components and domain are shared by every feature, so they cannot depend on one. ' +
        'Move what they need out of the feature into the shared folder.',
      severity: 'error',
      from: { path: '^(web/lib|web/components|domain)/' },
      to: { path: '^web/features/' },
    },
    {
      name: 'components-call-the-api-not-supabase',
      comment:
        "A feature's UI (.tsx) calls its api/ (fetchers, query options, mutations), never the supabase " +
        'client or supabase-js: one place per feature says what it asks the server.',
      severity: 'error',
      from: { path: '^web/(features|components)/.+[.]tsx$' },
      to: { path: ['^web/lib/supabase[.]ts$', '^node_modules/@supabase/'] },
    },
    {
      name: 'server-never-imports-web-source',
      comment:
        'The server loads the built renderer (dist/web/.ssr) at run time, never web/ source. ' +
        'A fact both sides need goes in domain/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      comment:
        'domain/ is what the web and the server share: it imports only domain/ and zod. ' +
        "Named exception: domain/*.test.ts may use vitest, supabase-js and ws.",
      severity: 'error',
      from: { path: '^domain/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^domain/', '^node_modules/zod/'] },
    },
    {
      name: 'domain-tests-named-exceptions',
      comment: 'domain/*.test.ts may import domain/, vitest, @supabase/supabase-js and ws, nothing else of ours.',
      severity: 'error',
      from: { path: '^domain/.+\\.test\\.ts$' },
      to: { path: '^(server|web|db|test|e2e|scripts|bench)/' },
    },
    {
      name: 'no-cycles',
      comment:
        'Modules that import each other cannot be understood or tested one at a time. ' +
        'Move the shared piece (often a type or a factory) into a third module both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
