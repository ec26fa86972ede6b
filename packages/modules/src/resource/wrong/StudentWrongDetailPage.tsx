import { Link, useSearchParams } from 'react-router-dom';
import { resourceWrongDownloads, resourceWrongRoutes } from '@examkit/contracts';
import { Button, Empty, LOADING_TEXT } from '@examkit/ui';
import { PageBox, Spacer, Toolbar } from '../../common/styled';
import { useDownload } from '../../common/useDownload';
import { Facts, Recommendations } from './parts';
import { percent, useWrongData } from './useWrongData';

/**
 * 学生错题详情 (/resource/student-wrong/detail?studentId=): one student's wrong questions with the
 * class's score rate and recommended practice, the wrong homework questions (with practice for
 * those made from the bank), and the 错题本 as Word or PDF, both parts included.
 */
export function StudentWrongDetailPage() {
  const [params] = useSearchParams();
  const studentId = Number(params.get('studentId'));
  const range = {
    subjectName: params.get('subjectName') ?? '',
    dateFrom: params.get('dateFrom') ?? '',
    dateTo: params.get('dateTo') ?? '',
  };
  const { data, error, loading } = useWrongData(
    resourceWrongRoutes.studentWrongDetail,
    studentId > 0 ? { studentId, ...range } : null,
  );
  const download = useDownload();
  const save = (format: 'docx' | 'pdf') =>
    void download(resourceWrongDownloads.notebook, `错题本.${format}`, {
      studentId,
      format,
      ...range,
    });
  if (!(studentId > 0)) return <Empty text="请从学生错题列表选择学生" />;
  return (
    <PageBox aria-busy={loading}>
      <h1>{data ? `${data.student.name}的错题` : '学生错题详情'}</h1>
      <Toolbar>
        {data && (
          <span>
            {data.student.className} · 学号 {data.student.studentNo} · 共 {data.questions.length}{' '}
            道错题
          </span>
        )}
        <Spacer />
        <Button onClick={() => save('docx')} disabled={!data}>
          下载错题本（Word）
        </Button>
        <Button onClick={() => save('pdf')} disabled={!data}>
          下载错题本（PDF）
        </Button>
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {loading && !data && <p role="status">{LOADING_TEXT}</p>}
      {data && data.questions.length === 0 && <Empty text="所选考试中没有错题" />}
      {data?.questions.map((q) => {
        const title = `${q.examName} ${q.subjectName} 第${q.number}题`;
        return (
          <article key={`${q.examId}-${q.questionId}`} aria-label={title}>
            <h2>{title}</h2>
            <Facts>
              <dt>知识点</dt>
              <dd>{q.knowledgePoints.join('、') || '—'}</dd>
              <dt>得分</dt>
              <dd>
                {q.score} / {q.fullMarks}
              </dd>
              <dt>班级得分率</dt>
              <dd>{percent(q.classScoreRate)}</dd>
              {q.answer && (
                <>
                  <dt>正确答案</dt>
                  <dd>
                    {q.answer}
                    {q.choice ? `（作答 ${q.choice}）` : ''}
                  </dd>
                </>
              )}
            </Facts>
            {q.recommendations.length === 0 ? (
              <p>推荐练习：题库中暂无共享知识点的试题</p>
            ) : (
              <details>
                <summary>推荐练习（{q.recommendations.length} 题）</summary>
                <Recommendations items={q.recommendations} of={title} />
              </details>
            )}
          </article>
        );
      })}
      {data && (
        <section aria-label="作业错题">
          <h2>作业错题（{data.homework.length} 道）</h2>
          {data.homework.length === 0 && <Empty text="所选范围内已批改的作业中没有错题" />}
          {data.homework.map((h) => {
            const title = `${h.homeworkName} ${h.subjectName} 第${h.label}题`;
            return (
              <article key={`${h.homeworkId}-${h.questionNo}`} aria-label={title}>
                <h3>{title}</h3>
                <Facts>
                  <dt>提交日期</dt>
                  <dd>{h.date}</dd>
                  <dt>得分</dt>
                  <dd>
                    {h.score} / {h.fullMarks}
                  </dd>
                  {h.knowledgePoints.length > 0 && (
                    <>
                      <dt>知识点</dt>
                      <dd>{h.knowledgePoints.join('、')}</dd>
                    </>
                  )}
                  {h.answer && (
                    <>
                      <dt>正确答案</dt>
                      <dd>
                        {h.answer}
                        {h.choice ? `（作答 ${h.choice}）` : ''}
                      </dd>
                    </>
                  )}
                  {h.rubricItems.length > 0 && (
                    <>
                      <dt>扣分原因</dt>
                      <dd>{h.rubricItems.join('；')}</dd>
                    </>
                  )}
                </Facts>
                {h.bankQuestion === null && h.knowledgePoints.length === 0 ? (
                  <p>推荐练习：该题来自上传的试卷，尚未标注知识点，无法推荐相似题</p>
                ) : h.recommendations.length === 0 ? (
                  <p>推荐练习：题库中暂无共享知识点的试题</p>
                ) : (
                  <details>
                    <summary>推荐练习（{h.recommendations.length} 题）</summary>
                    <Recommendations items={h.recommendations} of={title} />
                  </details>
                )}
                <Link
                  to={`/homework/school-base/student/${data.student.id}/report/analysis?id=${h.homeworkId}`}
                  aria-label={`查看作业报告：${title}`}
                >
                  查看作业报告
                </Link>
              </article>
            );
          })}
        </section>
      )}
    </PageBox>
  );
}
