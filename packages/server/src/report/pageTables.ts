import type { DataOf, reportRoutes } from '@examkit/contracts';
import type { Cell, ColumnKind, ReportTable } from './exportFiles';

type Routes = typeof reportRoutes;
type D<K extends keyof Routes> = DataOf<Routes[K]>;
type Stats = D<'classBasic'>['rows'][number]['class'];

const LEVELS: Record<string, string> = {
  excellent: '优秀',
  good: '良好',
  pass: '及格',
  fail: '不及格',
  low: '低分',
};
const LINES: Record<string, string> = { excellent: '优秀', good: '良好', pass: '及格' };

const col = (header: string, kind: ColumnKind = 'text') => ({ header, kind });
const level = (l: string | null) => (l ? (LEVELS[l] ?? l) : null);

/** 满分 to 最低分: the headline figures of a set of scores, ahead of the finer ones. */
const HEADLINE_COLUMNS = [
  col('满分', 'score'),
  col('参考人数', 'int'),
  col('缺考', 'int'),
  col('平均分', 'score'),
  col('最高分', 'score'),
  col('最低分', 'score'),
];
const headlineCells = (
  s: Pick<Stats, 'fullMarks' | 'count' | 'absent' | 'mean' | 'max' | 'min'>,
) => [s.fullMarks, s.count, s.absent, s.mean, s.max, s.min];

const STATS_COLUMNS = [
  ...HEADLINE_COLUMNS,
  col('中位数', 'score'),
  col('标准差', 'score'),
  col('优秀率', 'rate'),
  col('良好率', 'rate'),
  col('及格率', 'rate'),
  col('低分率', 'rate'),
  col('超均率', 'rate'),
];
const statsCells = (s: Stats) => [
  ...headlineCells(s),
  s.median,
  s.sd,
  s.excellentRate,
  s.goodRate,
  s.passRate,
  s.lowRate,
  s.aboveMeanRate,
];

function criticalTable(
  title: string,
  groups: { subjectName: string; lines: D<'classBasic'>['rows'][number]['critical'] }[],
): ReportTable {
  return {
    title,
    columns: [
      col('科目'),
      col('临界线'),
      col('分数线', 'score'),
      col('姓名'),
      col('学号'),
      col('分数', 'score'),
    ],
    rows: groups.flatMap((g) =>
      g.lines.flatMap((l) =>
        l.students.map((s) => [
          g.subjectName,
          LINES[l.line] ?? l.line,
          l.lineScore,
          s.name,
          s.studentNo,
          s.score,
        ]),
      ),
    ),
  };
}

function transcriptTable(
  title: string,
  subjects: { id: number; name: string }[],
  rows: D<'classTranscript'>['students'],
): ReportTable {
  const withTotal = rows.some((r) => r.total !== null);
  return {
    title,
    columns: [
      col('学号'),
      col('姓名'),
      col('班级'),
      ...(withTotal ? [col('总分', 'score'), col('班级名次', 'int'), col('年级名次', 'int')] : []),
      ...subjects.flatMap((s) => [
        col(s.name, 'score'),
        col(`${s.name}班名`, 'int'),
        col(`${s.name}级名`, 'int'),
      ]),
    ],
    rows: rows.map((r) => [
      r.studentNo,
      r.name,
      r.className,
      ...(withTotal
        ? [r.total?.score ?? null, r.total?.classRank ?? null, r.total?.gradeRank ?? null]
        : []),
      ...subjects.flatMap((s) => {
        const c = r.scores.find((x) => x.subjectId === s.id);
        return [c?.score ?? null, c?.classRank ?? null, c?.gradeRank ?? null];
      }),
    ]),
  };
}

const TAG_COLUMNS = [col('类别'), col('名称'), col('题号'), col('分值', 'score')];
type TagRow = { tag: string; questionNumbers: string[]; fullMarks: number };

/** 知识点 rows then 能力 rows: category, name, question numbers and marks, then `rates(tag)`. */
function tagRows<T extends TagRow>(
  d: { knowledgePoints: T[]; abilities: T[] },
  rates: (t: T) => Cell[],
) {
  const rows = (kind: string, list: T[]) =>
    list.map((t) => [kind, t.tag, t.questionNumbers.join('、'), t.fullMarks, ...rates(t)]);
  return [...rows('知识点', d.knowledgePoints), ...rows('能力', d.abilities)];
}

const QUESTION_COLUMNS = [
  col('题号'),
  col('题型'),
  col('满分', 'score'),
  col('答案'),
  col('知识点'),
];
const questionCells = (q: {
  number: string;
  kind: string;
  fullMarks: number;
  answer: string | null;
  knowledgePoints: string[];
}) => [q.number, q.kind, q.fullMarks, q.answer, q.knowledgePoints.join('、')];

