import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({
  entry: [
    'src/index.ts',
    'src/main.ts',
    'src/seed-cli.ts',
    'src/create-admin-cli.ts',
    'src/precompress-cli.ts',
  ],
  dts: { entry: 'src/index.ts' },
  platform: 'node',
  // The wire contract is a workspace package: keep it external like every other dependency.
  // playwright-core is an optional dependency, which tsup would otherwise bundle: bundled, it
  // cannot find its own data files (`Cannot find module '../browsers.json'`) and PDF export fails.
  // pdfkit reads its font files from its own folder at run time: bundled, it cannot find them.
  external: ['@examkit/contracts', 'playwright-core', 'pdfkit'],
});
