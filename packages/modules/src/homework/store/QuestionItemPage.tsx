import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  HOMEWORK_PAPER_URL,
  HOMEWORK_QUESTION_TYPE_LABELS,
  HOMEWORK_STATE_LABELS,
  homeworkStoreRoutes as S,
  type DataOf,
} from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { Button, Empty, themeOf } from '@examkit/ui';
import { Actions, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { QuestionView } from '../../resource/components/QuestionView';
import { paperPath } from '../paper/paperPath';

type Items = DataOf<typeof S.questionItems>;

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 12px;
`;
const Item = styled.li`
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  padding: 12px;
  background: ${(p) => themeOf(p).colors.surface};
  h2 {
    font-size: 15px;
    margin: 0 0 6px;
  }
`;

/**
 * /homework/school-base/questionItem?id=: a homework's questions. Homework from the bank shows
 * each bank question (stem, options; answers and analyses on 显示答案与解析); homework from a
 * paper shows each question's type, key and marks beside the paper (查看试卷). Every question
 * shows its knowledge points (the bank question's, or those the teacher tagged).
 */
export function QuestionItemPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const schoolId = useExamkitStore((s) => s.user?.schoolId ?? 0);
  const call = useApiCall();
  const download = useDownload();
  const [data, setData] = useState<Items | null>(null);
  const [withAnswer, setWithAnswer] = useState(false);

  useEffect(() => {
    if (id) void call(S.questionItems, { id }).then((r) => r.ok && setData(r.data));
  }, [call, id]);

  if (!id) return <PageBox aria-label="作业题目">缺少作业编号，请从校本作业列表进入。</PageBox>;
  if (!data) return null;
  const h = data.homework;
  return (
    <PageBox aria-labelledby="question-item-title">
      <h1 id="question-item-title">作业题目 · {h.name}</h1>
      <Toolbar>
        <Note>
          {h.gradeName} {h.subjectName} · {HOMEWORK_STATE_LABELS[h.state]} · 共 {h.questionCount}{' '}
          题，满分 {h.fullMarks} 分{data.source === 'bank' ? ' · 来自题库' : ' · 来自上传的试卷'}
          {data.estimatedMinutes !== null && ` · 预计用时 ${data.estimatedMinutes} 分钟`}
        </Note>
        <Button aria-pressed={withAnswer} onClick={() => setWithAnswer((v) => !v)}>
          {withAnswer ? '隐藏答案与解析' : '显示答案与解析'}
        </Button>
        {data.source === 'paper' && (
          <Button onClick={() => void download(HOMEWORK_PAPER_URL, '作业原卷', { id })}>
            查看试卷
          </Button>
        )}
        {data.source === 'paper' && <Link to={paperPath('record', id, schoolId)}>试卷记录</Link>}
        {h.state !== 'draft' && (
          <Link to={`/homework/viewPdf?id=${id}&file=sheet`}>查看答题卡</Link>
        )}
      </Toolbar>
      {data.questions.length === 0 ? (
        <Empty text="还没有题目，请先拆题" />
      ) : (
        <List aria-label="题目列表">
          {data.questions.map((q) => (
            <Item key={q.no}>
              <h2>
                第 {q.label} 题（{q.fullMarks} 分 · {HOMEWORK_QUESTION_TYPE_LABELS[q.type]}）
              </h2>
              {data.source === 'paper' && h.state !== 'assigned' && (
                <Link
                  to={`/homework/question/edit?id=${id}&no=${q.no}`}
                  aria-label={`编辑第 ${q.label} 题`}
                >
                  编辑
                </Link>
              )}
              <p>知识点：{q.points.map((x) => x.name).join('、') || '未标注'}</p>
              {q.question ? (
                <QuestionView
                  question={q.question}
                  withAnswer={withAnswer}
                  label={`第 ${q.label} 题`}
                />
              ) : (
                <p>
                  题目见试卷原卷
                  {withAnswer && (q.answer ? `。答案：${q.answer}` : '。主观题，由老师批改')}
                </p>
              )}
            </Item>
          ))}
        </List>
      )}
      <Actions>
        <Link to="/homework/school-base">返回校本作业</Link>
      </Actions>
    </PageBox>
  );
}
