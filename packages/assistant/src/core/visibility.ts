import type { AiContext, ContextMode } from '@examkit/contracts';

/**
 * Paths where the floating assistant stays hidden (spec 000 §2): the AI centre, the
 * data-visualisation pages and the homework correction pages.
 */
export const HIDDEN_PATHS: readonly RegExp[] = [
  /^\/ai-center(\/|$)/,
  /\/datav(\/|$)/,
  /^\/homework\/.*correct/,
];

/** Brand variant 1 never shows the assistant (spec 000 §2). */
export const ASSISTANT_OFF_BRAND = 1;

export interface VisibilityInput {
  pathname: string;
  /** The brand variant (bv) of the shell, if any. */
  brandVariant?: number | string | null;
  /** The answer of isUserAiSession: 1 means access. */
  aiAccess: number | null;
}

/** Whether the floating assistant shows on a page. */
export function shouldShowAssistant({
  pathname,
  brandVariant,
  aiAccess,
}: VisibilityInput): boolean {
  if (aiAccess !== 1) return false;
  if (
    brandVariant !== undefined &&
    brandVariant !== null &&
    Number(brandVariant) === ASSISTANT_OFF_BRAND
  )
    return false;
  return !HIDDEN_PATHS.some((p) => p.test(pathname));
}

/** The context mode of a page (spec 000 §4): class report routes, grade report routes, else COMMON. */
export function contextModeOf(pathname: string): ContextMode {
  if (/^\/exam\/single\/report\/class(\/|$)/.test(pathname)) return 'CLASS_REPORT';
  if (/^\/exam\/single\/report\/grade(\/|$)/.test(pathname)) return 'GRADE_REPORT';
  return 'COMMON';
}

const positive = (value: string | null | undefined) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The report in view on a report route: the exam from the path (`…/basic/12`), the class and
 * subject from the query string (`?classId=3&subjectId=5`). Empty on other pages.
 */
export function reportContextOf(pathname: string, search = ''): AiContext {
  if (contextModeOf(pathname) === 'COMMON') return {};
  const params = new URLSearchParams(search);
  const ids = pathname
    .split('/')
    .map(positive)
    .filter((n): n is number => n !== undefined);
  const examId = ids[0];
  const classId = ids[1] ?? positive(params.get('classId'));
  const subjectId = positive(params.get('subjectId'));
  return {
    ...(examId ? { examId } : {}),
    ...(classId ? { classId } : {}),
    ...(subjectId ? { subjectId } : {}),
  };
}
