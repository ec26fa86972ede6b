import { useCallback, useEffect, useState } from 'react';
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
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { KeywordSearch } from '../../common/KeywordSearch';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { RowAction } from '../../common/RowAction';
import { Actions, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { readHomeworkHeader, writeHomeworkHeader, type HomeworkHeader } from '../headerStore';
import { formatTime, gradesOf, subjectsOfGrade, useHomeworkOptions } from '../useHomeworkOptions';

const PAGE_SIZE = 20;

/** /homework/school-base: the school homework the user may see, paged by hspa/pageInfo. */
export function HomeworkListPage() {
  const call = useApiCall();
  const { storage } = useExamkit();
  const options = useHomeworkOptions();
  const [header, setHeader] = useState<HomeworkHeader>(() => readHomeworkHeader(storage));
  const [keyWord, setKeyWord] = useState('');
  const [state, setState] = useState<HomeworkState | ''>('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: HomeworkSummary[]; total: number } | null>(null);
  const [removing, setRemoving] = useState<HomeworkSummary | null>(null);

  const load = useCallback(async () => {
    const r = await call(homeworkRoutes.homeworkPage, {
      pageNum: page,
      pageSize: PAGE_SIZE,
      ...(keyWord ? { keyWord } : {}),
      ...(header.gradeId ? { gradeId: header.gradeId } : {}),
      ...(header.subjectId ? { subjectId: header.subjectId } : {}),
      ...(state ? { state } : {}),
    });
    setData(r.ok ? r.data : { list: [], total: 0 });
  }, [call, page, keyWord, header, state]);
  useEffect(() => void load(), [load]);

  const choose = (next: HomeworkHeader) => {
    setHeader(next);
    writeHomeworkHeader(storage, next);
    setPage(1);
  };

  async function remove() {
    if (!removing) return;
    const r = await call(homeworkRoutes.homeworkRemove, { id: removing.id });
    setRemoving(null);
    if (r.ok) void load();
  }

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
              setPage(1);
            }}
          />
        </FormField>
        <KeywordSearch
          initial={keyWord}
          placeholder="作业名称"
          onSearch={(k) => {
            setKeyWord(k);
            setPage(1);
          }}
        />
        <Link to="/homework/school-base/create">上传试卷布置作业</Link>
        <Link to="/homework/school-base/store">从题库选题</Link>
        <Link to="/homework/composition">作文作业</Link>
        <Link to="/homework/word-exercise/question">字词练习</Link>
        <Link to="/homework/download-assistant">下载助手</Link>
      </Toolbar>
      <ListTable
        label="校本作业列表"
        rows={data?.list ?? null}
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
            <td>{h.name}</td>
            <td>{h.gradeName}</td>
            <td>{h.subjectName}</td>
            <td>{h.questionCount}</td>
            <td>{h.fullMarks}</td>
            <td>{HOMEWORK_STATE_LABELS[h.state]}</td>
            <td>{h.targets.join('、') || '—'}</td>
            <td>{h.dueAt === null ? '—' : formatTime(h.dueAt)}</td>
            <td>
              <Actions>
                <Link
                  to={`/homework/school-base/split-confirm?id=${h.id}`}
                  aria-label={`${h.state === 'draft' ? '拆题' : h.state === 'ready' ? '布置' : '查看'}：${h.name}`}
                >
                  {h.state === 'draft' ? '拆题' : h.state === 'ready' ? '布置' : '查看'}
                </Link>
                {h.state === 'assigned' && (
                  <>
                    <Link to={`/homework/school-base/${h.id}/scan`} aria-label={`扫描：${h.name}`}>
                      扫描
                    </Link>
                    <Link to={`/homework/correct?id=${h.id}`} aria-label={`批改：${h.name}`}>
                      批改
                    </Link>
                    <Link
                      to={`/homework/school-base/${h.id}/report/basic`}
                      aria-label={`报告：${h.name}`}
                    >
                      报告
                    </Link>
                  </>
                )}
                {h.questionCount > 0 && (
                  <Link
                    to={`/homework/school-base/questionItem?id=${h.id}`}
                    aria-label={`题目：${h.name}`}
                  >
                    题目
                  </Link>
                )}
                {h.state !== 'assigned' && (
                  <RowAction
                    text="删除"
                    aria-label={`删除：${h.name}`}
                    onClick={() => setRemoving(h)}
                  />
                )}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      {data && data.total > 0 && (
        <Pager total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="删除作业"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        确定删除作业“{removing?.name}”吗？上传的试卷和题目将一并删除。
      </ConfirmDialog>
    </PageBox>
  );
}
