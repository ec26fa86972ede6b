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
import type { TeacherRow } from '../types';
import { saveFile } from '../utils/files';

/** Rows per page of the teacher list. */
export const TEACHER_PAGE_SIZE = 20;

/**
 * /system/teacher/list: the teachers in the caller's scope, paged and filtered by grade,
 * class and keyword; kept alive, with the filters and page in the store's list memory
 * (spec 000 §2, §3). Disabling keeps a teacher's history (status 2).
 */
export function TeacherListPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [memory, remember] = useListMemory('system-teacher-list');
  const canExport = usePermission('System-Export');
  const gradeId = memory.gradeId ? Number(memory.gradeId) : undefined;
  const classId = memory.classId ? Number(memory.classId) : undefined;
  const keyWord = memory.keyWord ?? '';
  const page = memory.currentPage || 1;
  const { grades, classes } = useGradeClasses(gradeId);
  const [rows, setRows] = useState<TeacherRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [importing, setImporting] = useState(false);
  const [pendingDisable, setPendingDisable] = useState<TeacherRow | null>(null);

  const filters = {
    ...(gradeId ? { gradeId } : {}),
    ...(classId ? { classId } : {}),
    ...(keyWord ? { keyWord } : {}),
  };
  const filterKey = JSON.stringify(filters);
  const beginRequest = useLatestRequest();
  const load = useCallback(async () => {
    const isLatest = beginRequest();
    const r = await call(
      administrationRoutes.queryTeachers,
      { pageNum: page, pageSize: TEACHER_PAGE_SIZE, ...(JSON.parse(filterKey) as object) },
      { dedupe: false },
    );
    if (!isLatest()) return;
    if (r.ok) {
      setRows(r.data.list);
      setTotal(r.data.total);
    } else if (!r.cancelled) setRows([]);
  }, [call, beginRequest, page, filterKey]);

  // Runs again when the kept-alive page is shown again, so an added or edited teacher appears.
  useEffect(() => {
    void load();
  }, [load]);

  async function exportList() {
    const r = await call(administrationRoutes.exportTeachers, {
      pageNum: 1,
      pageSize: TEACHER_PAGE_SIZE,
      ...filters,
    });
    if (r.ok) saveFile(r.data);
  }

  async function confirmDisable() {
    if (!pendingDisable) return;
    const r = await call(
      administrationRoutes.deleteTeacher,
      { ids: [pendingDisable.id] },
      { successMessage: '已停用' },
    );
    if (r.ok) {
      setPendingDisable(null);
      void load();
    }
  }

  return (
    <PageBox aria-labelledby="teacher-list-title">
      <h1 id="teacher-list-title">教师管理</h1>
      <Toolbar role="search" aria-label="筛选教师">
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
          placeholder="姓名或登录名"
          onSearch={(k) => remember({ keyWord: k, currentPage: 1 })}
        />
        <Spacer />
        <Button type="primary" onClick={() => navigate('/system/teacher/new')}>
          新增教师
        </Button>
        <Button onClick={() => setImporting(true)}>导入教师</Button>
        {canExport && <Button onClick={() => void exportList()}>导出</Button>}
      </Toolbar>

      {rows === null ? null : rows.length === 0 ? (
        <Empty />
      ) : (
        <Table aria-label="教师列表">
          <thead>
            <tr>
              <th scope="col">姓名</th>
              <th scope="col">登录名</th>
              <th scope="col">手机号</th>
              <th scope="col">学科</th>
              <th scope="col">角色</th>
              <th scope="col">状态</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.loginName}</td>
                <td>{t.tel ?? '-'}</td>
                <td>{t.subjectName ?? '-'}</td>
                <td>{t.roleNames.join('、') || '-'}</td>
                <td>{t.status === 1 ? '正常' : '停用'}</td>
                <td>
                  <Actions>
                    <Button
                      size="small"
                      type="link"
                      aria-label={`编辑 ${t.name}`}
                      onClick={() => navigate(`/system/teacher/edit/${t.id}`)}
                    >
                      编辑
                    </Button>
                    {t.status === 1 && (
                      <Button
                        size="small"
                        type="link"
                        aria-label={`停用 ${t.name}`}
                        onClick={() => setPendingDisable(t)}
                      >
                        停用
                      </Button>
                    )}
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
          pageSize={TEACHER_PAGE_SIZE}
          onPage={(p) => remember({ currentPage: p })}
        />
      )}

      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        kind="教师"
        columns="姓名、手机号（必填），登录名（默认为手机号）、学科"
        template={async () => {
          const r = await call(administrationRoutes.teacherTemplate, {});
          return r.ok ? r.data : null;
        }}
        upload={async (file) => {
          const r = await call(administrationRoutes.importTeachers, file);
          return r.ok ? r.data : null;
        }}
        errorReport={async (id) => {
          const r = await call(administrationRoutes.teacherImportErrors, { id });
          return r.ok ? r.data : null;
        }}
        onImported={() => void load()}
      />

      <ConfirmDialog
        open={pendingDisable !== null}
        title="停用教师"
        confirmLabel="确定停用"
        onCancel={() => setPendingDisable(null)}
        onConfirm={() => void confirmDisable()}
      >
        <p>确定停用“{pendingDisable?.name}”吗？其历史记录会保留，登录会失效。</p>
      </ConfirmDialog>
    </PageBox>
  );
}
