import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { homeworkRoutes } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { FormField, TextInput } from '@examkit/ui';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { readFileAsBase64 } from '../../common/files';
import { FilePickButton } from '../../common/FilePickButton';
import { readHomeworkHeader } from '../headerStore';
import { useHomeworkOptions } from '../useHomeworkOptions';
import { GradeSubjectFields } from '../components/GradeSubjectFields';
import { useTextbook } from '../components/useTextbook';
import { FormSubmit } from '../../common/FormSubmit';

/** The request limit is 1 MiB of JSON; base64 grows a file by a third. */
const MAX_FILE_BYTES = 700 * 1024;
const PAPER = /\.(pdf|png|jpe?g)$/i;

/**
 * /homework/school-base/create: a homework from an uploaded paper (PDF or image). The next
 * step is split-confirm, where the teacher enters or confirms its questions.
 */
export function HomeworkCreatePage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { storage } = useExamkit();
  const options = useHomeworkOptions();
  const [header] = useState(() => readHomeworkHeader(storage));
  const [name, setName] = useState('');
  const [gradeId, setGradeId] = useState<number | null>(header.gradeId);
  const [subjectId, setSubjectId] = useState<number | null>(header.subjectId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  // One key per form: a retried upload answers the homework the first one made.
  const [key] = useState(() => crypto.randomUUID());
  const textbook = useTextbook(gradeId, subjectId);

  function choose(next: File | undefined) {
    setError('');
    if (!next) return setFile(null);
    if (!PAPER.test(next.name)) {
      setFile(null);
      return setError('请选择 PDF、PNG 或 JPG 格式的试卷');
    }
    if (next.size > MAX_FILE_BYTES) {
      setFile(null);
      return setError('文件过大，请压缩后上传（不超过 700 KB）');
    }
    setFile(next);
  }

  async function submit() {
    if (!name.trim()) return setError('请填写作业名称');
    if (!gradeId || !subjectId) return setError('请选择年级和科目');
    if (!file) return setError('请选择试卷文件');
    setSaving(true);
    const r = await call(
      homeworkRoutes.homeworkCreate,
      {
        name: name.trim(),
        gradeId,
        subjectId,
        paper: { fileName: file.name, contentBase64: await readFileAsBase64(file) },
        idempotencyKey: key,
      },
      { loading: true, errorMessage: false },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    void navigate(`/homework/school-base/split-confirm?id=${r.data.id}`);
  }

  return (
    <PageBox aria-labelledby="homework-create-title">
      <h1 id="homework-create-title">上传试卷布置作业</h1>
      <Note>
        上传作业试卷（PDF 或图片），下一步确认题目（题号、题型、答案与分值），然后布置给班级。
      </Note>
      <FormField label="作业名称" required>
        <TextInput
          value={name}
          maxLength={60}
          placeholder={textbook ? `如：${textbook} 第一章练习` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <Toolbar>
        <GradeSubjectFields
          options={options}
          gradeId={gradeId}
          subjectId={subjectId}
          onGrade={setGradeId}
          onSubject={setSubjectId}
        />
      </Toolbar>
      {textbook !== null && (
        <Note>
          {textbook
            ? `教材：${textbook}（系统设置 · 教材关联）`
            : '教材：未设置（可在系统设置 · 教材关联中为本年级学科设置版本和册次）'}
        </Note>
      )}
      <Toolbar>
        <FilePickButton
          label="选择试卷"
          accept=".pdf,.png,.jpg,.jpeg"
          inputLabel="试卷文件"
          onPick={choose}
        />
        <span>{file ? file.name : '未选择文件'}</span>
      </Toolbar>
      <FormSubmit error={error} busy={saving} label="上传并拆题" onSubmit={submit}>
        <Link to="/homework/school-base">返回校本作业</Link>
      </FormSubmit>
    </PageBox>
  );
}
