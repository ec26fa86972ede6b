import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// An app build drops an entry's exports; the host imports the entry for its lifecycle.
const keepLifecycleExports = { preserveEntrySignatures: 'exports-only' as const };

/**
 * Writes the entry page the host reads (spec 001 §8: the entry page, scripts and stylesheets
 * of {host}): the lifecycle module and its stylesheets, by their hashed names.
 */
function entryPage(): Plugin {
  return {
    name: 'ability-growth-entry-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk') throw new Error('no entry chunk');
      const styles = [...(entry.viteMetadata?.importedCss ?? [])];
      const source = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>成长档案子应用 · examkit</title>
    <script type="module" crossorigin src="./${entry.fileName}"></script>
${styles.map((css) => `    <link rel="stylesheet" href="./${css}" />`).join('\n')}
  </head>
  <body>
    <p>这是成长档案子应用的入口页，请从考试系统的“成长档案”入口打开。</p>
  </body>
</html>
`;
      this.emitFile({ type: 'asset', fileName: 'index.html', source });
    },
  };
}

/**
 * The sub-application is built on its own and served from its own host: the lifecycle module
 * is the entry (its exports kept), asset addresses are relative (any folder of any host), and
 * there is no module-preload polyfill (it would watch the host's document).
 */
export default defineConfig({
  base: './',
  plugins: [react(), entryPage()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    modulePreload: { polyfill: false },
    rolldownOptions: { ...keepLifecycleExports, input: 'src/main.tsx' },
  },
});
