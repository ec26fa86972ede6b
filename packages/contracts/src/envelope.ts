import { Type, type Static, type TSchema } from 'typebox';

/** Every response: `{ code, data, msg, message }`, with `msg` and `message` mirrored. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    data: data,
    msg: Type.String(),
    message: Type.String(),
  });

/** The envelope with any data, as the SDK sees it before it knows the call. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
  message: string;
}

export const EmptyData = Type.Null();

export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    pageNum: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export type StaticEnvelope<T extends TSchema> = Static<ReturnType<typeof Envelope<T>>>;
