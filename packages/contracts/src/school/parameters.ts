import { Type } from 'typebox';
import { Id, Obj, get, post } from '../builders';
import { Empty, Null, U } from './common';

/** The parameter pages of the school. */
export const PARAM_TYPES = [
  'reportPush',
  'level',
  'knowledge',
  'undulate',
  'count',
  'ability',
  'accomplishment',
  'average',
  'gradeSet',
  'other',
  'homework',
] as const;
/** One of `PARAM_TYPES`. */
export const ParamType = Type.Union(PARAM_TYPES.map((t) => Type.Literal(t)));
/** One parameter page's settings: a flat object of numbers, strings and booleans (level: `LevelLines`). */
export const ParamValue = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }),
  Type.Union([Type.Number(), Type.String({ maxLength: 500 }), Type.Boolean()]),
  { maxProperties: 50 },
);
/** A parameter page with its settings. */
export const Param = Obj({ paramType: Type.String(), value: ParamValue });

/** Parameter pages and the grade display settings. */
export const parameterRoutes = {
  paramList: get(
    `${U}/school/param/list`,
    'every parameter page, defaults filled in',
    Type.Array(Param),
  ),
  paramAdd: post(
    `${U}/school/param/add`,
    'save one parameter page',
    Obj({ paramType: ParamType, value: ParamValue }),
    Null,
  ),
  gradeShowSave: post(
    `${U}/GradeShowInitialize/setSaveData`,
    'grade display settings',
    Obj({
      gradeIds: Type.Array(Id, { maxItems: 50 }),
      showRank: Type.Boolean(),
      showLevel: Type.Boolean(),
    }),
    Null,
  ),
  gradeShowGet: post(
    `${U}/GradeShowInitialize/getEchoData`,
    'grade display settings',
    Empty,
    Obj({
      gradeIds: Type.Array(Type.Integer()),
      showRank: Type.Boolean(),
      showLevel: Type.Boolean(),
    }),
  ),
};
