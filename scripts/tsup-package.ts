import { readFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';
import ts from 'typescript';

/** The source with `/* @__PURE__ *\/` before every call whose callee's text matches `callee`. */
export function markPureCalls(source: string, callee: RegExp): string {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const starts: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && callee.test(node.expression.getText(file)))
      starts.push(node.getStart(file));
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const at of starts.sort((a, b) => b - a))
    out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
  return out;
}

/**
 * An esbuild plugin that marks the calls of the named functions as pure in a package's own
 * sources, so that a bundler drops a module-level value built by them when nothing imports it.
 * The contracts build every schema and route at module level (`Type.Object(…)`, `post(…)`);
 * without the marks an app that uses one call keeps every contract.
 */
function pureCallsPlugin(callee: RegExp) {
  return {
    name: 'pure-calls',
    setup(build: {
      onLoad(
        o: { filter: RegExp },
        f: (a: { path: string }) => Promise<{ contents: string; loader: 'ts' } | undefined>,
      ): void;
    }) {
      build.onLoad({ filter: /\/src\/.*\.ts$/ }, async ({ path }) =>
        path.includes('.test.')
          ? undefined
          : {
              contents: markPureCalls(await readFile(path, 'utf8'), callee),
              loader: 'ts',
            },
      );
    },
  };
}

/**
 * The build of one published package: ESM with types and source maps, tree-shaken, ES2022.
 * `utf8` keeps Chinese texts as UTF-8 rather than \u escapes (a third of the bytes).
 */
export function packageBuild(options: Options & { utf8?: boolean; pureCalls?: RegExp }) {
  const { utf8, pureCalls, ...rest } = options;
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
    ...(pureCalls ? { esbuildPlugins: [pureCallsPlugin(pureCalls)] } : {}),
    ...rest,
  });
}
