import { useEffect, useState } from 'react';
import { homeworkReportRoutes as r } from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatPoints } from '../../marking/utils/scoring';
import { SubmissionStatus } from '../components/SubmissionStatus';
import { ReportHeader, useReportTarget } from './ReportHeader';
import { useReport } from './useReport';

/** One editable comment with its own 保存 button. */
export function CommentField({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string | null;
  onSave(text: string): Promise<boolean>;
}) {
  const [text, setText] = useState(value ?? '');
  const [saved, setSaved] = useState(false);
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Toolbar>
      <FormField label={label}>
        <TextInput
          value={text}
          maxLength={500}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(false);
          }}
        />
      </FormField>
      <Button
        size="small"
        aria-label={`保存${label}`}
        disabled={text === (value ?? '')}
        onClick={() => void onSave(text).then(setSaved)}
      >
        保存
      </Button>
      {saved && <span role="status">已保存</span>}
    </Toolbar>
  );
}

/**
 * 作业报告·讲评 (/homework/school-base/{id}/report/comment): the teacher's comment on each class
 * and on each student, editable here and shown on the student's report.
 */
export function HomeworkReportCommentPage() {
  const { id, target, setTarget, body: reportBody } = useReportTarget();
  const call = useApiCall();
  const { data, error, loading, reload } = useReport(r.reportComment, reportBody);
  const save = async (body: { classId: number | null; studentId: number | null }, text: string) => {
    const x = await call(r.saveComment, { id, ...body, text });
    if (x.ok) reload();
    return x.ok;
  };
  return (
    <PageBox aria-busy={loading}>
      <ReportHeader
        id={id}
        name={null}
        targets={data?.targets ?? []}
        target={target}
        onTarget={setTarget}
        error={error}
        loading={loading}
      />
      {data && (
        <>
          <h2>班级讲评</h2>
          {data.classes.map((c) => (
            <CommentField
              key={c.classId}
              label={`${c.className}讲评`}
              value={c.comment}
              onSave={(text) => save({ classId: c.classId, studentId: null }, text)}
            />
          ))}
          <h2>学生评语</h2>
          <ListTable
            label="学生评语"
            rows={data.students}
            headers={['姓名', '状态', '得分', '评语']}
          >
            {(s) => (
              <tr key={s.studentId}>
                <td>{s.name}</td>
                <td>
                  <SubmissionStatus status={s.status} />
                </td>
                <td>{s.score === null ? '—' : formatPoints(s.score)}</td>
                <td>
                  <CommentField
                    label={`${s.name}评语`}
                    value={s.comment}
                    onSave={(text) => save({ classId: null, studentId: s.studentId }, text)}
                  />
                </td>
              </tr>
            )}
          </ListTable>
        </>
      )}
    </PageBox>
  );
}
