import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  APPRAISAL_COMMENT_MAX,
  APPRAISAL_KIND_NAMES,
  APPRAISAL_LEVEL_NAMES,
  APPRAISAL_LEVELS,
  APPRAISAL_TERM_NAMES,
  appraiseRoutes,
  type AppraisalLevel,
  type BodyOf,
  type DataOf,
} from '@examkit/contracts';
import { Button, Empty, FormField, Select, themeOf } from '@examkit/ui';
import { DownloadJobButton } from '../common/DownloadJobButton';
import { ListTable } from '../common/ListTable';
import { PageBox, Toolbar } from '../common/styled';
import { Meta, ReportBox } from '../report/components/styled';
import { useApiCall } from '../common/useApiCall';
import { useMyScope } from '../common/useMyScope';
import { useWrongData } from '../resource/wrong/useWrongData';
import { ClassPicker } from '../common/ClassPicker';
import {
  ClassStudentPicker,
  StudentHeading,
  useClassStudentChoice,
} from '../common/ClassStudentPicker';

type Sheet = DataOf<typeof appraiseRoutes.sheet>;
type Term = 1 | 2;
type Kind = 1 | 2;

const LEVEL_OPTIONS = APPRAISAL_LEVELS.map((l) => ({ value: l, label: APPRAISAL_LEVEL_NAMES[l] }));
const TERM_OPTIONS = ([1, 2] as const).map((t) => ({ value: t, label: APPRAISAL_TERM_NAMES[t] }));
const yearName = (year: number) => `${year}-${year + 1}学年`;
const KIND_OPTIONS = ([1, 2] as const).map((k) => ({ value: k, label: APPRAISAL_KIND_NAMES[k] }));
const cell = (studentId: number, itemId: number) => `${studentId}-${itemId}`;
const tooLong = (text: string) => text.trim().length > APPRAISAL_COMMENT_MAX;

