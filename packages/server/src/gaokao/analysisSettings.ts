import { profileProblem, type GradeLevel } from '@examkit/analysis';
import {
  GAOKAO_CORE_SUBJECTS,
  GAOKAO_FIRST_SUBJECTS,
  type GaokaoProfileCode,
} from '@examkit/contracts';
import { badRequest } from '../core/envelope';
import { builtInProfile } from './load';

/** What a new analysis is asked for: its name, 赋分 profile (levels for a custom one) and subjects. */
export interface AnalysisRequest {
  name: string;
  profileCode: GaokaoProfileCode;
  levels?: readonly GradeLevel[];
  convertedSubjects: readonly string[];
}

/**
 * Checks a new 新高考 analysis of an exam or a joint exam (`of`: 考试 or 联考) with these subject
 * names, and gives its trimmed name, its levels and its profile's name; a problem is a 400.
 */
export function analysisSettings(
  of: '考试' | '联考',
  names: readonly string[],
  body: AnalysisRequest,
) {
  const lacking = GAOKAO_CORE_SUBJECTS.filter((n) => !names.includes(n));
  if (lacking.length > 0) throw badRequest(`${of}缺少${lacking.join('、')}，不能进行新高考分析`);
  if (!GAOKAO_FIRST_SUBJECTS.some((n) => names.includes(n)))
    throw badRequest(`${of}缺少物理和历史，不能进行新高考分析`);
  const absentSubject = body.convertedSubjects.find((n) => !names.includes(n));
  if (absentSubject) throw badRequest(`${of}没有${absentSubject}，不能设为赋分科目`);
  let levels: readonly GradeLevel[];
  let profileName: string;
  if (body.profileCode === 'custom') {
    if (!body.levels) throw badRequest('自定义赋分方式需要设置等级');
    const problem = profileProblem(body.levels);
    if (problem) throw badRequest(problem);
    levels = body.levels.map((l) => ({ ...l, name: l.name.trim() }));
    profileName = '自定义方案';
  } else {
    if (body.levels) throw badRequest('内置赋分方式的等级不能修改，请选择自定义');
    const profile = builtInProfile(body.profileCode)!;
    levels = profile.levels;
    profileName = profile.name;
  }
  const name = body.name.trim();
  if (!name) throw badRequest('分析名称不能为空');
  return { name, levels, profileName };
}
