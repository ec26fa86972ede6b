import { useSearchParams } from 'react-router-dom';
import type { GaokaoLevel, GaokaoProfileCode } from '@examkit/contracts';

/** The setup's choices so far, carried in the address from page to page. */
export interface SetupState {
  profile: GaokaoProfileCode | null;
  levels: GaokaoLevel[] | null;
  examId: number | null;
  /** A joint exam (联考) chosen instead of a single-school exam. */
  jointExamId?: number | null;
}

const CODES: readonly string[] = [
  'common',
  'guangdong',
  'shandong',
  'zhejiang',
  'shanghai',
  'custom',
];

/** Reads the setup's choices from `?profile=&levels=&examId=`. */
export function useSetupState(): SetupState {
  const [params] = useSearchParams();
  const profile = params.get('profile');
  let levels: GaokaoLevel[] | null;
  try {
    const raw = params.get('levels');
    levels = raw ? (JSON.parse(raw) as GaokaoLevel[]) : null;
  } catch {
    levels = null;
  }
  const id = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return {
    profile: profile && CODES.includes(profile) ? (profile as GaokaoProfileCode) : null,
    levels,
    examId: id('examId'),
    jointExamId: id('jointExamId'),
  };
}

/** The query of the next setup page. */
export function setupQuery(state: SetupState): string {
  const params = new URLSearchParams();
  if (state.profile) params.set('profile', state.profile);
  if (state.profile === 'custom' && state.levels)
    params.set('levels', JSON.stringify(state.levels));
  if (state.examId) params.set('examId', String(state.examId));
  if (state.jointExamId) params.set('jointExamId', String(state.jointExamId));
  return params.toString();
}

/** A first check of custom levels before the server's own (which is the one that counts). */
export function levelsProblem(levels: readonly GaokaoLevel[]): string | null {
  if (levels.length === 0) return '至少需要一个等级';
  for (const [i, l] of levels.entries()) {
    if (!l.name.trim()) return `第${i + 1}个等级缺少名称`;
    if (!(l.percent > 0)) return `第${i + 1}个等级的比例必须大于0`;
    if (!Number.isInteger(l.high) || !Number.isInteger(l.low))
      return `第${i + 1}个等级的赋分必须是整数`;
    if (l.high < l.low) return `第${i + 1}个等级的最高分不能低于最低分`;
  }
  const sum = Math.round(levels.reduce((a, l) => a + l.percent, 0) * 10) / 10;
  if (sum !== 100) return `各等级比例之和必须为100%，现为${sum}%`;
  return null;
}
