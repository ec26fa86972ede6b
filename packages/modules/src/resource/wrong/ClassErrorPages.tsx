import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { resourceWrongRoutes, type DataOf } from '@examkit/contracts';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button, FormField, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { useApiCall } from '../../common/useApiCall';
import { PageBox, Toolbar } from '../../common/styled';
import { CommonErrorTable } from './CommonErrorTable';
import { HomeworkClassErrors } from './HomeworkClassErrors';
import { ExamPicker } from './parts';
import { percent, useWrongData } from './useWrongData';
import { PointMasteryCells } from './PointMasteryCells';

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
/**
 * One click's practice paper of an exam: the first recommended bank question (相似题推荐's
 * ranking) of each of the class's weakest questions that `pick` keeps, saved as a school paper
 * (the 错题练习 of 在线编辑, without choosing), then opened.
 */
function useExamPractice(examId: number, classId: number) {
  const call = useApiCall();
  const { http } = useExamkit();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const make = async (
    title: (examName: string) => string,
    pick: (q: ClassQuestion) => boolean,
    shared: string | null,
    limit: number,
  ) => {
    setBusy(true);
    try {
      const rec = await call(resourceWrongRoutes.similarRecommend, { examId, limit });
      if (!rec.ok) return;
      const ids = [
        ...new Set(
          (rec.data.classes.find((c) => c.classId === classId)?.questions ?? [])
            .filter(pick)
            .flatMap((q) =>
              q.recommendations
                .filter((r) => shared === null || r.sharedPoints.includes(shared))
                .slice(0, 1)
                .map((r) => r.question.id),
            ),
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
          title: title(rec.data.examName).slice(0, 80),
          requestKey: `consolidate-${examId}-${classId}-${Date.now()}`.slice(0, 64),
        },
        { successMessage: '已用相似题组成练习卷' },
      );
      if (saved.ok) navigate(`/resource/paper/school-detail?id=${saved.data.paperId}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, make };
}

type ClassQuestion = DataOf<
  (typeof resourceWrongRoutes)['similarRecommend']
>['classes'][number]['questions'][number];

/**
 * 用相似题组卷: one click makes a class's practice paper of one subject — the first recommended
 * bank question of each of the class's weakest questions of that subject.
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
  const { busy, make } = useExamPractice(examId, classId);
  return (
    <Toolbar>
      {subjects.map((subject) => (
        <Button
          key={subject}
          disabled={busy}
          onClick={() =>
            void make(
              (exam) => `${exam} ${className}${subject}巩固练习`,
              (q) => q.subjectName === subject,
              null,
              PER_CLASS,
            )
          }
          aria-label={`${className} ${subject} 用相似题组卷`}
        >
          {subject}：用相似题组卷
        </Button>
      ))}
    </Toolbar>
  );
}

/**
 * 组卷 for one weak knowledge point of an exam: the first recommended bank question sharing the
 * point of each of the class's weakest questions tagged with it (the 20 weakest, the call's most).
 */
function PointPracticeButton({
  examId,
  classId,
  className,
  subjectName,
  point,
}: {
  examId: number;
  classId: number;
  className: string;
  subjectName: string;
  point: string;
}) {
  const { busy, make } = useExamPractice(examId, classId);
  return (
    <Button
      disabled={busy}
      onClick={() =>
        void make(
          (exam) => `${exam} ${className}${subjectName}${point}巩固练习`,
          (q) => q.subjectName === subjectName && q.knowledgePoints.includes(point),
          point,
          20,
        )
      }
      aria-label={`${className} ${subjectName} ${point} 用相似题组卷`}
    >
      组卷
    </Button>
  );
}

/** Under 巩固提升, with the page's key and 校本资源 (saving a paper): the one-step practice papers. */
function useConsolidating(key: string) {
  const codes = useExamkitStore((s) => s.permCodes);
  return (
    useLocation().pathname.startsWith('/consolidate') &&
    hasPermission(codes, key) &&
    hasPermission(codes, 'Resources')
  );
}

/**
 * 巩固提升 hides the second-level menu (spec 000 §2): its two pages link each other, for the
 * entries the user holds.
 */
function ConsolidateNav() {
  const codes = useExamkitStore((s) => s.permCodes);
  const here = useLocation().pathname;
  if (!here.startsWith('/consolidate')) return null;
  const links = [
    { to: '/consolidate/commitError', label: '易错题', key: 'Consolidate-CommitError' },
    {
      to: '/consolidate/weakKnowledgePoint',
      label: '薄弱知识点',
      key: 'Consolidate-WeakKnowledgePoint',
    },
  ].filter((l) => hasPermission(codes, l.key));
  return (
    <nav aria-label="巩固提升">
      {links.map((l) => (
        <Link
          key={l.to}
          to={l.to}
          aria-current={here === l.to ? 'page' : undefined}
          style={{ marginRight: 12 }}
        >
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

/** 来源: under 巩固提升, a holder of 校本作业 chooses exams or homework. */
function useSource() {
  const codes = useExamkitStore((s) => s.permCodes);
  const consolidate = useLocation().pathname.startsWith('/consolidate');
  const homework = consolidate && hasPermission(codes, 'Homework-SchoolBase');
  const [source, setSource] = useState<'exam' | 'homework'>('exam');
  const picker = homework ? (
    <FormField label="来源">
      <Select
        value={source}
        options={[
          { value: 'exam', label: '考试' },
          { value: 'homework', label: '校本作业' },
        ]}
        onChange={(e) => setSource(e.target.value === 'homework' ? 'homework' : 'exam')}
      />
    </FormField>
  ) : null;
  return { source: homework ? source : 'exam', picker };
}

/**
 * The frame of 班级易错题 and 薄弱知识点: the title, 巩固提升's tabs and the 考试 / 校本作业
 * choice; then the homework's view, or the exam picker, the server's message and each class.
 */
function ClassErrorsFrame({
  title,
  source,
  picker,
  homework,
  examId,
  choose,
  error,
  children,
}: {
  title: string;
  source: 'exam' | 'homework';
  picker: ReactNode;
  homework: ReactNode;
  examId: number | null;
  choose(id: number): void;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <PageBox>
      <h1>{title}</h1>
      <ConsolidateNav />
      {source === 'homework' ? (
        <>
          <Toolbar>{picker}</Toolbar>
          {homework}
        </>
      ) : (
        <>
          <Toolbar>
            {picker}
            <ExamPicker value={examId} onChange={choose} />
          </Toolbar>
          {error && <p role="alert">{error}</p>}
          {children}
        </>
      )}
    </PageBox>
  );
}

/**
 * 易错题 (/resource/composition/commitError, and 巩固提升 /consolidate/commitError): each class's
 * questions with the lowest score rates; under 巩固提升, with a one-step practice paper per subject.
 */
export function CommonErrorsPage() {
  const { examId, choose } = useExamChoice();
  const consolidating = useConsolidating('Consolidate-CommitError');
  const { source, picker } = useSource();
  const { data, error } = useWrongData(
    resourceWrongRoutes.commonErrors,
    examId && source === 'exam' ? { examId, limit: PER_CLASS } : null,
  );
  return (
    <ClassErrorsFrame
      title="班级易错题"
      source={source}
      picker={picker}
      homework={<HomeworkClassErrors view="questions" practice={consolidating} />}
      examId={examId}
      choose={choose}
      error={error}
    >
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
          <CommonErrorTable
            label={`${c.className} 易错题`}
            rows={c.questions}
            classRate={(q) => q.classScoreRate}
            rowKey={(q) => q.questionId}
          />
        </section>
      ))}
    </ClassErrorsFrame>
  );
}

/**
 * 薄弱知识点 (/resource/composition/weakKnowledgePoint): each class's knowledge points with the
 * lowest mastery (Σ scores / Σ full marks of the questions tagged with the point).
 */
export function WeakPointsPage() {
  const { examId, choose } = useExamChoice();
  const consolidating = useConsolidating('Consolidate-WeakKnowledgePoint');
  // Recommendations and the practice paper are 相似题推荐's calls (their keys)
  const codes = useExamkitStore((s) => s.permCodes);
  const examPractice =
    consolidating &&
    (hasPermission(codes, 'Consolidate-CommitError') ||
      hasPermission(codes, 'Exam-Single-Report-Grade'));
  const { source, picker } = useSource();
  const { data, error } = useWrongData(
    resourceWrongRoutes.weakPoints,
    examId && source === 'exam' ? { examId, limit: PER_CLASS } : null,
  );
  return (
    <ClassErrorsFrame
      title="薄弱知识点"
      source={source}
      picker={picker}
      homework={<HomeworkClassErrors view="points" practice={examPractice} />}
      examId={examId}
      choose={choose}
      error={error}
    >
      {data?.classes.map((c) => (
        <section key={c.classId} aria-label={`${c.className} 薄弱知识点`}>
          <h2>{c.className}</h2>
          <ListTable
            label={`${c.className} 薄弱知识点`}
            rows={c.points}
            headers={[
              '学科',
              '知识点',
              '满分',
              '班级掌握度',
              '年级掌握度',
              '题号',
              ...(examPractice ? ['练习'] : []),
            ]}
          >
            {(p) => (
              <tr key={`${p.subjectName}-${p.point}`}>
                <PointMasteryCells point={p} />
                <td>{percent(p.gradeScoreRate)}</td>
                <td>{p.numbers.join('、')}</td>
                {examPractice && examId !== null && (
                  <td>
                    <PointPracticeButton
                      examId={examId}
                      classId={c.classId}
                      className={c.className}
                      subjectName={p.subjectName}
                      point={p.point}
                    />
                  </td>
                )}
              </tr>
            )}
          </ListTable>
        </section>
      ))}
    </ClassErrorsFrame>
  );
}
