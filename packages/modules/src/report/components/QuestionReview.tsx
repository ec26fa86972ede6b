import { Chart } from './Chart';
import { barOption } from './charts';
import { questionColumns } from './columns';
import { DataTable, type Column } from './DataTable';

interface ReviewQuestion {
  questionId: number;
  number: string;
  kind: string;
  fullMarks: number;
}

/** Props of {@link QuestionReview}. */
export interface QuestionReviewProps<Q extends ReviewQuestion> {
  questions: readonly Q[];
  /** The bars of 各题得分率: a series a group (班级, 年级) with its score rate on a question. */
  rates: readonly { name: string; rate: (q: Q) => number | null }[];
  /** The table's caption, also its accessible name. */
  caption: string;
  /** The columns after 题号, 题型 and 满分. */
  columns: readonly Column<Q>[];
}

/** 试卷讲评 of a class or the grade: the 各题得分率 chart above the question-by-question table. */
export function QuestionReview<Q extends ReviewQuestion>({
  questions,
  rates,
  caption,
  columns,
}: QuestionReviewProps<Q>) {
  return (
    <>
      <Chart
        kind="bar"
        label="各题得分率"
        option={barOption(
          questions.map((q) => q.number),
          rates.map((r) => ({ name: r.name, values: questions.map((q) => r.rate(q)) })),
          true,
        )}
      />
      <DataTable<Q>
        caption={caption}
        rowKey={(q) => q.questionId}
        rows={questions}
        columns={[...questionColumns<Q>(), ...columns]}
      />
    </>
  );
}
