import { Type } from 'typebox';
import { Nullable, Obj, post } from '../builders';
import { Empty, Null, Subject, U } from './common';

const Dic = Obj({ dicCode: Type.String(), dicValue: Type.String() });
const DicCode = Type.String({ pattern: '^[0-9]{9}$' });

/** Score level lines as a percentage of full marks (spec: 优秀/良好/及格/低分). */
export const LevelLines = Obj({
  excellent: Type.Number({ minimum: 0, maximum: 100 }),
  good: Type.Number({ minimum: 0, maximum: 100 }),
  pass: Type.Number({ minimum: 0, maximum: 100 }),
  low: Type.Number({ minimum: 0, maximum: 100 }),
});

/** Whether and how reports are pushed to parents and students. */
export const ReportPush = Obj({
  enabled: Type.Boolean(),
  pushToParents: Type.Boolean(),
  pushToStudents: Type.Boolean(),
  showRank: Type.Boolean(),
  showScore: Type.Boolean(),
});

/** The school dictionary: single values by code, level lines, report push. */
export const dictionaryRoutes = {
  dicGetValue: post(
    `${U}/school/dic/get_value`,
    'one dictionary value',
    Obj({ dicCode: DicCode }),
    Obj({ dicCode: Type.String(), dicValue: Nullable(Type.String()) }),
  ),
  dicGetCodes: post(
    `${U}/school/dic/get_code`,
    'dictionary values by code',
    Obj({ dicCodes: Type.Array(DicCode, { minItems: 1, maxItems: 100 }) }),
    Type.Array(Dic),
  ),
  dicUpdateValue: post(
    `${U}/school/dic/update_value`,
    'set a dictionary value',
    Obj({ dicCode: DicCode, dicValue: Type.String({ maxLength: 2000 }) }),
    Null,
  ),
  dicGetLevel: post(`${U}/school/dic/get_level`, 'score level lines', Empty, LevelLines),
  dicGetSubject: post(
    `${U}/school/dic/get_subject`,
    'subjects of the school',
    Empty,
    Type.Array(Subject),
  ),
  dicGetLow: post(`${U}/school/dic/get_low`, 'low-score line', Empty, Obj({ low: Type.Number() })),
  dicGetBord: post(
    `${U}/school/dic/get_bord`,
    'borderline band around each level line',
    Empty,
    Obj({ border: Type.Number() }),
  ),
  dicGetAnal: post(
    `${U}/school/dic/get_anal`,
    'analysis settings: top and bottom group shares',
    Empty,
    Obj({ topPercent: Type.Number(), bottomPercent: Type.Number() }),
  ),
  getReportPush: post(
    `${U}/v3/school/dic/get_report_push`,
    'report-push settings',
    Empty,
    ReportPush,
  ),
  saveReportPush: post(
    `${U}/v3/school/dic/save_report_push`,
    'save report-push settings',
    ReportPush,
    Null,
  ),
};
