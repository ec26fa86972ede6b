import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import {
  HOMEWORK_STATE_LABELS,
  homeworkCompositionRoutes as r,
  type CompositionSummary,
} from '@examkit/contracts';
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
import { formatTime } from '../useHomeworkOptions';
import { NameGradeSubjectCells } from '../components/rowCells';

/** /homework/composition: the compositions (作文) the user may see, newest first. */
export function CompositionListPage() {
  const call = useApiCall();
  const list = useHomeworkList<CompositionSummary>(
    useCallback((q: HomeworkListQuery) => call(r.compositionPage, q, { dedupe: false }), [call]),
  );

  return (
    <PageBox aria-labelledby="composition-list-title">
      <h1 id="composition-list-title">作文作业</h1>
      <Toolbar>
        <HomeworkListSearch list={list} placeholder="作文名称" />
        <Link to="/homework/composition/create">布置作文</Link>
        <Link to="/homework/school-base">校本作业</Link>
      </Toolbar>
      <HomeworkListTable
        list={list}
        label="作文列表"
        noun="作文"
        headers={[
          '作文名称',
          '年级',
          '科目',
          '文体',
          '满分',
          '状态',
          '已交',
          '已批改',
          '范文',
          '创建时间',
          '操作',
        ]}
      >
        {(c) => (
          <tr key={c.id}>
            <NameGradeSubjectCells row={c} />
            <td>{c.genre}</td>
            <td>{c.fullMarks}</td>
            <td>{HOMEWORK_STATE_LABELS[c.state]}</td>
            <td>{c.submitted}</td>
            <td>{c.corrected}</td>
            <td>{c.exemplary}</td>
            <td>{formatTime(c.createdAt)}</td>
            <td>
              <Actions>
                <RowLink
                  to={`/homework/composition/edit?id=${c.id}`}
                  text={c.state === 'assigned' ? '查看' : '编辑并布置'}
                  name={c.name}
                />
                {c.state === 'assigned' && (
                  <AssignedLinks
                    name={c.name}
                    paths={{
                      scan: `/homework/composition/${c.id}/scan`,
                      correct: `/homework/composition/correct?id=${c.id}`,
                      report: `/homework/composition/${c.id}/report/basic`,
                    }}
                  />
                )}
                {c.state !== 'assigned' && <RemoveAction list={list} row={c} />}
              </Actions>
            </td>
          </tr>
        )}
      </HomeworkListTable>
    </PageBox>
  );
}
