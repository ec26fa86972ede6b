import { Type, type TSchema } from 'typebox';
import { route } from './route';

/**
 * Small schema and route builders the contract modules share. Internal: the package's entry
 * points do not export them.
 */

/** An object that refuses unknown fields. */
export const Obj = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object(props, { additionalProperties: false });

/** A schema or null. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A row id in a request: a positive integer. */
export const Id = Type.Integer({ minimum: 1 });

/** A signed-in JSON `POST` call. */
export const post = <B extends TSchema, D extends TSchema>(
  url: string,
  summary: string,
  body: B,
  data: D,
) =>
  route({
    method: 'POST',
    url,
    encoding: 'json',
    auth: true,
    summary,
    body,
    query: undefined,
    data,
  });

/** A signed-in `GET` call with neither body nor query. */
export const get = <D extends TSchema>(url: string, summary: string, data: D) =>
  route({
    method: 'GET',
    url,
    encoding: 'json',
    auth: true,
    summary,
    body: undefined,
    query: undefined,
    data,
  });
