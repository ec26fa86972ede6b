import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resourceWrongRoutes, type DataOf } from '@examkit/contracts';
import { Button, Empty, FormField, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { useApiCall } from '../../common/useApiCall';
import { Toolbar } from '../../common/styled';
import { percent, useWrongData } from './useWrongData';

const PER_CLASS = 5;

type ClassRow = DataOf<(typeof resourceWrongRoutes)['homeworkClassErrors']>['classes'][number];

/**
 * 用相似题组卷 after a homework: one click saves a class's practice paper (the first similar bank
 * question of each of its weakest questions from the bank, or those of one knowledge point) and
 * opens it in 校本试卷.
 */
function HomeworkPracticeButton({
  homeworkId,
  homeworkName,
  row,
  point,
}: {
  homeworkId: number;
  homeworkName: string;
  row: ClassRow;
  point: string | null;
}) {
  const call = useApiCall();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      const saved = await call(
        resourceWrongRoutes.homeworkPracticePaper,
        {
          homeworkId,
          kind: row.kind,
          classId: row.classId,
          point,
          title: `${homeworkName} ${row.className}${point ?? ''}巩固练习`.slice(0, 80),
          requestKey: `consolidate-hw-${homeworkId}-${row.classId}-${Date.now()}`.slice(0, 64),
        },
        { successMessage: '已用相似题组成练习卷' },
      );
      if (saved.ok) navigate(`/resource/paper/school-detail?id=${saved.data.paperId}`);
    } finally {
      setBusy(false);
    }
  };
  const what = point === null ? '' : `${point} `;
  return (
    <Button
      disabled={busy}
      onClick={() => void make()}
      aria-label={`${row.className} ${what}用相似题组卷`}
    >
      {point === null ? '用相似题组卷' : '组卷'}
    </Button>
  );
}

/**
 * 巩固提升 over 校本作业: per class the user corrects, a homework's weakest questions (`view`
 * questions) or knowledge points (`points`) from its report, with a one-step practice paper of
 * similar questions when `practice` (docs/teaching-views.md).
 */
export function HomeworkClassErrors({
  view,
  practice,
}: {
  view: 'questions' | 'points';
  practice: boolean;
}) {
  const [homeworkId, setHomework] = useState<number | null>(null);
  const { data, error } = useWrongData(resourceWrongRoutes.homeworkClassErrors, {
    homeworkId,
    limit: PER_CLASS,
  });
  if (error) return <p role="alert">{error}</p>;
  if (data === null) return null;
  if (data.homeworks.length === 0) return <Empty text="暂无已布置的校本作业" />;
  const id = data.homeworkId;
  return (
    <>
      <Toolbar>
        <FormField label="作业">
          <Select
            value={id ?? ''}
            options={data.homeworks.map((h) => ({
              value: h.id,
              label: `${h.name}（${h.subjectName}）`,
            }))}
            onChange={(e) => setHomework(Number(e.target.value))}
          />
        </FormField>
      </Toolbar>
      {view === 'points' && data.untagged > 0 && (
        <p>本次作业有 {data.untagged} 道题没有标注知识点，未计入。</p>
      )}
      {data.classes.map((c) => (
        <section
          key={`${c.kind}-${c.classId}`}
          aria-label={`${c.className} 作业${view === 'questions' ? '易错题' : '薄弱知识点'}`}
        >
          <h2>{c.className}</h2>
          {view === 'questions' ? (
            <>
              {practice &&
                id !== null &&
                c.questions.some((q) => q.fromBank || q.knowledgePoints.length > 0) && (
                  <Toolbar>
                    <HomeworkPracticeButton
                      homeworkId={id}
                      homeworkName={data.homeworkName}
                      row={c}
                      point={null}
                    />
                  </Toolbar>
                )}
              <ListTable
                label={`${c.className} 作业易错题`}
                rows={c.questions}
                headers={['题号', '知识点', '满分', '班级得分率', '作业得分率', '错误人数']}
              >
                {(q) => (
                  <tr key={q.no}>
                    <td>{q.label}</td>
                    <td>{q.knowledgePoints.join('、') || '—'}</td>
                    <td>{q.fullMarks}</td>
                    <td>{percent(q.classScoreRate)}</td>
                    <td>{percent(q.homeworkScoreRate)}</td>
                    <td>{q.wrongCount}</td>
                  </tr>
                )}
              </ListTable>
            </>
          ) : (
            <ListTable
              label={`${c.className} 作业薄弱知识点`}
              rows={c.points}
              headers={[
                '知识点',
                '满分',
                '班级掌握度',
                '作业掌握度',
                '题号',
                '错误人次',
                ...(practice ? ['练习'] : []),
              ]}
            >
              {(p) => (
                <tr key={p.point}>
                  <td>{p.point}</td>
                  <td>{p.fullMarks}</td>
                  <td>{percent(p.scoreRate)}</td>
                  <td>{percent(p.homeworkScoreRate)}</td>
                  <td>{p.labels.join('、')}</td>
                  <td>{p.wrongCount}</td>
                  {practice && id !== null && (
                    <td>
                      <HomeworkPracticeButton
                        homeworkId={id}
                        homeworkName={data.homeworkName}
                        row={c}
                        point={p.point}
                      />
                    </td>
                  )}
                </tr>
              )}
            </ListTable>
          )}
        </section>
      ))}
    </>
  );
}
