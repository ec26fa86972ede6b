import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePermission } from '@examkit/permission';
import { Button, Empty } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { GradeClassFilters } from '../../common/GradeClassFilters';
import { KeywordSearch } from '../../common/KeywordSearch';
import { Pager } from '../../common/Pager';
import { useApiCall, type CallOutcome } from '../../common/useApiCall';
import {
  useRosterList,
  type ApiCall,
  type RosterFetch,
  type RosterFilters,
} from '../hooks/useRosterList';
import type { ImportOutcome } from '../types';
import { saveFile, type FilePayload } from '../../common/files';
import { ImportDialog } from '../../common/ImportDialog';
import { Actions, PageBox, Spacer, Table, Toolbar } from './styled';
import { RowAction } from '../../common/RowAction';

/** A column of a roster table: its header and what a row shows in it. */
export interface RosterColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

/**
 * What tells one roster list page from another. Define it at module level: its functions
 * take the page's `call` and must keep their identity across renders.
 */
export interface RosterListConfig<Row extends { id: number; name: string }> {
  /** What is listed, e.g. 学生: makes 学生管理, 筛选学生, 学生列表, 新增学生, 导入学生. */
  noun: string;
  /** The list-memory key of the page (spec 000 §3). */
  listKey: string;
  /** The route prefix: 新增 opens `${path}/new`, 编辑 opens `${path}/edit/:id`. */
  path: string;
  pageSize: number;
  keywordPlaceholder: string;
  columns: readonly RosterColumn<Row>[];
  fetchPage: RosterFetch<Row>;
  /** Exports the list under the filters in force; offered with System-Export. */
  exportList(
    call: ApiCall,
    body: RosterFilters & { pageNum: number; pageSize: number },
  ): Promise<CallOutcome<FilePayload>>;
  /** The spreadsheet import of the list. */
  importer: {
    /** The required and optional columns, shown as a hint. */
    columns: string;
    template(call: ApiCall): Promise<CallOutcome<FilePayload>>;
    upload(call: ApiCall, file: FilePayload): Promise<CallOutcome<ImportOutcome>>;
    errorReport(call: ApiCall, jobId: number): Promise<CallOutcome<FilePayload>>;
  };
  /** Removing a row (删除, or 停用 where history stays), asked for in a confirm dialog. */
  removal: {
    /** The row action, e.g. 删除; its button is labelled `${verb} ${name}`. */
    verb: string;
    title: string;
    confirmLabel: string;
    /** The question of the confirm dialog. */
    question(row: Row): string;
    /** Whether a row offers the action. @default every row */
    offered?(row: Row): boolean;
    remove(call: ApiCall, row: Row): Promise<CallOutcome<unknown>>;
  };
}

export interface RosterListPageProps<Row extends { id: number; name: string }> {
  config: RosterListConfig<Row>;
  /** More toolbar buttons, after 导出. */
  tools?: ReactNode;
}

const dataOrNull = <T,>(r: CallOutcome<T>): T | null => (r.ok ? r.data : null);

/**
 * The scaffold of the student and teacher list pages: filters by grade, class and keyword
 * kept in list memory, a paged table with 编辑 and a confirmed removal per row, 新增, the
 * spreadsheet import, and export for users holding System-Export.
 */
export function RosterListPage<Row extends { id: number; name: string }>({
  config,
  tools,
}: RosterListPageProps<Row>) {
  const { noun, path, pageSize, columns, importer, removal } = config;
  const call = useApiCall();
  const navigate = useNavigate();
  const canExport = usePermission('System-Export');
  const titleId = useId();
  const list = useRosterList(call, config.listKey, pageSize, config.fetchPage);
  const { rows, reload } = list;
  const [importing, setImporting] = useState(false);
  const [pendingRemoval, setPendingRemoval] = useState<Row | null>(null);

  async function exportList() {
    const r = await config.exportList(call, { pageNum: 1, pageSize, ...list.filters });
    if (r.ok) saveFile(r.data);
  }

  async function confirmRemoval() {
    if (!pendingRemoval) return;
    const r = await removal.remove(call, pendingRemoval);
    if (r.ok) {
      setPendingRemoval(null);
      void reload();
    }
  }

  return (
    <PageBox aria-labelledby={titleId}>
      <h1 id={titleId}>{noun}管理</h1>
      <Toolbar role="search" aria-label={`筛选${noun}`}>
        <GradeClassFilters
          grades={list.grades}
          classes={list.classes}
          gradeId={list.gradeId}
          classId={list.classId}
          onGrade={list.chooseGrade}
          onClass={list.chooseClass}
        />
        <KeywordSearch
          initial={list.keyWord}
          placeholder={config.keywordPlaceholder}
          onSearch={list.search}
        />
        <Spacer />
        <Button type="primary" onClick={() => navigate(`${path}/new`)}>
          新增{noun}
        </Button>
        <Button onClick={() => setImporting(true)}>导入{noun}</Button>
        {canExport && <Button onClick={() => void exportList()}>导出</Button>}
        {tools}
      </Toolbar>

      {rows === null ? null : rows.length === 0 ? (
        <Empty />
      ) : (
        <Table aria-label={`${noun}列表`}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(row)}</td>
                ))}
                <td>
                  <Actions>
                    <RowAction
                      text="编辑"
                      of={row.name}
                      onClick={() => navigate(`${path}/edit/${row.id}`)}
                    />
                    {(removal.offered?.(row) ?? true) && (
                      <Button
                        size="small"
                        type="link"
                        aria-label={`${removal.verb} ${row.name}`}
                        onClick={() => setPendingRemoval(row)}
                      >
                        {removal.verb}
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
        <Pager total={list.total} page={list.page} pageSize={pageSize} onPage={list.goToPage} />
      )}

      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        kind={noun}
        columns={importer.columns}
        template={async () => dataOrNull(await importer.template(call))}
        upload={async (file) => dataOrNull(await importer.upload(call, file))}
        errorReport={async (id) => dataOrNull(await importer.errorReport(call, id))}
        onImported={() => void reload()}
      />

      <ConfirmDialog
        open={pendingRemoval !== null}
        title={removal.title}
        confirmLabel={removal.confirmLabel}
        onCancel={() => setPendingRemoval(null)}
        onConfirm={() => void confirmRemoval()}
      >
        <p>{pendingRemoval && removal.question(pendingRemoval)}</p>
      </ConfirmDialog>
    </PageBox>
  );
}
