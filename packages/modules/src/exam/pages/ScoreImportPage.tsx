import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { examDownloads, examRoutes, type ExamDetail, type RowError } from '@examkit/contracts';
import { Button, FormField, Select } from '@examkit/ui';
import { RowErrors } from '../components/RowErrors';
import { SubjectPicker } from '../components/SubjectPicker';
import { Actions, ErrorText, Note, PageBox, Toolbar } from '../components/styled';
import { useDownload } from '../../common/useDownload';
import { useApiCall } from '../../common/useApiCall';
import { readFileAsBase64 } from '../../common/files';
import { FilePickButton } from '../../common/FilePickButton';

/** The request limit is 1 MiB of JSON; base64 grows a file by a third. */
const MAX_FILE_BYTES = 700 * 1024;

/**
 * /exam/single/import (`?examId=&examSubjectId=`): per-question scores of one subject from
 * .xlsx. A refused file imports nothing and every bad row is listed with its reason.
 */
export function ScoreImportPage() {
  const [search, setSearch] = useSearchParams();
  const examId = Number(search.get('examId')) || null;
  const call = useApiCall();
  const download = useDownload();
  const [exam, setExam] = useState<ExamDetail | null>(null);
  const [subjectId, setSubjectId] = useState(search.get('examSubjectId') ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [failure, setFailure] = useState('');
  const [result, setResult] = useState('');
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (!examId) return;
    void call(examRoutes.detail, { id: examId }).then((r) => {
      if (r.ok) setExam(r.data);
    });
  }, [call, examId]);

  function choose(next: File | undefined) {
    setResult('');
    setFailure('');
    setRowErrors([]);
    setFileError('');
    if (!next) return setFile(null);
    if (!/\.xlsx$/i.test(next.name)) {
      setFile(null);
      setFileError('请选择 .xlsx 格式的成绩文件');
      return;
    }
    if (next.size > MAX_FILE_BYTES) {
      setFile(null);
      setFileError('文件过大，请拆分后导入（不超过 700 KB）');
      return;
    }
    setFile(next);
  }

  async function submit() {
    if (!subjectId) return setFileError('请选择科目');
    if (!file) return setFileError('请选择成绩文件');
    setImporting(true);
    setResult('');
    setFailure('');
    setRowErrors([]);
    const r = await call(
      examRoutes.scoreImport,
      { examSubjectId: Number(subjectId), file: await readFileAsBase64(file) },
      { loading: true, errorMessage: false },
    );
    setImporting(false);
    if (r.ok) {
      const { imported, absent, unchanged } = r.data;
      setResult(
        `导入成功：${imported} 名学生的成绩已写入，缺考 ${absent} 人，未变化 ${unchanged} 人`,
      );
      setFile(null);
      return;
    }
    setFailure(r.message);
    const errors = (r.data as { errors?: RowError[] } | null)?.errors;
    if (Array.isArray(errors)) setRowErrors(errors);
  }

  if (!examId) {
    return (
      <PageBox aria-labelledby="import-title">
        <h1 id="import-title">导入成绩</h1>
        <SubjectPicker
          onPick={(id) => {
            void call(examRoutes.list, { academicYear: 0, pageSize: 100 }).then((r) => {
              const owner = r.ok
                ? r.data.list.find((e) => e.subjects.some((s) => s.id === id))
                : undefined;
              if (owner) setSearch({ examId: String(owner.id), examSubjectId: String(id) });
            });
          }}
        />
      </PageBox>
    );
  }

  const subject = exam?.subjects.find((s) => String(s.id) === subjectId);
  return (
    <PageBox aria-labelledby="import-title">
      <h1 id="import-title">导入成绩{exam ? ` · ${exam.name}` : ''}</h1>
      {exam && !exam.editable.scoreImport && (
        <Note role="status">考试正在扫描或阅卷，不能导入成绩。</Note>
      )}
      <Toolbar>
        <FormField label="科目">
          <Select
            value={subjectId}
            placeholder="请选择科目"
            options={(exam?.subjects ?? []).map((s) => ({ value: s.id, label: s.subjectName }))}
            onChange={(e) => {
              setSubjectId(e.target.value);
              setRowErrors([]);
              setResult('');
              setFailure('');
            }}
          />
        </FormField>
        <Button
          disabled={!subject}
          onClick={() =>
            void download(
              examDownloads.scoreTemplate,
              `${subject?.subjectName ?? ''}成绩模板.xlsx`,
              {
                examSubjectId: subjectId,
              },
            )
          }
        >
          下载成绩模板
        </Button>
      </Toolbar>
      <Note>
        模板列：考号/学号、姓名、各小题题号；整行成绩为空记为缺考。任何一行有误时不导入任何成绩。
        {subject?.rescoreNeeded ? ' 该科目答案已修改，请重新导入成绩。' : ''}
      </Note>
      <Toolbar>
        <FilePickButton label="选择文件" accept=".xlsx" inputLabel="成绩文件" onPick={choose} />
        <span>{file ? file.name : '未选择文件'}</span>
        <Actions>
          <Button
            type="primary"
            loading={importing}
            disabled={!file || !subjectId}
            onClick={() => void submit()}
          >
            导入
          </Button>
          <Link to={`/exam/single/edit/${examId}`}>返回考试</Link>
        </Actions>
      </Toolbar>
      {fileError && <ErrorText role="alert">{fileError}</ErrorText>}
      {result && <Note role="status">{result}</Note>}
      {failure && rowErrors.length === 0 && <ErrorText role="alert">{failure}</ErrorText>}
      <RowErrors title={failure || '导入失败'} errors={rowErrors} />
    </PageBox>
  );
}
