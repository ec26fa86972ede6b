import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { GRADES } from '@examkit/contracts/rules';
import { resourceProcessRoutes as r, type ImportSummary } from '@examkit/contracts';
import { formatDate } from '@examkit/core';
import { Button, FormField, Select, themeOf } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useSchoolChoices } from '../../common/useSchoolChoices';
import { uploadFile } from './uploadFile';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: end;
  padding: 16px;
  margin-bottom: 16px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
`;

export const STATE_NAMES: Record<ImportSummary['state'], string> = {
  parsed: '待确认',
  imported: '已入库',
};

/** /resource/process (资源加工): upload a Word paper to split it; the processed uploads. */
export function ProcessPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { subjects } = useSchoolChoices('');
  const [rows, setRows] = useState<ImportSummary[] | null>(null);
  const [subjectCode, setSubjectCode] = useState('');
  const [gradeNum, setGradeNum] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const load = useCallback(async () => {
    const result = await call(r.list, {}, { dedupe: false });
    if (result.ok) setRows(result.data);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const subjectName = (code: string) => subjects.find((s) => s.code === code)?.name ?? code;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setError('请选择 Word 文档（.docx）');
    if (!subjectCode) return setError('请选择学科');
    if (!gradeNum) return setError('请选择年级');
    setError(null);
    setBusy(true);
    try {
      const upload = await uploadFile(call, file);
      if (!upload) return;
      const created = await call(
        r.create,
        { uploadId: upload.id, subjectCode, gradeNum: Number(gradeNum) },
        { successMessage: '试卷已拆分，请核对后入库' },
      );
      if (created.ok) navigate(`/resource/process/process-detail?id=${created.data.id}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageBox aria-labelledby="process-title">
      <h1 id="process-title">资源加工</h1>
      <Form aria-label="上传试卷" onSubmit={(e) => void submit(e)}>
        <FormField label="Word 试卷（.docx）" required id={fileId}>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          />
        </FormField>
        <FormField label="学科" required>
          <Select
            value={subjectCode}
            placeholder="请选择学科"
            options={subjects.map((s) => ({ value: s.code, label: s.name }))}
            onChange={(e) => setSubjectCode(e.target.value)}
          />
        </FormField>
        <FormField label="年级" required>
          <Select
            value={gradeNum}
            placeholder="请选择年级"
            options={GRADES.map((name, i) => ({ value: i + 1, label: name }))}
            onChange={(e) => setGradeNum(e.target.value)}
          />
        </FormField>
        <Button type="primary" nativeType="submit" loading={busy}>
          上传并拆分
        </Button>
      </Form>
      {error && <Note role="alert">{error}</Note>}
      <Note>
        题目以“1.”“2、”开头，选项写作“A.”，答案与解析写在“【答案】”“【解析】”之后；公式用 Word
        公式编辑器输入。
      </Note>
      <Toolbar>
        <h2>加工记录</h2>
      </Toolbar>
      <ListTable
        label="加工记录"
        rows={rows}
        headers={['文件名', '学科', '年级', '试题数', '状态', '上传人', '上传时间', '操作']}
        empty="还没有加工过的试卷"
      >
        {(row) => (
          <tr key={row.id}>
            <td>{row.fileName}</td>
            <td>{subjectName(row.subjectCode)}</td>
            <td>{GRADES[row.gradeNum - 1] ?? row.gradeNum}</td>
            <td>{row.questionCount}</td>
            <td>{STATE_NAMES[row.state]}</td>
            <td>{row.userName}</td>
            <td>{formatDate(row.createdAt, 'YYYY-MM-DD HH:mm')}</td>
            <td>
              <Link
                to={`/resource/process/process-detail?id=${row.id}`}
                aria-label={`${row.state === 'parsed' ? '核对' : '查看'} ${row.fileName}`}
              >
                {row.state === 'parsed' ? '核对入库' : '查看'}
              </Link>
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
