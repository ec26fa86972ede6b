/** A 新高考 report group: its path segment, permission key, title and `[tab, title]` pairs. */
export type GaokaoReportGroup = readonly [
  group: 'summary' | 'subject' | 'like' | 'wenke',
  perm: string,
  title: string,
  tabs: readonly (readonly [tab: string, title: string])[],
];

/**
 * The 新高考 report's groups and their tabs, as the catalogue lists their routes and the
 * report page shows its two rows of links (`/exam/gaokao/report/:id/<group>/<tab>`).
 */
export const GAOKAO_REPORT_GROUPS: readonly GaokaoReportGroup[] = [
  [
    'summary',
    'Summary',
    '总体报告',
    [
      ['basic', '基本情况'],
      ['scoreSection', '分数段'],
      ['transcript', '成绩单'],
    ],
  ],
  [
    'subject',
    'Subject',
    '学科报告',
    [
      ['basic', '基本情况'],
      ['scoreSection', '分数段'],
    ],
  ],
  ...(['like', 'wenke'] as const).map((g): GaokaoReportGroup => [
    g,
    g,
    g === 'like' ? '物理类报告' : '历史类报告',
    [
      ['basic', '基本情况'],
      ['levelAnalysis', '等级分析'],
      ['scoreSection', '分数段'],
      ['transcript', '成绩单'],
    ],
  ]),
];
