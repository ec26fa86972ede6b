import { defineConfig, type Options } from 'tsup';

/**
 * The build of one published package: ESM with types and source maps, tree-shaken, ES2022.
 * `utf8` keeps Chinese texts as UTF-8 rather than \u escapes (a third of the bytes).
 */
export function packageBuild(options: Options & { utf8?: boolean }) {
  const { utf8, ...rest } = options;
  return defineConfig({
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    treeshake: true,
    target: 'es2022',
    ...(utf8
      ? {
          esbuildOptions(o) {
            o.charset = 'utf8';
          },
        }
      : {}),
    ...rest,
  });
}
