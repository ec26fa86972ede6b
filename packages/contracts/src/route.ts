import type { Static, TSchema } from 'typebox';

/** How a request body is encoded (spec 000 §7: JSON by default, form or multipart on request). */
export type BodyEncoding = 'json' | 'form' | 'multipart';

/** One call of the API: where it lives, what it takes and what its envelope's data holds. */
export interface RouteContract<
  Body extends TSchema | undefined = TSchema | undefined,
  Query extends TSchema | undefined = TSchema | undefined,
  Data extends TSchema = TSchema,
> {
  method: 'GET' | 'POST';
  url: string;
  encoding: BodyEncoding;
  /** Whether the call needs a signed-in session. */
  auth: boolean;
  body: Body;
  query: Query;
  data: Data;
  summary: string;
}

export const route = <
  Body extends TSchema | undefined,
  Query extends TSchema | undefined,
  Data extends TSchema,
>(
  r: RouteContract<Body, Query, Data>,
) => r;

export type BodyOf<R> =
  R extends RouteContract<infer B, TSchema | undefined, TSchema>
    ? B extends TSchema
      ? Static<B>
      : undefined
    : never;
export type QueryOf<R> =
  R extends RouteContract<TSchema | undefined, infer Q, TSchema>
    ? Q extends TSchema
      ? Static<Q>
      : undefined
    : never;
export type DataOf<R> =
  R extends RouteContract<TSchema | undefined, TSchema | undefined, infer D> ? Static<D> : never;
