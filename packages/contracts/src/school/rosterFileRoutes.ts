import { Type } from 'typebox';
import { Id, Nullable, Obj, post } from '../builders';
import { ById, Empty, FileData, ImportResult, PageBody } from './common';

/** The spreadsheet calls of a roster under `base`, by role. */
const fileCalls = (base: string, one: string, many: string, resultPath: string) => ({
  import: post(`${base}/import`, `import ${many} from .xlsx or .csv`, FileData, ImportResult),
  result: post(
    `${base}/${resultPath}`,
    `result of the latest (or a given) ${one} import`,
    Obj({ jobId: Type.Optional(Id) }),
    Nullable(ImportResult),
  ),
  errors: post(`${base}/import_errors`, "an import's bad rows as a spreadsheet", ById, FileData),
  template: post(`${base}/import_template`, `${one} import template`, Empty, FileData),
  export: post(
    `${base}/export`,
    `${many} in scope as .xlsx (audited, rate limited)`,
    PageBody,
    FileData,
  ),
});

type FileCalls = ReturnType<typeof fileCalls>;

/** What tells one roster's spreadsheet calls from another's. */
export interface RosterFiles<K extends Record<keyof FileCalls, string>> {
  /** Where the calls live, e.g. `/marking-user/user/student`. */
  base: string;
  /** The roster as the summaries name it, e.g. `student`. */
  one: string;
  /** …and in the plural, e.g. `students`. */
  many: string;
  /** The path of the import-result call under `base`. */
  resultPath: string;
  /** Each call's name in the route table, by role. */
  keys: K;
}

/**
 * The five spreadsheet calls of a roster (import, the import's result and bad rows, the template,
 * the export) under the roster's own names, in that order; spread into its route table.
 */
export function rosterFileRoutes<const K extends Record<keyof FileCalls, string>>(
  roster: RosterFiles<K>,
) {
  const calls = fileCalls(roster.base, roster.one, roster.many, roster.resultPath);
  return Object.fromEntries(
    Object.entries(calls).map(([role, call]) => [roster.keys[role as keyof FileCalls], call]),
  ) as { [R in keyof FileCalls as K[R]]: FileCalls[R] };
}
