import { useId, useState } from 'react';
import type { administrationRoutes, DataOf } from '@examkit/contracts';
import { Button, Dialog } from '@examkit/ui';
import { readFileAsBase64, saveFile, type FilePayload } from './files';
import { Actions, ErrorText, FilePick, Note, Table } from './styled';

/** What an import answers: the counts when applied, or every bad row when refused. */
export type ImportResult = DataOf<(typeof administrationRoutes)['importStudents']>;

export interface ImportDialogProps {
  open: boolean;
  onClose(): void;
  /** 学生, 教师, 班级: used in the title and texts. */
  kind: string;
  /** The required and optional columns, shown as a hint. */
  columns: string;
  /** Answers the template file. */
  template(): Promise<FilePayload | null>;
  /** Sends the chosen file; resolves to the server's answer, or null after a refusal. */
  upload(file: FilePayload): Promise<ImportResult | null>;
  /** Answers a rejected import's bad rows as a file; without it no report is offered. */
  errorReport?: (jobId: number) => Promise<FilePayload | null>;
  /** Called after a successful import, to reload the list. */
  onImported(result: ImportResult): void;
}

/**
 * Spreadsheet import: template download, `.xlsx`/`.csv` upload, and the answer: every
 * bad row with its reason and the error report when refused (nothing was written),
 * the counts when applied (docs/administration.md "Import").
 */
export function ImportDialog(props: ImportDialogProps) {
  const { open, onClose, kind, columns, template, upload, errorReport, onImported } = props;
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setResult(null);
    setProblem(null);
    onClose();
  };

  async function send() {
    if (!file) {
      setProblem('请选择要导入的文件');
      return;
    }
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      setProblem('只支持 .xlsx 或 .csv 文件');
      return;
    }
    if (file.size > 700 * 1024) {
      setProblem('文件不能超过 700 KB');
      return;
    }
    setBusy(true);
    setProblem(null);
    setResult(null);
    const answer = await upload({
      fileName: file.name,
      contentBase64: await readFileAsBase64(file),
    });
    setBusy(false);
    if (!answer) return;
    setResult(answer);
    if (answer.status === 'ok') onImported(answer);
  }

  async function download(get: () => Promise<FilePayload | null>) {
    const payload = await get();
    if (payload) saveFile(payload);
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`导入${kind}`}
      width={760}
      footer={
        <Actions>
          <Button onClick={close}>关闭</Button>
          <Button type="primary" loading={busy} onClick={() => void send()}>
            开始导入
          </Button>
        </Actions>
      }
    >
      <Note>列：{columns}。有任何错误行时整个文件都不会写入；同一文件再次导入不会重复。</Note>
      <Actions style={{ alignItems: 'center', marginBottom: 12 }}>
        <Button type="link" onClick={() => void download(template)}>
          下载模板
        </Button>
        <FilePick>
          <input
            id={inputId}
            type="file"
            accept=".xlsx,.csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
              setProblem(null);
            }}
          />
          <label htmlFor={inputId}>选择文件</label>
          <span>{file ? file.name : '未选择文件（.xlsx 或 .csv）'}</span>
        </FilePick>
      </Actions>
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      {result?.status === 'ok' && (
        <p role="status">
          导入成功：共 {result.total} 行，新增 {result.inserted} 行，更新 {result.updated} 行，未变{' '}
          {result.unchanged} 行。
        </p>
      )}
      {result?.status === 'rejected' && (
        <section aria-label="导入错误">
          <ErrorText role="alert">
            导入失败：{result.errors.length} 处错误，未写入任何数据。请修改后重新导入。
          </ErrorText>
          {errorReport && (
            <Button type="link" onClick={() => void download(() => errorReport(result.jobId))}>
              下载错误报告
            </Button>
          )}
          <div style={{ maxHeight: 320, overflow: 'auto' }}>
            <Table aria-label="错误行">
              <thead>
                <tr>
                  <th scope="col">行号</th>
                  <th scope="col">列</th>
                  <th scope="col">原因</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((e, i) => (
                  <tr key={i}>
                    <td>第 {e.row} 行</td>
                    <td>{e.column}</td>
                    <td>{e.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </section>
      )}
    </Dialog>
  );
}