const CommentBox = styled.textarea`
  box-sizing: border-box;
  width: 16em;
  min-height: 3.2em;
  font: inherit;
  padding: 4px 6px;
  border: 1px solid #767676;
  border-radius: 4px;
  &[aria-invalid='true'] {
    border-color: ${(p) => themeOf(p).colors.danger};
  }
`;
const FieldError = styled.span`
  display: block;
  color: ${(p) => themeOf(p).colors.danger};
  font-size: 12px;
`;

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
      <ClassPicker data={sheet} onChange={onClass} />
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
  // the term 评语 typed since this sheet was loaded, by student
  const [comments, setComments] = useState<Record<number, string>>({});
  // what this page saved since the sheet was loaded: the levels (cleared as '') and 评语 now stored
  const [saved, setSaved] = useState<{
    levels: Record<string, AppraisalLevel | ''>;
    comments: Record<number, string>;
  }>({ levels: {}, comments: {} });
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setEdits({});
    setComments({});
    setSaved({ levels: {}, comments: {} });
    setNotice(null);
    setProblem(null);
  }, [data]);
  const levelOf = (k: string) => edits[k] ?? recorded.get(k)?.level ?? '';
  const reader = scope?.reader === true;
  const writesComments = !reader && data?.canComment === true;
  const storedComment = (s: Sheet['students'][number]) =>
    saved.comments[s.studentId] ?? s.termComment;
  const commentOf = (s: Sheet['students'][number]) => comments[s.studentId] ?? storedComment(s);
  const storedLevel = (k: string) => saved.levels[k] ?? recorded.get(k)?.level ?? '';

  async function save() {
    if (!data || data.classId === null) return;
    if (writesComments && data.students.some((s) => tooLong(commentOf(s)))) {
      setNotice(null);
      setProblem(`评语不能超过${APPRAISAL_COMMENT_MAX}个字，请修改后再保存`);
      return;
    }
    const body: BodyOf<typeof appraiseRoutes.save> = {
      classId: data.classId,
      term,
      kind,
      subjectId: data.subjectId,
      // every cell with a level, and a recorded cell set back to 未评价 as null (cleared)
      records: data.students.flatMap((s) =>
        data.items.flatMap((i) => {
          const k = cell(s.studentId, i.itemId);
          const level = levelOf(k);
          if (!level && !storedLevel(k)) return [];
          return [
            {
              studentId: s.studentId,
              itemId: i.itemId,
              level: level || null,
              comment: recorded.get(k)?.comment ?? '',
            },
          ];
        }),
      ),
      // only the 评语 changed here, so a save of levels never rewrites a 评语 it did not touch
      comments: writesComments
        ? data.students
            .filter((s) => commentOf(s).trim() !== storedComment(s))
            .map((s) => ({ studentId: s.studentId, comment: commentOf(s).trim() }))
        : [],
    };
    setSaving(true);
    const r = await call(appraiseRoutes.save, body);
    setSaving(false);
    setProblem(null);
    setNotice(
      r.ok
        ? [
            `已保存${r.data.saved}条评价`,
            r.data.cleared > 0 ? `清除${r.data.cleared}条` : '',
            r.data.comments > 0 ? `更新${r.data.comments}条评语` : '',
          ]
            .filter(Boolean)
            .join('，')
        : null,
    );
    if (r.ok)
      setSaved((before) => ({
        levels: {
          ...before.levels,
          ...Object.fromEntries(
            body.records.map((x) => [cell(x.studentId, x.itemId), x.level ?? ''] as const),
          ),
        },
        comments: {
          ...before.comments,
          ...Object.fromEntries(body.comments.map((c) => [c.studentId, c.comment] as const)),
        },
      }));
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
        <Empty
          text={
            writesComments
              ? '该班级暂无可评价的科目（可在系统管理的能力设置或素养设置中添加项目），下表只填写学期评语'
              : '该班级暂无可评价的科目，请先在系统管理的能力设置或素养设置中添加项目'
          }
        />
      )}
      {/* without a subject with items, the 班主任 still writes the term 评语 */}
      {data && data.classId !== null && (data.subjectId !== null || writesComments) && (
        <>
          <ListTable
            label="评价表"
            rows={data.students}
            empty="该班级暂无学生"
            headers={['学号', '姓名', ...data.items.map((i) => i.name), '学期评语']}
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
                <td>
                  {writesComments ? (
                    <CommentField
                      name={s.name}
                      value={commentOf(s)}
                      onChange={(text) => setComments((c) => ({ ...c, [s.studentId]: text }))}
                    />
                  ) : (
                    s.termComment || '—'
                  )}
                </td>
              </tr>
            )}
          </ListTable>
          {!reader && data.students.length > 0 && (
            <Toolbar>
              <Button onClick={() => void save()} disabled={saving}>
                保存
              </Button>
              {notice && <span role="status">{notice}</span>}
              {problem && <span role="alert">{problem}</span>}
            </Toolbar>
          )}
        </>
      )}
    </PageBox>
  );
}

/** A student's term 评语: a labelled box, its length checked as typed, the error in words. */
function CommentField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange(text: string): void;
}) {
  const id = useId();
  const long = tooLong(value);
  return (
    <>
      <CommentBox
        aria-label={`${name}的评语`}
        aria-invalid={long}
        aria-describedby={long ? `${id}-error` : undefined}
        rows={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {long && (
        <FieldError id={`${id}-error`}>
          评语不能超过{APPRAISAL_COMMENT_MAX}个字（已输入{value.trim().length}个字）
        </FieldError>
      )}
    </>
  );
}

/**
 * 学生评价 (/appraise/student): one student's 能力 and 素养 levels over every term, in the
 * subjects the caller sees; the class's export of a chosen term (导出学期, 导出本班评价).
 * @see docs/appraise.md
 */
export function AppraiseStudentPage() {
  const call = useApiCall();
  const scope = useMyScope();
  const choice = useClassStudentChoice();
  // the term of the class export (the records below are every term's)
  const [exportTerm, setExportTerm] = useState<Term>(1);
  const classes = useWrongData(appraiseRoutes.sheet, {
    classId: choice.classId,
    term: 1,
    kind: 1,
    subjectId: null,
  });
  const chosen = choice.studentId ?? classes.data?.students[0]?.studentId ?? null;
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
          <ClassStudentPicker data={classes.data} chosen={chosen} choice={choice} />
          {scope?.reader !== true && classes.data.classId !== null && (
            <>
              <FormField label="导出学期">
                <Select
                  value={exportTerm}
                  options={TERM_OPTIONS}
                  onChange={(e) => setExportTerm(Number(e.target.value) as Term)}
                />
              </FormField>
              <DownloadJobButton
                label="导出本班评价"
                start={() =>
                  call(appraiseRoutes.exportJob, {
                    classId: classes.data!.classId!,
                    term: exportTerm,
                  })
                }
              />
            </>
          )}
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
          <StudentHeading student={data.student} />
          <Toolbar>
            <Link
              to={`/appraise/student/print?studentId=${data.student.studentId}${
                classes.data?.classId ? `&classId=${classes.data.classId}` : ''
              }`}
            >
              打印
            </Link>
            {scope?.reader !== true && (
              <DownloadJobButton
                label="导出该生评价"
                start={() =>
                  call(appraiseRoutes.studentExportJob, { studentId: data.student.studentId })
                }
              />
            )}
          </Toolbar>
          <StudentTables data={data} />
        </>
      )}
    </PageBox>
  );
}

