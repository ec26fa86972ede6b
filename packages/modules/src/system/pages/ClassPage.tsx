import { useCallback, useEffect, useState } from 'react';
import { administrationRoutes, type DataOf } from '@examkit/contracts';
import { Button, Dialog, Empty, FormField, Select, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ImportDialog } from '../../common/ImportDialog';
import { Pager } from '../../common/Pager';
import { Actions, ErrorText, PageBox, Spacer, Table, Toolbar } from '../components/styled';
import { useGradeClasses } from '../hooks/useGradeClasses';
import { useApiCall } from '../../common/useApiCall';
import type { TeacherRow } from '../types';
import { saveFile } from '../../common/files';
import { RowAction } from '../../common/RowAction';
import { ListTable } from '../../common/ListTable';

type ClassRow = DataOf<typeof administrationRoutes.queryClass>[number];
type TeachClassRow = DataOf<typeof administrationRoutes.teachClassList>['list'][number];

interface ClassDraft {
  id?: number;
  gradeId: string;
  name: string;
}
interface TeachClassDraft {
  gradeId: string;
  subjectId: string;
  name: string;
  teacherId: string;
}

const TEACH_PAGE_SIZE = 20;

/**
 * /system/class: the administrative classes of a grade (add, rename, 班主任, delete when
 * empty, spreadsheet import and download) and the teaching classes (走班) of the grade.
 */
