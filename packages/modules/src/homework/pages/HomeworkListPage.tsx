import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  HOMEWORK_STATE_LABELS,
  HOMEWORK_STATES,
  homeworkRoutes,
  type HomeworkState,
  type HomeworkSummary,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { FormField, Select } from '@examkit/ui';
import { Actions, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import {
  AssignedLinks,
  HomeworkListSearch,
  HomeworkListTable,
  RemoveAction,
  RowLink,
  useHomeworkList,
  type HomeworkListQuery,
} from '../components/HomeworkList';
import { readHomeworkHeader, writeHomeworkHeader, type HomeworkHeader } from '../headerStore';
import { formatTime, gradesOf, subjectsOfGrade, useHomeworkOptions } from '../useHomeworkOptions';
import { NameGradeSubjectCells } from '../components/rowCells';

/** /homework/school-base: the school homework the user may see, paged by hspa/pageInfo. */
export function HomeworkListPage() {
  const call = useApiCall();
  const { storage } = useExamkit();
  const options = useHomeworkOptions();
  const [header, setHeader] = useState<HomeworkHeader>(() => readHomeworkHeader(storage));
  const [state, setState] = useState<HomeworkState | ''>('');
  const list = useHomeworkList<HomeworkSummary>(
    useCallback(
      (q: HomeworkListQuery) =>
        call(
          homeworkRoutes.homeworkPage,
          {
            ...q,
            ...(header.gradeId ? { gradeId: header.gradeId } : {}),
            ...(header.subjectId ? { subjectId: header.subjectId } : {}),
            ...(state ? { state } : {}),
          },
          // the list keeps only the newest answer: a read sent while another is on its way must go out
          { dedupe: false },
        ),
      [call, header, state],
    ),
  );

  const choose = (next: HomeworkHeader) => {
    setHeader(next);
    writeHomeworkHeader(storage, next);
    list.restart();
  };

  return (
    <PageBox aria-labelledby="homework-list-title">
      <h1 id="homework-list-title">校本作业</h1>
      <Toolbar>
        <FormField label="年级">
          <Select
            value={header.gradeId ?? ''}
            placeholder="全部年级"
            options={gradesOf(options ?? [])}
            onChange={(e) => choose({ gradeId: Number(e.target.value) || null, subjectId: null })}
          />
        </FormField>
        <FormField label="科目">
          <Select
            value={header.subjectId ?? ''}
            placeholder="全部科目"
            options={subjectsOfGrade(options ?? [], header.gradeId)}
            onChange={(e) => choose({ ...header, subjectId: Number(e.target.value) || null })}
          />
        </FormField>
        <FormField label="状态">
          <Select
            value={state}
            placeholder="全部状态"
            options={HOMEWORK_STATES.map((s) => ({ value: s, label: HOMEWORK_STATE_LABELS[s] }))}
            onChange={(e) => {
              setState(e.target.value as HomeworkState | '');
              list.restart();
            }}
          />
        </FormField>
        <HomeworkListSearch list={list} placeholder="作业名称" />
        <Link to="/homework/school-base/create">上传试卷布置作业</Link>
        <Link to="/homework/school-base/store">从题库选题</Link>
        <Link to="/homework/composition">作文作业</Link>
        <Link to="/homework/word-exercise/question">字词练习</Link>
        <Link to="/homework/download-assistant">下载助手</Link>
      </Toolbar>
      <HomeworkListTable
        list={list}
        label="校本作业列表"
        noun="作业"
        removeNote="上传的试卷和题目将一并删除。"
        headers={[
          '作业名称',
          '年级',
          '科目',
          '题数',
          '满分',
          '状态',
          '布置对象',
          '截止时间',
          '操作',
        ]}
      >
        {(h) => (
          <tr key={h.id}>
            <NameGradeSubjectCells row={h} />
            <td>{h.questionCount}</td>
            <td>{h.fullMarks}</td>
            <td>{HOMEWORK_STATE_LABELS[h.state]}</td>
            <td>{h.targets.join('、') || '—'}</td>
            <td>{h.dueAt === null ? '—' : formatTime(h.dueAt)}</td>
            <td>
              <Actions>
                <RowLink
                  to={`/homework/school-base/split-confirm?id=${h.id}`}
                  text={h.state === 'draft' ? '拆题' : h.state === 'ready' ? '布置' : '查看'}
                  name={h.name}
                />
                {h.state === 'assigned' && (
                  <AssignedLinks
                    name={h.name}
                    paths={{
                      scan: `/homework/school-base/${h.id}/scan`,
                      correct: `/homework/correct?id=${h.id}`,
                      report: `/homework/school-base/${h.id}/report/basic`,
                    }}
                  />
                )}
                {h.questionCount > 0 && (
                  <RowLink
                    to={`/homework/school-base/questionItem?id=${h.id}`}
                    text="题目"
                    name={h.name}
                  />
                )}
                {h.state !== 'assigned' && <RemoveAction list={list} row={h} />}
              </Actions>
            </td>
          </tr>
        )}
      </HomeworkListTable>
    </PageBox>
  );
}
