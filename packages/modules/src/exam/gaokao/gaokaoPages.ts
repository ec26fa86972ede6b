import type { PageLoader } from '../../routes/types';

const list = () => import('./GaokaoListPage');
const setup = () => import('./SetupPages');
const report = () => import('./GaokaoReportPages');

/** The 新高考 simulation's pages by route name, each loaded lazily (docs/gaokao.md). */
export const gaokaoPages: Readonly<Record<string, PageLoader>> = {
  'exam-gaokao': () => list().then((m) => m.GaokaoListPage),
  'exam-gaokao-leveltype': () => setup().then((m) => m.LevelTypePage),
  'exam-gaokao-chooseExam': () => setup().then((m) => m.ChooseExamPage),
  'exam-gaokao-setLevel': () => setup().then((m) => m.SetLevelPage),
  'exam-gaokao-student-submit': () =>
    import('../../system/pages/ElectivePage').then((m) => m.ElectivePage),
  ...Object.fromEntries(
    (
      [
        ['summary', ['basic', 'scoreSection', 'transcript']],
        ['subject', ['basic', 'scoreSection']],
        ['like', ['basic', 'levelAnalysis', 'scoreSection', 'transcript']],
        ['wenke', ['basic', 'levelAnalysis', 'scoreSection', 'transcript']],
      ] as const
    ).flatMap(([group, tabs]) =>
      tabs.map((tab): [string, PageLoader] => [
        `exam-gaokao-report-${group}-${tab}`,
        () => report().then((m) => m.GAOKAO_REPORT_PAGES[`${group}/${tab}`]!),
      ]),
    ),
  ),
};
