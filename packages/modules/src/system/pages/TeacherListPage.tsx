import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { administrationRoutes } from '@examkit/contracts';
import { useListMemory } from '@examkit/core/react';
import { usePermission } from '@examkit/permission';
import { Button, Dialog, Empty, FormField, Select, TextInput } from '@examkit/ui';
import { ImportDialog } from '../components/ImportDialog';
import { Pager } from '../components/Pager';
import { Actions, PageBox, Spacer, Table, Toolbar } from '../components/styled';
import { useGradeClasses } from '../hooks/useGradeClasses';
import { useSystemCall } from '../hooks/useSystemCall';
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
  const call = useSystemCall();
  const navigate = useNavigate();
  const [memory, remember] = useListMemory('system-teacher-list');
  const canExport = usePermission('System-Export');
  const gradeId = memory.gradeId ? Number(memory.gradeId) : undefined;
  const classId = memory.classId ? Number(memory.classId) : undefined;
  const keyWord = memory.keyWord ?? '';
  const page = memory.currentPage || 1;
  const { grades, classes } = useGradeClasses(gradeId);
  const [keyWordDraft, setKeyWordDraft] = useState(keyWord);
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
  const latest = useRef(0);
  const load = useCallback(async () => {
    const ticket = ++latest.current;
    const r = await call(
      administrationRoutes.queryTeachers,
      { pageNum: page, pageSize: TEACHER_PAGE_SIZE, ...(JSON.parse(filterKey) as object) },
      { dedupe: false },
    );
    if (ticket !== latest.current) return;
    if (r.ok) {
      setRows(r.data.list);
      setTotal(r.data.total);
    } else if (!r.cancelled) setRows([]);
  }, [call, page, filterKey]);

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
        <FormField label="年级">
          <Select
            value={gradeId ?? ''}
            placeholder="全部"
            options={grades.map((g) => ({ value: g.id, label: g.name }))}
            onChange={(e) => remember({ gradeId: e.target.value, classId: '', currentPage: 1 })}
          />
        </FormField>
        <FormField label="班级">
          <Select
            value={classId ?? ''}
            placeholder="全部"
            options={classes.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(e) => remember({ classId: e.target.value, currentPage: 1 })}
          />
        </FormField>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            remember({ keyWord: keyWordDraft.trim(), currentPage: 1 });
          }}
        >
          <FormField label="关键字">
            <TextInput
              type="search"
              value={keyWordDraft}
              placeholder="姓名或登录名"
              onChange={(e) => setKeyWordDraft(e.target.value)}
            />
          </FormField>
          <Button nativeType="submit">查询</Button>
        </form>
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

      <Dialog
        open={pendingDisable !== null}
        role="alertdialog"
        title="停用教师"
        onClose={() => setPendingDisable(null)}
        footer={
          <Actions>
            <Button onClick={() => setPendingDisable(null)}>取消</Button>
            <Button type="primary" onClick={() => void confirmDisable()}>
              确定停用
            </Button>
          </Actions>
        }
      >
        <p>确定停用“{pendingDisable?.name}”吗？其历史记录会保留，登录会失效。</p>
      </Dialog>
    </PageBox>
  );
}
