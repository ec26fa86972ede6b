import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { resourceWrongRoutes } from '@examkit/contracts';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { useApiCall } from '../../common/useApiCall';
import { PageBox, Toolbar } from '../../common/styled';
import { ExamPicker } from './parts';
import { percent, useWrongData } from './useWrongData';

const PER_CLASS = 5;

function useExamChoice() {
  const [examId, setExam] = useState<number | null>(null);
  const choose = useCallback((id: number) => setExam(id), []);
  return { examId, choose };
}

/**
 * 作文资源 (/resource/composition): where a class's common errors and weak knowledge points of
 * an exam are reached.
 */
export function CompositionPage() {
  const navigate = useNavigate();
  return (
    <PageBox>
      <h1>作文资源</h1>
      <p>按考试查看各班的易错题和薄弱知识点，并据此推荐练习。</p>
      <Toolbar>
        <Button type="primary" onClick={() => navigate('/resource/composition/commitError')}>
          班级易错题
        </Button>
        <Button onClick={() => navigate('/resource/composition/weakKnowledgePoint')}>
          薄弱知识点
        </Button>
      </Toolbar>
    </PageBox>
  );
}

/**
 * 用相似题组卷: one click makes a class's practice paper of one subject — the first recommended
 * bank question of each of the class's weakest questions of that subject (相似题推荐's ranking),
 * saved as a school paper (the 错题练习 of 在线编辑, without choosing), then opened.
 */
function PracticeButtons({
  examId,
  classId,
  className,
  subjects,
}: {
  examId: number;
  classId: number;
  className: string;
  subjects: string[];
}) {
  const call = useApiCall();
  const { http } = useExamkit();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const make = async (subjectName: string) => {
    setBusy(true);
    try {
      const rec = await call(resourceWrongRoutes.similarRecommend, { examId, limit: PER_CLASS });
      if (!rec.ok) return;
      const ids = [
        ...new Set(
          (rec.data.classes.find((c) => c.classId === classId)?.questions ?? [])
            .filter((q) => q.subjectName === subjectName)
            .flatMap((q) => q.recommendations.slice(0, 1).map((r) => r.question.id)),
        ),
      ];
      if (ids.length === 0) {
        http.notifier.message('warning', '题库中暂无与这些错题共享知识点的试题');
        return;
      }
      const saved = await call(
        resourceWrongRoutes.practicePaper,
        {
          examId,
          questionIds: ids,
          title: `${rec.data.examName} ${className}${subjectName}巩固练习`.slice(0, 80),
          requestKey: `consolidate-${examId}-${classId}-${subjectName}-${Date.now()}`.slice(0, 64),
        },
        { successMessage: '已用相似题组成练习卷' },
      );
      if (saved.ok) navigate(`/resource/paper/school-detail?id=${saved.data.paperId}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Toolbar>
      {subjects.map((subject) => (
        <Button
          key={subject}
          disabled={busy}
          onClick={() => void make(subject)}
          aria-label={`${className} ${subject} 用相似题组卷`}
        >
          {subject}：用相似题组卷
        </Button>
      ))}
    </Toolbar>
  );
}

/**
 * 易错题 (/resource/composition/commitError, and 巩固提升 /consolidate/commitError): each class's
 * questions with the lowest score rates; under 巩固提升, with a one-step practice paper per subject.
 */
export function CommonErrorsPage() {
  const { examId, choose } = useExamChoice();
  const codes = useExamkitStore((s) => s.permCodes);
  const consolidating =
    useLocation().pathname.startsWith('/consolidate') &&
    hasPermission(codes, 'Consolidate-CommitError') &&
    hasPermission(codes, 'Resources');
  const { data, error } = useWrongData(
    resourceWrongRoutes.commonErrors,
    examId ? { examId, limit: PER_CLASS } : null,
  );
  return (
    <PageBox>
      <h1>班级易错题</h1>
      <Toolbar>
        <ExamPicker value={examId} onChange={choose} />
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {data?.classes.map((c) => (
        <section key={c.classId} aria-label={`${c.className} 易错题`}>
          <h2>{c.className}</h2>
          {consolidating && examId !== null && c.questions.length > 0 && (
            <PracticeButtons
              examId={examId}
              classId={c.classId}
              className={c.className}
              subjects={[...new Set(c.questions.map((q) => q.subjectName))]}
            />
          )}
          <ListTable
            label={`${c.className} 易错题`}
            rows={c.questions}
            headers={['学科', '题号', '知识点', '班级得分率', '年级得分率', '错误人数']}
          >
            {(q) => (
              <tr key={q.questionId}>
                <td>{q.subjectName}</td>
                <td>{q.number}</td>
                <td>{q.knowledgePoints.join('、') || '—'}</td>
                <td>{percent(q.classScoreRate)}</td>
                <td>{percent(q.gradeScoreRate)}</td>
                <td>{q.wrongCount}</td>
              </tr>
            )}
          </ListTable>
        </section>
      ))}
    </PageBox>
  );
}

/**
 * 薄弱知识点 (/resource/composition/weakKnowledgePoint): each class's knowledge points with the
 * lowest mastery (Σ scores / Σ full marks of the questions tagged with the point).
 */
export function WeakPointsPage() {
  const { examId, choose } = useExamChoice();
  const { data, error } = useWrongData(
    resourceWrongRoutes.weakPoints,
    examId ? { examId, limit: PER_CLASS } : null,
  );
  return (
    <PageBox>
      <h1>薄弱知识点</h1>
      <Toolbar>
        <ExamPicker value={examId} onChange={choose} />
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {data?.classes.map((c) => (
        <section key={c.classId} aria-label={`${c.className} 薄弱知识点`}>
          <h2>{c.className}</h2>
          <ListTable
            label={`${c.className} 薄弱知识点`}
            rows={c.points}
            headers={['学科', '知识点', '满分', '班级掌握度', '年级掌握度', '题号']}
          >
            {(p) => (
              <tr key={`${p.subjectName}-${p.point}`}>
                <td>{p.subjectName}</td>
                <td>{p.point}</td>
                <td>{p.fullMarks}</td>
                <td>{percent(p.scoreRate)}</td>
                <td>{percent(p.gradeScoreRate)}</td>
                <td>{p.numbers.join('、')}</td>
              </tr>
            )}
          </ListTable>
        </section>
      ))}
    </PageBox>
  );
}
