import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';

type BuildValidator = BuildCompilerFromPool;
type Validate = ReturnType<ReturnType<BuildValidator>>;

/** The Ajv options of every server: bodies are checked as sent, never coerced or trimmed. */
export const AJV_OPTIONS = {
  customOptions: {
    removeAdditional: false,
    coerceTypes: false,
    useDefaults: true,
    allErrors: false,
  },
} as const;

/**
 * One pool of Ajv compilers for every server of the process: servers with the same Ajv options
 * share one Ajv, whose cache keeps the contracts' schemas it has compiled (a test run starts
 * hundreds of servers in a few processes).
 */
const sharedPool = AjvCompiler();

/** A validator that compiles on its first call and then is that compiled one (`errors` too). */
function lazyValidator(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  const lazy = ((data: unknown) => {
    validate ??= compile();
    const valid = validate(data);
    lazy.errors = validate.errors ?? null;
    return valid;
  }) as Validate;
  return lazy;
}

/**
 * Fastify's `schemaController.compilersFactory.buildValidator`: the default Ajv compiler, except
 * that a route's schemas are compiled when its first request comes instead of at start-up.
 * Compiling all of them was most of a server's start (about a second of CPU for the seven
 * hundred routes), paid by every restart and by every test server; a request now pays it once,
 * for its own route. `validators.test.ts` compiles every route's schemas, so a bad schema still
 * fails a test rather than a user's first request.
 */
export const lazyValidators: BuildValidator = (externalSchemas, options) => {
  const compile = sharedPool(externalSchemas, options);
  return (route) => lazyValidator(() => compile(route));
};
