import type { PARAM_TYPES } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';

export type ParamType = (typeof PARAM_TYPES)[number];
export type ParamValue = Record<string, number | string | boolean>;

/** The subjects of a Chinese senior high school, in timetable order. */
export const SENIOR_SUBJECTS = [
  '语文',
  '数学',
  '英语',
  '物理',
  '化学',
  '生物',
  '政治',
  '历史',
  '地理',
];

/**
 * What each parameter page holds before a school saves it. Level lines are shares
 * of full marks: 优秀 85 %, 良好 70 %, 及格 60 %, 低分 30 %.
 */
export const DEFAULT_PARAMS: Record<ParamType, ParamValue> = {
  reportPush: {
    enabled: false,
    pushToParents: false,
    pushToStudents: false,
    showRank: false,
    showScore: true,
  },
  level: { excellent: 85, good: 70, pass: 60, low: 30 },
  knowledge: { masteredPercent: 80, weakPercent: 60 },
  undulate: { rankChange: 50, scoreChangePercent: 10 },
  // border: the 临界 band below each line, in 分 unless borderInPercent (then % of full marks);
  // tScore500: T scores as 500 + 100z instead of 50 + 10z (docs/reports.md "Settings").
  count: { border: 5, borderInPercent: false, topPercent: 27, bottomPercent: 27, tScore500: false },
  ability: { enabled: true },
  accomplishment: { enabled: true },
  // A 0 is a real score, so means count it unless the school turns excludeZero on.
  average: { excludeZero: false, excludeAbsent: true },
  gradeSet: { showRank: true, showLevel: true, gradeIds: '' },
  other: { watermark: true },
  homework: { lateSubmitDays: 3, autoPublishAnswers: false },
};

const LEVEL_KEYS = ['excellent', 'good', 'pass', 'low'] as const;

/** Checks a page's value beyond its shape; throws a 400 with the reason. */
export function validateParam(type: ParamType, value: ParamValue): ParamValue {
  const defaults = DEFAULT_PARAMS[type];
  for (const [key, v] of Object.entries(value)) {
    const expected = defaults[key];
    if (expected === undefined) throw badRequest(`参数 ${key} 不属于 ${type}`);
    if (typeof v !== typeof expected) throw badRequest(`参数 ${key} 的类型不正确`);
    if (typeof v === 'number' && (!Number.isFinite(v) || v < 0 || v > 100000))
      throw badRequest(`参数 ${key} 超出范围`);
  }
  const merged = { ...defaults, ...value };
  if (type === 'level') {
    const lines = LEVEL_KEYS.map((k) => Number(merged[k]));
    if (lines.some((l) => l < 0 || l > 100)) throw badRequest('等级线须在 0 到 100 之间');
    for (let i = 1; i < lines.length; i++) {
      if ((lines[i] ?? 0) >= (lines[i - 1] ?? 0))
        throw badRequest('等级线须依次降低：优秀 > 良好 > 及格 > 低分');
    }
  }
  return merged;
}

/** One page's settings, defaults filled in. */
export async function readParam(db: Db, schoolId: number, type: ParamType): Promise<ParamValue> {
  const row = await db
    .selectFrom('school_params')
    .select('value')
    .where('school_id', '=', schoolId)
    .where('param_type', '=', type)
    .executeTakeFirst();
  const stored = row ? (JSON.parse(row.value) as ParamValue) : {};
  return { ...DEFAULT_PARAMS[type], ...stored };
}

export async function writeParam(
  db: Db,
  schoolId: number,
  type: ParamType,
  value: ParamValue,
  now: number,
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('school_params')
    .values({ school_id: schoolId, param_type: type, value: json, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['school_id', 'param_type']).doUpdateSet({ value: json, updated_at: now }),
    )
    .execute();
}
