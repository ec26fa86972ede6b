import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { reportRoutes } from '@examkit/contracts';
import { Button, Select } from '@examkit/ui';
import { ReportFrame } from '../../components/ReportFrame';
import { Meta, Toolbar } from '../../components/styled';
import { useReport } from '../../hooks/useReport';
import { useReportCall } from '../../hooks/useReportCall';
import { useReportContext } from '../../hooks/useReportContext';
import { formatScore, kindLabel } from '../../utils/format';

const COMMENT_TYPES: Record<number, string> = { 1: '错因分析', 2: '讲评建议' };

/** 编辑讲评: one question's comment (classId 0 = the grade's). */
export function GradeCommentEditPage() {
  const params = useParams();
  const navigate = useNavigate();
  const call = useReportCall();
  const examId = Number(params.id) || 0;
  const classId = Number(params.classId) || 0;
  const questionId = Number(params.questionId) || 0;
  const type = Number(params.type) || 1;
  const current = useReport(
    reportRoutes.commentGet,
    examId && questionId ? { examId, classId, questionId, type } : null,
  );
  const [content, setContent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const text = content ?? current.data?.comment?.content ?? '';
  const context = useReportContext();
  const save = async () => {
    setSaving(true);
    const outcome = await call(reportRoutes.commentSave, {
      examId,
      classId,
      questionId,
      type,
      content: text,
    });
    setSaving(false);
    if (outcome.ok) setSaved(true);
  };
  return (
    <ReportFrame title="编辑讲评" context={context} error={current.error} loading={current.loading}>
      {current.data && (
        <>
          <Meta>
            第{current.data.question.number}题 · {kindLabel(current.data.question.kind)} · 满分{' '}
            {formatScore(current.data.question.fullMarks)} ·{' '}
            {classId === 0 ? '年级讲评' : '班级讲评'}
          </Meta>
          <Toolbar>
            <Select
              label="讲评类型"
              value={type}
              options={Object.entries(COMMENT_TYPES).map(([value, label]) => ({
                value: Number(value),
                label,
              }))}
              onChange={(e) =>
                navigate(
                  `/exam/single/report/grade/comment/${examId}/${classId}/${questionId}/${e.target.value}/edit`,
                  { replace: true },
                )
              }
            />
          </Toolbar>
          <textarea
            aria-label={COMMENT_TYPES[type] ?? '讲评'}
            rows={10}
            maxLength={5000}
            style={{ width: '100%', font: 'inherit' }}
            value={text}
            onChange={(e) => {
              setContent(e.target.value);
              setSaved(false);
            }}
          />
          <Toolbar>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存
            </Button>
            <Button
              onClick={() =>
                navigate(
                  `/exam/single/report/grade/comment/${examId}?subjectId=${current.data?.subjectId ?? ''}`,
                )
              }
            >
              返回讲评
            </Button>
            {saved && <span role="status">已保存</span>}
          </Toolbar>
        </>
      )}
    </ReportFrame>
  );
}
