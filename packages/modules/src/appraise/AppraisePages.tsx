import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  APPRAISAL_KIND_NAMES,
  APPRAISAL_LEVEL_NAMES,
  APPRAISAL_LEVELS,
  APPRAISAL_TERM_NAMES,
  appraiseRoutes,
  type AppraisalLevel,
  type BodyOf,
  type DataOf,
} from '@examkit/contracts';
import { Button, Empty, FormField, Select } from '@examkit/ui';
import { DownloadJobButton } from '../common/DownloadJobButton';
import { ListTable } from '../common/ListTable';
import { PageBox, Toolbar } from '../common/styled';
import { useApiCall } from '../common/useApiCall';
import { useMyScope } from '../common/useMyScope';
import { useWrongData } from '../resource/wrong/useWrongData';

type Sheet = DataOf<typeof appraiseRoutes.sheet>;
type Term = 1 | 2;
type Kind = 1 | 2;

const LEVEL_OPTIONS = APPRAISAL_LEVELS.map((l) => ({ value: l, label: APPRAISAL_LEVEL_NAMES[l] }));
const TERM_OPTIONS = ([1, 2] as const).map((t) => ({ value: t, label: APPRAISAL_TERM_NAMES[t] }));
const KIND_OPTIONS = ([1, 2] as const).map((k) => ({ value: k, label: APPRAISAL_KIND_NAMES[k] }));
const cell = (studentId: number, itemId: number) => `${studentId}-${itemId}`;

/** 班级 and 学期 pickers of the appraisal pages. */
function ClassTermPickers({
  sheet,
  term,
  onClass,
  onTerm,
}: {
  sheet: Sheet;
  term: Term;
  onClass(id: number): void;
  onTerm(t: Term): void;
}) {
  return (
    <>
      <FormField label="班级">
        <Select
          value={sheet.classId ?? ''}
          options={sheet.classes.map((c) => ({
            value: c.classId,
            label: `${c.gradeName} ${c.className}`,
          }))}
          onChange={(e) => onClass(Number(e.target.value))}
        />
      </FormField>
      <FormField label="学期">
        <Select
          value={term}
          options={TERM_OPTIONS}
          onChange={(e) => onTerm(Number(e.target.value) as Term)}
        />
      </FormField>
    </>
  );
}

/**
 * 评价录入 (/appraise/record): a class's students × a subject's 能力 or 素养 items (系统管理 →
 * 能力设置/素养设置), one 等级 per cell, saved together. A teacher records the classes and
 * subjects of their data scope; a bureau seat only reads. @see docs/appraise.md
 */
export function AppraiseRecordPage() {
  const call = useApiCall();
  const scope = useMyScope();
  const [params] = useSearchParams();
  const [classId, setClassId] = useState<number | null>(
    () => Number(params.get('classId')) || null,
  );
  const [term, setTerm] = useState<Term>(1);
  const [kind, setKind] = useState<Kind>(1);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const sheet = useWrongData(appraiseRoutes.sheet, { classId, term, kind, subjectId });
  const data = sheet.data;
  // the levels as recorded, overlaid by the user's changes since this sheet was loaded
  const recorded = useMemo(
    () =>
      new Map(
        (data?.students ?? []).flatMap((s) =>
          s.records.map((r) => [cell(s.studentId, r.itemId), r] as const),
        ),
      ),
    [data],
  );
  const [edits, setEdits] = useState<Record<string, AppraisalLevel | ''>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setEdits({});
    setNotice(null);
  }, [data]);
  const levelOf = (k: string) => edits[k] ?? recorded.get(k)?.level ?? '';
  const reader = scope?.reader === true;

  async function save() {
    if (!data || data.classId === null || data.subjectId === null) return;
    const body: BodyOf<typeof appraiseRoutes.save> = {
      classId: data.classId,
      term,
      kind,
      subjectId: data.subjectId,
      records: data.students.flatMap((s) =>
        data.items.flatMap((i) => {
          const level = levelOf(cell(s.studentId, i.itemId));
          return level
            ? [
                {
                  studentId: s.studentId,
                  itemId: i.itemId,
                  level,
                  comment: recorded.get(cell(s.studentId, i.itemId))?.comment ?? '',
                },
              ]
            : [];
        }),
      ),
    };
    setSaving(true);
    const r = await call(appraiseRoutes.save, body);
    setSaving(false);
    setNotice(r.ok ? `已保存${r.data.saved}条评价` : null);
  }

  return (
    <PageBox>
      <h1>评价录入</h1>
      {sheet.error && <p role="alert">{sheet.error}</p>}
      {data && data.classes.length === 0 && <Empty text="暂无可评价的班级" />}
      {data && data.classes.length > 0 && (
        <Toolbar>
          <ClassTermPickers
            sheet={data}
            term={term}
            onClass={(id) => {
              setClassId(id);
              setSubjectId(null);
            }}
            onTerm={setTerm}
          />
          <FormField label="评价类别">
            <Select
              value={kind}
              options={KIND_OPTIONS}
              onChange={(e) => {
                setKind(Number(e.target.value) as Kind);
                setSubjectId(null);
              }}
            />
          </FormField>
          <FormField label="科目">
            <Select
              value={data.subjectId ?? ''}
              options={data.subjects.map((s) => ({ value: s.subjectId, label: s.subjectName }))}
              onChange={(e) => setSubjectId(Number(e.target.value))}
            />
          </FormField>
          {!reader && data.classId !== null && (
            <DownloadJobButton
              label="导出本班评价"
              start={() => call(appraiseRoutes.exportJob, { classId: data.classId!, term })}
            />
          )}
          <Link to={`/appraise/student${data.classId ? `?classId=${data.classId}` : ''}`}>
            学生评价
          </Link>
        </Toolbar>
      )}
      {data && data.classId !== null && data.subjectId === null && (
        <Empty text="该班级暂无可评价的科目，请先在系统管理的能力设置或素养设置中添加项目" />
      )}
      {data && data.subjectId !== null && (
        <>
          <ListTable
            label="评价表"
            rows={data.students}
            empty="该班级暂无学生"
            headers={['学号', '姓名', ...data.items.map((i) => i.name)]}
          >
            {(s) => (
              <tr key={s.studentId}>
                <td>{s.studentNo}</td>
                <td>{s.name}</td>
                {data.items.map((i) => (
                  <td key={i.itemId}>
                    <Select
                      label={`${s.name}的${i.name}`}
                      value={levelOf(cell(s.studentId, i.itemId))}
                      placeholder="未评价"
                      options={LEVEL_OPTIONS}
                      disabled={reader}
                      onChange={(e) =>
                        setEdits((l) => ({
                          ...l,
                          [cell(s.studentId, i.itemId)]: e.target.value as AppraisalLevel | '',
                        }))
                      }
                    />
                  </td>
                ))}
              </tr>
            )}
          </ListTable>
          {!reader && data.students.length > 0 && (
            <Toolbar>
              <Button onClick={() => void save()} disabled={saving}>
                保存
              </Button>
              {notice && <span role="status">{notice}</span>}
            </Toolbar>
          )}
        </>
      )}
    </PageBox>
  );
}