/** The tables of a page's data, as exported to `.xlsx` and printed to PDF. */
const OBJECTIVE = new Set(['single', 'multiple', 'judge']);

/** Option counts as text (`A 3、B 1`); 未录入选项 when the import carried no choices. */
function optionsCell(q: {
  kind: string;
  choicesRecorded: boolean;
  options: { option: string; count: number }[];
}): string {
  if (!OBJECTIVE.has(q.kind)) return '';
  if (!q.choicesRecorded) return '未录入选项';
  return q.options.map((o) => `${o.option} ${o.count}`).join('、');
}

/** 一分一段: score, count, cumulative count and the rank of the step's best student. */
function segmentTable(title: string, segments: D<'gradeRank'>['segments']): ReportTable {
  return {
    title,
    columns: [col('分数', 'score'), col('人数', 'int'), col('累计人数', 'int'), col('名次', 'int')],
    rows: segments.map((s) => [s.score, s.count, s.cumulative, s.rank]),
  };
}

export function pageTables(page: string, data: unknown): ReportTable[] {
  switch (page) {
    case 'class/basic': {
      const d = data as D<'classBasic'>;
      return [
        {
          title: `${d.className}成绩概况`,
          columns: [col('科目'), col('范围'), ...STATS_COLUMNS, col('班级均分排名', 'int')],
          rows: d.rows.flatMap((r) => [
            [r.subjectName, d.className, ...statsCells(r.class), r.meanRank],
            [r.subjectName, '年级', ...statsCells(r.grade), null],
          ]),
        },
        {
          title: '分数段',
          columns: [
            col('科目'),
            col('分数段'),
            col('班级人数', 'int'),
            col('班级占比', 'rate'),
            col('年级人数', 'int'),
            col('年级占比', 'rate'),
          ],
          rows: d.rows.flatMap((r) =>
            r.bands.map((b) => [
              r.subjectName,
              `${b.from}-${b.to}`,
              b.classCount,
              b.classRate,
              b.gradeCount,
              b.gradeRate,
            ]),
          ),
        },
        criticalTable(
          '临界生',
          d.rows.map((r) => ({ subjectName: r.subjectName, lines: r.critical })),
        ),
      ];
    }
    case 'class/comment': {
      const d = data as D<'classComment'>;
      return [
        {
          title: `${d.className}${d.subjectName}试题讲评`,
          columns: [
            ...QUESTION_COLUMNS,
            col('班级得分率', 'rate'),
            col('年级得分率', 'rate'),
            col('满分率', 'rate'),
            col('零分率', 'rate'),
            col('选项分布'),
            col('常见错选'),
            col('失分人数', 'int'),
            col('失分学生'),
          ],
          rows: d.questions.map((q) => [
            ...questionCells(q),
            q.class.scoreRate,
            q.grade.scoreRate,
            q.class.fullMarkRate,
            q.class.zeroRate,
            optionsCell(q),
            q.commonWrong,
            q.lostStudents.length,
            q.lostStudents.map((s) => s.name).join('、'),
          ]),
        },
      ];
    }
    case 'class/ability': {
      const d = data as D<'classAbility'>;
      return [
        {
          title: `${d.className}${d.subjectName}知识与能力`,
          columns: [...TAG_COLUMNS, col('班级得分率', 'rate'), col('年级得分率', 'rate')],
          rows: tagRows(d, (t) => [t.classScoreRate, t.gradeScoreRate]),
        },
      ];
    }
    case 'class/analysis': {
      const d = data as D<'classAnalysis'>;
      return [
        {
          title: `${d.className}等级分布`,
          columns: [
            col('科目'),
            col('优秀', 'int'),
            col('良好', 'int'),
            col('及格', 'int'),
            col('不及格', 'int'),
            col('低分', 'int'),
            col('缺考', 'int'),
          ],
          rows: d.levels.map((l) => [
            l.subjectName,
            l.excellent,
            l.good,
            l.pass,
            l.fail,
            l.low,
            l.absent,
          ]),
        },
        criticalTable('临界生', d.critical),
        {
          title: '偏科学生',
          columns: [col('姓名'), col('总分年级名次', 'int'), col('弱势科目')],
          rows: d.imbalanced.map((s) => [
            s.name,
            s.totalGradeRank,
            s.weakSubjects.map((w) => `${w.subjectName}(落后${w.balance}名)`).join('、'),
          ]),
        },
      ];
    }
    case 'class/transcript': {
      const d = data as D<'classTranscript'>;
      return [transcriptTable(`${d.className}成绩单`, d.exam.subjects, d.students)];
    }
    case 'grade/transcript': {
      const d = data as D<'gradeTranscript'>;
      return [transcriptTable(`${d.exam.gradeName}成绩单`, d.exam.subjects, d.page.list)];
    }
    case 'class/problemSet': {
      const d = data as D<'classProblemSet'>;
      return [
        {
          title: `${d.className}${d.subjectName}问题题集`,
          columns: [
            ...QUESTION_COLUMNS,
            col('班级得分率', 'rate'),
            col('年级得分率', 'rate'),
            col('失分学生'),
          ],
          rows: d.questions.map((q) => [
            ...questionCells(q),
            q.classScoreRate,
            q.gradeScoreRate,
            q.students.map((s) => `${s.name}(${s.score ?? 0})`).join('、'),
          ]),
        },
      ];
    }
    case 'student/transcript': {
      const d = data as D<'studentTranscript'>;
      return [
        {
          title: `${d.student.name}成绩单`,
          columns: [
            col('科目'),
            col('满分', 'score'),
            col('得分', 'score'),
            col('等级'),
            col('班级名次', 'int'),
            col('年级名次', 'int'),
            col('班级均分', 'score'),
            col('年级均分', 'score'),
            col('班级最高', 'score'),
            col('年级最高', 'score'),
            col('T分数', 'score'),
          ],
          rows: d.basic.map((b) => [
            b.subjectName,
            b.fullMarks,
            b.score,
            level(b.level),
            b.classRank,
            b.gradeRank,
            b.classMean,
            b.gradeMean,
            b.classMax,
            b.gradeMax,
            b.t,
          ]),
        },
        {
          title: '错题',
          columns: [
            col('科目'),
            ...QUESTION_COLUMNS,
            col('得分', 'score'),
            col('作答'),
            col('班级得分率', 'rate'),
            col('年级得分率', 'rate'),
          ],
          rows: d.mistakes.flatMap((m) =>
            m.questions.map((q) => [
              m.subjectName,
              ...questionCells(q),
              q.score,
              q.studentAnswer,
              q.classScoreRate,
              q.gradeScoreRate,
            ]),
          ),
        },
      ];
    }
    case 'grade/basic': {
      const d = data as D<'gradeBasic'>;
      return [
        {
          title: `${d.exam.gradeName}成绩概况`,
          columns: [col('科目'), col('班级'), ...STATS_COLUMNS, col('均分排名', 'int')],
          rows: d.rows.flatMap((r) => [
            [r.subjectName, '年级', ...statsCells(r.grade), null],
            ...r.classes.map((c) => [
              r.subjectName,
              c.className,
              ...statsCells(c.stats),
              c.meanRank,
            ]),
          ]),
        },
        {
          title: '分数段',
          columns: [col('科目'), col('分数段'), col('人数', 'int')],
          rows: d.rows.flatMap((r) =>
            r.bands.map((b) => [r.subjectName, `${b.from}-${b.to}`, b.count]),
          ),
        },
      ];
    }
    case 'grade/comment': {
      const d = data as D<'gradeComment'>;
      return [
        {
          title: `${d.subjectName}试题分析`,
          columns: [
            ...QUESTION_COLUMNS,
            col('得分率', 'rate'),
            col('区分度', 'score'),
            col('满分率', 'rate'),
            col('零分率', 'rate'),
            col('选项分布'),
            col('常见错选'),
            ...(d.questions[0]?.classes ?? []).map((c) => col(c.className, 'rate')),
          ],
          rows: d.questions.map((q) => [
            ...questionCells(q),
            q.grade.scoreRate,
            q.grade.discrimination,
            q.grade.fullMarkRate,
            q.grade.zeroRate,
            optionsCell(q),
            q.commonWrong,
            ...q.classes.map((c) => c.scoreRate),
          ]),
        },
      ];
    }
    case 'grade/ability': {
      const d = data as D<'gradeAbility'>;
      return [
        {
          title: `${d.subjectName}知识与能力`,
          columns: [
            ...TAG_COLUMNS,
            col('年级得分率', 'rate'),
            ...d.exam.classes.map((c) => col(c.name, 'rate')),
          ],
          rows: tagRows(d, (t) => [t.gradeScoreRate, ...t.classes.map((c) => c.scoreRate)]),
        },
      ];
    }
    case 'grade/rank': {
      const d = data as D<'gradeRank'>;
      return [
        {
          title: `${d.subjectName}排名`,
          columns: [
            col('年级名次', 'int'),
            col('班级名次', 'int'),
            col('学号'),
            col('姓名'),
            col('班级'),
            col('分数', 'score'),
            col('等级'),
          ],
          rows: d.page.list.map((r) => [
            r.gradeRank,
            r.classRank,
            r.studentNo,
            r.name,
            r.className,
            r.score,
            level(r.level),
          ]),
        },
        segmentTable(`${d.subjectName}一分一段`, d.segments),
      ];
    }
    case 'grade/segments': {
      const d = data as {
        columns: { subjectName: string; segments: D<'gradeRank'>['segments'] }[];
      };
      return d.columns.map((c) => segmentTable(`${c.subjectName}一分一段`, c.segments));
    }
    case 'grade/problemSet': {
      const d = data as D<'gradeProblemSet'>;
      return [
        {
          title: `${d.subjectName}问题题集`,
          columns: [
            ...QUESTION_COLUMNS,
            col('年级得分率', 'rate'),
            ...d.exam.classes.map((c) => col(c.name, 'rate')),
          ],
          rows: d.questions.map((q) => [
            ...questionCells(q),
            q.gradeScoreRate,
            ...q.classes.map((c) => c.scoreRate),
          ]),
        },
      ];
    }
    case 'grade/customContrast': {
      const d = data as D<'gradeCustomContrast'>;
      const keys = [{ id: 0, name: '总分' }, ...d.exam.subjects];
      return [
        {
          title: '班级对比',
          columns: [
            col('班级'),
            ...keys.flatMap((k) => [
              col(`${k.name}均分`, 'score'),
              col(`${k.name}超均率`, 'rate'),
              col(`${k.name}排名`, 'int'),
            ]),
          ],
          rows: d.classes.map((c) => [
            c.className,
            ...keys.flatMap((k) => {
              const cell = c.cells.find((x) => x.subjectId === k.id);
              return [cell?.mean ?? null, cell?.aboveMeanRate ?? null, cell?.meanRank ?? null];
            }),
          ]),
        },
      ];
    }
    case 'quickReview': {
      const d = data as D<'quickReview'>;
      return [
        {
          title: '成绩速览',
          columns: [col('科目'), ...HEADLINE_COLUMNS, col('及格率', 'rate'), col('优秀率', 'rate')],
          rows: d.subjects.map((s) => [
            s.subjectName,
            ...headlineCells(s),
            s.passRate,
            s.excellentRate,
          ]),
        },
        {
          title: '总分前十',
          columns: [
            col('名次', 'int'),
            col('学号'),
            col('姓名'),
            col('班级'),
            col('总分', 'score'),
          ],
          rows: d.top.map((r) => [r.gradeRank, r.studentNo, r.name, r.className, r.score]),
        },
        {
          title: '缺考学生',
          columns: [col('姓名'), col('班级'), col('缺考科目')],
          rows: d.absentees.map((a) => [a.name, a.className, a.subjectNames.join('、')]),
        },
      ];
    }
    case 'warningReport': {
      const d = data as D<'warningReport'>;
      return [
        {
          title: '预警学生',
          columns: [
            col('班级'),
            col('学号'),
            col('姓名'),
            col('总分', 'score'),
            col('年级名次', 'int'),
            col('预警原因'),
          ],
          rows: d.students.map((s) => [
            s.className,
            s.studentNo,
            s.name,
            s.totalScore,
            s.gradeRank,
            s.reasons.join('、'),
          ]),
        },
      ];
    }
    case 'quality': {
      const d = data as D<'quality'>;
      return [
        {
          title: '试卷质量',
          columns: [
            col('科目'),
            col('满分', 'score'),
            col('参考人数', 'int'),
            col('平均分', 'score'),
            col('标准差', 'score'),
            col('难度', 'score'),
            col('区分度', 'score'),
            col('信度α', 'score'),
            col('容易题', 'int'),
            col('中等题', 'int'),
            col('难题', 'int'),
          ],
          rows: d.subjects.map((s) => [
            s.subjectName,
            s.fullMarks,
            s.count,
            s.mean,
            s.sd,
            s.difficulty,
            s.discrimination,
            s.cronbachAlpha,
            s.difficultyBands.easy,
            s.difficultyBands.medium,
            s.difficultyBands.hard,
          ]),
        },
        {
          title: '试题质量',
          columns: [
            col('科目'),
            col('题号'),
            col('满分', 'score'),
            col('难度', 'score'),
            col('区分度', 'score'),
            col('题总相关', 'score'),
          ],
          rows: d.subjects.flatMap((s) =>
            s.questions.map((q) => [
              s.subjectName,
              q.number,
              q.fullMarks,
              q.difficulty,
              q.discrimination,
              q.itemTotalCorrelation,
            ]),
          ),
        },
      ];
    }
    default:
      return [];
  }
}
