import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { administrationRoutes } from '@examkit/contracts';
import { useListMemory } from '@examkit/core/react';
import { usePermission } from '@examkit/permission';
import { Button, Empty } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { GradeClassFilters } from '../../common/GradeClassFilters';
import { KeywordSearch } from '../../common/KeywordSearch';
import { useLatestRequest } from '../../common/useLatestRequest';
import { ImportDialog } from '../components/ImportDialog';
import { Pager } from '../../common/Pager';
import { Actions, PageBox, Spacer, Table, Toolbar } from '../components/styled';
import { useGradeClasses } from '../hooks/useGradeClasses';
import { useApiCall } from '../../common/useApiCall';
import type { StudentRow } from '../types';
import { saveFile } from '../utils/files';

/** Rows per page of the student list. */
export const STUDENT_PAGE_SIZE = 20;

const SEX = ['', '男', '女'];

/**
 * /system/student/list: the students of the caller's classes, paged and filtered by
 * grade, class and keyword. The route is kept alive; the filters and page also live in
 * the store's list memory (spec 000 §2, §3), so a fresh mount starts where the user
 * left. Phones arrive masked unless the user holds System-Tel; export needs System-Export.
 */
export function StudentListPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [memory, remember] = useListMemory('system-student-list');
  const canExport = usePermission('System-Export');
  const gradeId = memory.gradeId ? Number(memory.gradeId) : undefined;
  const classId = memory.classId ? Number(memory.classId) : undefined;
  const keyWord = memory.keyWord ?? '';
  const page = memory.currentPage || 1;
  const { grades, classes } = useGradeClasses(gradeId);
  const [rows, setRows] = useState<StudentRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [importing, setImporting] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<StudentRow | null>(null);

  const filters = {
    ...(gradeId ? { gradeId } : {}),
    ...(classId ? { classId } : {}),
    ...(keyWord ? { keyWord } : {}),
  };
  const beginRequest = useLatestRequest();
  const load = useCallback(async () => {
    const isLatest = beginRequest();
    const r = await call(
      administrationRoutes.getStudents,
      {
        pageNum: page,
        pageSize: STUDENT_PAGE_SIZE,
        ...(gradeId ? { gradeId } : {}),
        ...(classId ? { classId } : {}),
        ...(keyWord ? { keyWord } : {}),
      },
      { dedupe: false },
    );
    if (!isLatest()) return;
    if (r.ok) {
      setRows(r.data.list);
      setTotal(r.data.total);
    } else if (!r.cancelled) setRows([]);
  }, [call, beginRequest, page, gradeId, classId, keyWord]);

  // Runs again when the kept-alive page is shown again, so an added or edited student appears.
  useEffect(() => {
    void load();
  }, [load]);

  async function exportList() {
    const r = await call(administrationRoutes.exportStudents, {
      pageNum: 1,
      pageSize: STUDENT_PAGE_SIZE,
      ...filters,
    });
    if (r.ok) saveFile(r.data);
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    const r = await call(
      administrationRoutes.deleteStudents,
      { ids: [pendingDelete.id] },
      { successMessage: '删除成功' },
    );
    if (r.ok) {
      setPendingDelete(null);
      void load();
    }
  }

  return (
    <PageBox aria-labelledby="student-list-title">
      <h1 id="student-list-title">学生管理</h1>
      <Toolbar role="search" aria-label="筛选学生">
        <GradeClassFilters
          grades={grades}
          classes={classes}
          gradeId={gradeId}
          classId={classId}
          onGrade={(value) => remember({ gradeId: value, classId: '', currentPage: 1 })}
          onClass={(value) => remember({ classId: value, currentPage: 1 })}
        />
        <KeywordSearch
          initial={keyWord}
          placeholder="姓名或学号"
          onSearch={(k) => remember({ keyWord: k, currentPage: 1 })}
        />
        <Spacer />
        <Button type="primary" onClick={() => navigate('/system/student/new')}>
          新增学生
        </Button>
        <Button onClick={() => setImporting(true)}>导入学生</Button>
        {canExport && <Button onClick={() => void exportList()}>导出</Button>}
        <Button onClick={() => navigate('/system/student/xgk')}>新高考选科</Button>
      </Toolbar>

      {rows === null ? null : rows.length === 0 ? (
        <Empty />
      ) : (
        <Table aria-label="学生列表">
          <thead>
            <tr>
              <th scope="col">学号</th>
              <th scope="col">姓名</th>
              <th scope="col">性别</th>
              <th scope="col">年级</th>
              <th scope="col">班级</th>
              <th scope="col">手机号</th>
              <th scope="col">选科</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <td>{s.studentNo}</td>
                <td>{s.name}</td>
                <td>{SEX[s.sex] ?? ''}</td>
                <td>{s.gradeName}</td>
                <td>{s.className}</td>
                <td>{s.tel ?? '-'}</td>
                <td>{s.electiveSubjects.length ? s.electiveSubjects.join('、') : '-'}</td>
                <td>
                  <Actions>
                    <Button
                      size="small"
                      type="link"
                      aria-label={`编辑 ${s.name}`}
                      onClick={() => navigate(`/system/student/edit/${s.id}`)}
                    >
                      编辑
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      aria-label={`删除 ${s.name}`}
                      onClick={() => setPendingDelete(s)}
                    >
                      删除
                    </Button>
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {rows && rows.length > 0 && (
        <Pager
          total={total}
          page={page}
          pageSize={STUDENT_PAGE_SIZE}
          onPage={(p) => remember({ currentPage: p })}
        />
      )}

      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        kind="学生"
        columns="学号、姓名、年级、班级（必填），性别、手机号、选科"
        template={async () => {
          const r = await call(administrationRoutes.studentTemplate, {});
          return r.ok ? r.data : null;
        }}
        upload={async (file) => {
          const r = await call(administrationRoutes.importStudents, file);
          return r.ok ? r.data : null;
        }}
        errorReport={async (id) => {
          const r = await call(administrationRoutes.studentImportErrors, { id });
          return r.ok ? r.data : null;
        }}
        onImported={() => void load()}
      />

      <ConfirmDialog
        open={pendingDelete !== null}
        title="删除学生"
        confirmLabel="确定删除"
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>确定删除学生“{pendingDelete?.name}”吗？</p>
      </ConfirmDialog>
    </PageBox>
  );
}