/**
 * 学生评价 (/appraise/student): one student's 能力 and 素养 levels over every term, in the
 * subjects the caller sees. @see docs/appraise.md
 */
export function AppraiseStudentPage() {
  const [params] = useSearchParams();
  const param = (name: string) => Number(params.get(name)) || null;
  const [classId, setClassId] = useState<number | null>(() => param('classId'));
  const [studentId, setStudentId] = useState<number | null>(() => param('studentId'));
  const classes = useWrongData(appraiseRoutes.sheet, {
    classId,
    term: 1,
    kind: 1,
    subjectId: null,
  });
  const chosen = studentId ?? classes.data?.students[0]?.studentId ?? null;
  const record = useWrongData(
    appraiseRoutes.student,
    chosen === null ? null : { studentId: chosen },
  );
  const data = record.data;
  return (
    <PageBox>
      <h1>学生评价</h1>
      {classes.error && <p role="alert">{classes.error}</p>}
      {classes.data && classes.data.classes.length === 0 && <Empty text="暂无可查看的班级" />}
      {classes.data && classes.data.classes.length > 0 && (
        <Toolbar>
          <FormField label="班级">
            <Select
              value={classes.data.classId ?? ''}
              options={classes.data.classes.map((c) => ({
                value: c.classId,
                label: `${c.gradeName} ${c.className}`,
              }))}
              onChange={(e) => {
                setClassId(Number(e.target.value));
                setStudentId(null);
              }}
            />
          </FormField>
          <FormField label="学生">
            <Select
              value={chosen ?? ''}
              options={classes.data.students.map((s) => ({
                value: s.studentId,
                label: `${s.name}（${s.studentNo}）`,
              }))}
              onChange={(e) => setStudentId(Number(e.target.value))}
            />
          </FormField>
          <Link
            to={`/appraise/record${classes.data.classId ? `?classId=${classes.data.classId}` : ''}`}
          >
            评价录入
          </Link>
        </Toolbar>
      )}
      {record.error && <p role="alert">{record.error}</p>}
      {data && (
        <>
          <h2>
            {data.student.name}（{data.student.className}，{data.student.studentNo}）
          </h2>
          <ListTable
            label="评价记录"
            rows={data.records}
            empty="暂无评价记录"
            headers={['学年', '学期', '类别', '学科', '项目', '等级', '评语']}
          >
            {(r) => (
              <tr key={`${r.academicYear}-${r.term}-${r.kind}-${r.subjectName}-${r.itemName}`}>
                <td>{`${r.academicYear}-${r.academicYear + 1}学年`}</td>
                <td>{APPRAISAL_TERM_NAMES[r.term as Term]}</td>
                <td>{APPRAISAL_KIND_NAMES[r.kind as Kind]}</td>
                <td>{r.subjectName}</td>
                <td>{r.itemName}</td>
                <td>{APPRAISAL_LEVEL_NAMES[r.level]}</td>
                <td>{r.comment || '—'}</td>
              </tr>
            )}
          </ListTable>
        </>
      )}
    </PageBox>
  );
}