export function ClassPage() {
  const call = useApiCall();
  const [gradeId, setGradeId] = useState('');
  const { grades } = useGradeClasses(undefined);
  const [classes, setClasses] = useState<ClassRow[] | null>(null);
  const [teachers, setTeachers] = useState<TeacherRow[]>([]);
  const [subjects, setSubjects] = useState<{ id: number; name: string }[]>([]);
  const [draft, setDraft] = useState<ClassDraft | null>(null);
  const [head, setHead] = useState<{ cls: ClassRow; userId: string } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<ClassRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [teachRows, setTeachRows] = useState<TeachClassRow[] | null>(null);
  const [teachTotal, setTeachTotal] = useState(0);
  const [teachPage, setTeachPage] = useState(1);
  const [teachDraft, setTeachDraft] = useState<TeachClassDraft | null>(null);

  const grade = gradeId ? Number(gradeId) : undefined;
  const loadClasses = useCallback(async () => {
    const r = await call(administrationRoutes.queryClass, grade ? { gradeId: grade } : {}, {
      dedupe: false,
    });
    if (r.ok) setClasses(r.data);
    else if (!r.cancelled) setClasses([]);
  }, [call, grade]);

  const loadTeachClasses = useCallback(async () => {
    const r = await call(
      administrationRoutes.teachClassList,
      { pageNum: teachPage, pageSize: TEACH_PAGE_SIZE, ...(grade ? { gradeId: grade } : {}) },
      { dedupe: false },
    );
    if (r.ok) {
      setTeachRows(r.data.list);
      setTeachTotal(r.data.total);
    } else if (!r.cancelled) setTeachRows([]);
  }, [call, grade, teachPage]);

  useEffect(() => {
    void loadClasses();
  }, [loadClasses]);
  useEffect(() => {
    void loadTeachClasses();
  }, [loadTeachClasses]);
  useEffect(() => {
    void call(administrationRoutes.listTeacher, {}, { errorMessage: false }).then((r) => {
      if (r.ok) setTeachers(r.data);
    });
    void call(administrationRoutes.dicGetSubject, {}, { errorMessage: false }).then((r) => {
      if (r.ok) setSubjects(r.data.map((s) => ({ id: s.id, name: s.name })));
    });
  }, [call]);

  const teacherOptions = teachers.map((t) => ({
    value: t.id,
    label: `${t.name}（${t.loginName}）`,
  }));
  const gradeOptions = grades.map((g) => ({ value: g.id, label: g.name }));

  async function saveClass() {
    if (!draft) return;
    const name = draft.name.trim();
    if (!draft.gradeId || !name) {
      setDialogError(!draft.gradeId ? '请选择年级' : '请输入班级名称');
      return;
    }
    const r =
      draft.id === undefined
        ? await call(administrationRoutes.addClassNew, { gradeId: Number(draft.gradeId), name })
        : await call(administrationRoutes.updateClassNew, { id: draft.id, name });
    if (!r.ok) {
      if (!r.cancelled) setDialogError(r.message);
      return;
    }
    setDraft(null);
    void loadClasses();
  }

  async function saveHead() {
    if (!head) return;
    const r = await call(
      administrationRoutes.addClassRole,
      { classId: head.cls.id, userId: head.userId ? Number(head.userId) : null },
      { successMessage: '已设置班主任' },
    );
    if (!r.ok) {
      if (!r.cancelled) setDialogError(r.message);
      return;
    }
    setHead(null);
    void loadClasses();
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    const r = await call(
      administrationRoutes.sysClassDelete,
      { ids: [pendingDelete.id] },
      { successMessage: '删除成功' },
    );
    if (r.ok) {
      setPendingDelete(null);
      void loadClasses();
    }
  }

  async function saveTeachClass() {
    if (!teachDraft) return;
    const name = teachDraft.name.trim();
    if (!teachDraft.gradeId || !teachDraft.subjectId || !name) {
      setDialogError(
        !teachDraft.gradeId ? '请选择年级' : !teachDraft.subjectId ? '请选择学科' : '请输入名称',
      );
      return;
    }
    const r = await call(administrationRoutes.teachClassAdd, {
      gradeId: Number(teachDraft.gradeId),
      subjectId: Number(teachDraft.subjectId),
      name,
      ...(teachDraft.teacherId ? { teacherId: Number(teachDraft.teacherId) } : {}),
    });
    if (!r.ok) {
      if (!r.cancelled) setDialogError(r.message);
      return;
    }
    setTeachDraft(null);
    void loadTeachClasses();
  }

  async function deleteTeachClass(row: TeachClassRow) {
    const r = await call(
      administrationRoutes.teachClassDelete,
      { id: row.id },
      { successMessage: '删除成功' },
    );
    if (r.ok) void loadTeachClasses();
  }

  async function download() {
    const r = await call(administrationRoutes.sysClassDownload, {});
    if (r.ok) saveFile(r.data);
  }

  return (
    <PageBox aria-labelledby="class-title">
      <h1 id="class-title">班级管理</h1>
      <Toolbar role="search" aria-label="筛选班级">
        <FormField label="年级">
          <Select
            value={gradeId}
            placeholder="全部"
            options={gradeOptions}
            onChange={(e) => {
              setGradeId(e.target.value);
              setTeachPage(1);
            }}
          />
        </FormField>
        <Spacer />
        <Button
          type="primary"
          onClick={() => {
            setDialogError(null);
            setDraft({ gradeId, name: '' });
          }}
        >
          新增班级
        </Button>
        <Button onClick={() => setImporting(true)}>导入班级</Button>
        <Button onClick={() => void download()}>下载班级名单</Button>
      </Toolbar>

      <h2>行政班</h2>
      <ListTable
        label="班级列表"
        rows={classes}
        headers={['年级', '班级', '班主任', '学生数', '操作']}
      >
        {(c) => (
          <tr key={c.id}>
            <td>{c.gradeName}</td>
            <td>{c.name}</td>
            <td>{c.headTeacherName ?? '-'}</td>
            <td>{c.studentCount}</td>
            <td>
              <Actions>
                <RowAction
                  text="重命名"
                  of={c.name}
                  onClick={() => {
                    setDialogError(null);
                    setDraft({ id: c.id, gradeId: String(c.gradeId), name: c.name });
                  }}
                />
                <RowAction
                  text="设置班主任"
                  of={c.name}
                  onClick={() => {
                    setDialogError(null);
                    setHead({ cls: c, userId: c.headTeacherId ? String(c.headTeacherId) : '' });
                  }}
                />
                <RowAction
                  text="删除"
                  of={c.name}
                  disabled={c.studentCount > 0}
                  title={c.studentCount > 0 ? '只能删除没有学生的班级' : undefined}
                  onClick={() => setPendingDelete(c)}
                />
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>

      <Actions style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h2>教学班（走班）</h2>
        <Button
          onClick={() => {
            setDialogError(null);
            setTeachDraft({ gradeId, subjectId: '', name: '', teacherId: '' });
          }}
        >
          新增教学班
        </Button>
      </Actions>
      {teachRows === null ? null : teachRows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <Table aria-label="教学班列表">
            <thead>
              <tr>
                <th scope="col">名称</th>
                <th scope="col">年级</th>
                <th scope="col">学科</th>
                <th scope="col">任课教师</th>
                <th scope="col">学生数</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {teachRows.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>{t.gradeName}</td>
                  <td>{t.subjectName}</td>
                  <td>{t.teacherName ?? '-'}</td>
                  <td>{t.studentCount}</td>
                  <td>
                    <RowAction text="删除" of={t.name} onClick={() => void deleteTeachClass(t)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            total={teachTotal}
            page={teachPage}
            pageSize={TEACH_PAGE_SIZE}
            onPage={setTeachPage}
          />
        </>
      )}

      <Dialog
        open={draft !== null}
        title={draft?.id === undefined ? '新增班级' : '重命名班级'}
        onClose={() => setDraft(null)}
        footer={
          <Actions>
            <Button onClick={() => setDraft(null)}>取消</Button>
            <Button type="primary" onClick={() => void saveClass()}>
              保存
            </Button>
          </Actions>
        }
      >
        {draft?.id === undefined && (
          <FormField label="年级" required>
            <Select
              value={draft?.gradeId ?? ''}
              placeholder="请选择年级"
              options={gradeOptions}
              onChange={(e) => draft && setDraft({ ...draft, gradeId: e.target.value })}
            />
          </FormField>
        )}
        <FormField label="班级名称" required>
          <TextInput
            value={draft?.name ?? ''}
            placeholder="如 高一(5)班"
            onChange={(e) => draft && setDraft({ ...draft, name: e.target.value })}
          />
        </FormField>
        {dialogError && <ErrorText role="alert">{dialogError}</ErrorText>}
      </Dialog>

      <Dialog
        open={head !== null}
        title={`设置班主任：${head?.cls.name ?? ''}`}
        onClose={() => setHead(null)}
        footer={
          <Actions>
            <Button onClick={() => setHead(null)}>取消</Button>
            <Button type="primary" onClick={() => void saveHead()}>
              保存
            </Button>
          </Actions>
        }
      >
        <FormField label="班主任">
          <Select
            value={head?.userId ?? ''}
            placeholder="不设班主任"
            options={teacherOptions}
            onChange={(e) => head && setHead({ ...head, userId: e.target.value })}
          />
        </FormField>
        {dialogError && <ErrorText role="alert">{dialogError}</ErrorText>}
      </Dialog>

      <Dialog
        open={teachDraft !== null}
        title="新增教学班"
        onClose={() => setTeachDraft(null)}
        footer={
          <Actions>
            <Button onClick={() => setTeachDraft(null)}>取消</Button>
            <Button type="primary" onClick={() => void saveTeachClass()}>
              保存
            </Button>
          </Actions>
        }
      >
        <FormField label="年级" required>
          <Select
            value={teachDraft?.gradeId ?? ''}
            placeholder="请选择年级"
            options={gradeOptions}
            onChange={(e) =>
              teachDraft && setTeachDraft({ ...teachDraft, gradeId: e.target.value })
            }
          />
        </FormField>
        <FormField label="学科" required>
          <Select
            value={teachDraft?.subjectId ?? ''}
            placeholder="请选择学科"
            options={subjects.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(e) =>
              teachDraft && setTeachDraft({ ...teachDraft, subjectId: e.target.value })
            }
          />
        </FormField>
        <FormField label="名称" required>
          <TextInput
            value={teachDraft?.name ?? ''}
            placeholder="如 物理A班"
            onChange={(e) => teachDraft && setTeachDraft({ ...teachDraft, name: e.target.value })}
          />
        </FormField>
        <FormField label="任课教师">
          <Select
            value={teachDraft?.teacherId ?? ''}
            placeholder="暂不指定"
            options={teacherOptions}
            onChange={(e) =>
              teachDraft && setTeachDraft({ ...teachDraft, teacherId: e.target.value })
            }
          />
        </FormField>
        {dialogError && <ErrorText role="alert">{dialogError}</ErrorText>}
      </Dialog>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="删除班级"
        confirmLabel="确定删除"
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>确定删除“{pendingDelete?.name}”吗？</p>
      </ConfirmDialog>

      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        kind="班级"
        columns="年级、班级"
        template={async () => {
          const r = await call(administrationRoutes.sysClassDownload, {});
          return r.ok ? r.data : null;
        }}
        upload={async (file) => {
          const r = await call(administrationRoutes.sysClassImport, file);
          return r.ok ? r.data : null;
        }}
        onImported={() => void loadClasses()}
      />
    </PageBox>
  );
}