/**
 * 学生评价's two tables: the records by term, kind, subject and item, and the term 评语, each with
 * the class it was given in (an earlier year's is the class of that year).
 */
function StudentTables({ data }: { data: DataOf<typeof appraiseRoutes.student> }) {
  return (
    <>
      <ListTable
        label="评价记录"
        rows={data.records}
        empty="暂无评价记录"
        headers={['学年', '学期', '班级', '类别', '学科', '项目', '等级', '评语']}
      >
        {(r) => (
          <tr key={`${r.academicYear}-${r.term}-${r.kind}-${r.subjectName}-${r.itemName}`}>
            <td>{yearName(r.academicYear)}</td>
            <td>{APPRAISAL_TERM_NAMES[r.term as Term]}</td>
            <td>{r.className ?? '—'}</td>
            <td>{APPRAISAL_KIND_NAMES[r.kind as Kind]}</td>
            <td>{r.subjectName}</td>
            <td>{r.itemName}</td>
            <td>{APPRAISAL_LEVEL_NAMES[r.level]}</td>
            <td>{r.comment || '—'}</td>
          </tr>
        )}
      </ListTable>
      <ListTable
        label="学期评语"
        rows={data.comments}
        empty="暂无学期评语"
        headers={['学年', '学期', '班级', '评语']}
      >
        {(c) => (
          <tr key={`${c.academicYear}-${c.term}`}>
            <td>{yearName(c.academicYear)}</td>
            <td>{APPRAISAL_TERM_NAMES[c.term as Term]}</td>
            <td>{c.className ?? '—'}</td>
            <td>{c.comment}</td>
          </tr>
        )}
      </ListTable>
    </>
  );
}

/**
 * 学生评价打印 (/appraise/student/print?studentId=): one student's records and term 评语 on a page
 * without header, menu or footer (like the reports' print pages); 打印 prints it, 返回 goes back to
 * 学生评价. The same call and tables as 学生评价, so a teacher prints what they see there.
 */
export function AppraiseStudentPrintPage() {
  const [params] = useSearchParams();
  const studentId = Number(params.get('studentId')) || null;
  const classId = Number(params.get('classId')) || null;
  const record = useWrongData(appraiseRoutes.student, studentId === null ? null : { studentId });
  const data = record.data;
  const back = `/appraise/student${
    studentId === null ? '' : `?studentId=${studentId}${classId ? `&classId=${classId}` : ''}`
  }`;
  return (
    <ReportBox data-print aria-busy={record.loading}>
      <Toolbar data-noprint>
        <Link to={back}>返回学生评价</Link>
        {data && <Button onClick={() => window.print()}>打印</Button>}
      </Toolbar>
      {studentId === null && <Empty text="请从学生评价中选择学生" />}
      {record.error && <p role="alert">{record.error}</p>}
      {data && (
        <>
          <h1>{data.student.name}的综合评价</h1>
          <Meta>
            {data.student.className} · 学号 {data.student.studentNo}
          </Meta>
          <StudentTables data={data} />
        </>
      )}
    </ReportBox>
  );
}
