import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { onlineRoutes, type OnlineStatistics } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox, Table, Toolbar } from '../components/styled';
import { OnlineSteps } from './OnlineSteps';
import { JUDGE_LABELS, KIND_LABELS, formatTime } from './labels';
import { useOnlineExam } from './useOnlineExam';

const percent = (rate: number | null) => (rate === null ? '待阅卷' : `${Math.round(rate * 100)}%`);
const STATUS = { absent: '未进入', answering: '作答中', submitted: '已交卷' } as const;

/**
 * /exam/single/Online/answerStatistics?id=: per question the correct rate, the average and how
 * often each option was chosen; per student the status and score; the free answers handed to
 * marking from here.
 */
export function OnlineStatisticsPage() {
  const { id, exam, call } = useOnlineExam();
  const [stats, setStats] = useState<OnlineStatistics | null>(null);
  const [handing, setHanding] = useState(false);
  const [handed, setHanded] = useState(false);

  const load = useCallback(() => {
    if (!id) return;
    void call(onlineRoutes.statistics, { id }, { dedupe: false }).then((r) => {
      if (r.ok) setStats(r.data);
    });
  }, [call, id]);
  useEffect(load, [load]);

  async function handToMarking() {
    if (!id) return;
    setHanding(true);
    const r = await call(onlineRoutes.toMarking, { id }, { successMessage: '解答题已交给阅卷' });
    setHanding(false);
    if (r.ok) {
      setHanded(true);
      load();
    }
  }

  return (
    <PageBox aria-labelledby="online-stats-title">
      <h1 id="online-stats-title">答题统计{exam ? ` · ${exam.name}` : ''}</h1>
      {id && <OnlineSteps id={id} />}
      {stats && (
        <>
          <Toolbar role="group" aria-label="概况">
            <span>
              应考 {stats.studentCount} 人，已交卷 {stats.submittedCount} 人，平均分{' '}
              {stats.average ?? '—'}（满分 {stats.fullMarks}）
            </span>
            <Button size="small" onClick={load}>
              刷新
            </Button>
            {stats.canHandToMarking && (
              <Button
                size="small"
                type="primary"
                loading={handing}
                onClick={() => void handToMarking()}
              >
                解答题交给阅卷
              </Button>
            )}
          </Toolbar>
          {handed && (
            <Note role="status">
              已交给阅卷，可在<Link to="/exam/marking">网上阅卷</Link>
              中分配阅卷老师并阅卷，阅卷完成后成绩自动计入。
            </Note>
          )}
          <h2>各题情况</h2>
          <Table aria-label="各题情况">
            <thead>
              <tr>
                <th scope="col">题号</th>
                <th scope="col">题型</th>
                <th scope="col">满分</th>
                <th scope="col">作答人数</th>
                <th scope="col">正确率</th>
                <th scope="col">平均分</th>
                <th scope="col">选项分布</th>
              </tr>
            </thead>
            <tbody>
              {stats.questions.map((q) => (
                <tr key={q.questionId}>
                  <td>{q.number}</td>
                  <td>{KIND_LABELS[q.kind]}</td>
                  <td>{q.fullMarks}</td>
                  <td>{q.answered}</td>
                  <td>{percent(q.correctRate)}</td>
                  <td>{q.average ?? '待阅卷'}</td>
                  <td>
                    {q.options.length === 0
                      ? '—'
                      : q.options
                          .map((o) => `${JUDGE_LABELS[o.option] ?? o.option}：${o.count}人`)
                          .join('，')}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <h2>学生成绩</h2>
          <ListTable
            label="学生成绩"
            rows={stats.students}
            headers={['学号', '姓名', '班级', '状态', '交卷时间', '得分', '待阅分值']}
          >
            {(s) => (
              <tr key={s.studentId}>
                <td>{s.studentNo}</td>
                <td>{s.name}</td>
                <td>{s.className}</td>
                <td>{STATUS[s.status]}</td>
                <td>{s.submittedAt === null ? '—' : formatTime(s.submittedAt)}</td>
                <td>{s.score ?? '—'}</td>
                <td>{s.pendingMarks || '—'}</td>
              </tr>
            )}
          </ListTable>
        </>
      )}
    </PageBox>
  );
}
