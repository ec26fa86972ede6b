import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  administrationRoutes,
  type BodyOf,
  type DataOf,
  type Page,
  type RouteContract,
} from '@examkit/contracts';
import { Empty } from '@examkit/ui';
import { GradeField } from '../../common/GradeField';
import { ClassChecks } from '../components/ClassChecks';
import { ErrorText, PageBox, Table, Toolbar } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import { Pager } from '../../common/Pager';

export interface Option {
  id: number;
  name: string;
}

/** A score or mean to 2 decimals; — when undefined. */
export const num = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : String(Math.round(v * 100) / 100);

/** A rate as a percentage to 2 decimals; — when undefined. */
export const pct = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : `${(v * 100).toFixed(2)}%`;

/** A positive integer query parameter (`?id=`), or null. */
export function useQueryId(name = 'id'): number | null {
  const [params] = useSearchParams();
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : null;
}

export interface GradeClassPickerProps {
  gradeId: string;
  classIds: number[];
  onGrade(gradeId: string): void;
  onClasses(classIds: number[]): void;
  /** Legend of the class checkboxes. */
  legend: string;
  gradeError?: string | undefined;
  classError?: string | undefined;
  /** Called with the grade's classes once loaded. */
  onLoaded?: (classes: Option[]) => void;
}

/** A grade (of the caller's scope) and a choice of its classes, with 全选. */
export function GradeClassPicker(props: GradeClassPickerProps) {
  const { gradeId, classIds, onGrade, onClasses, legend, gradeError, classError, onLoaded } = props;
  const call = useApiCall();
  const [grades, setGrades] = useState<Option[]>([]);
  const [classes, setClasses] = useState<Option[]>([]);
  useEffect(() => {
    void call(administrationRoutes.getPermGrade, {}).then((r) => {
      if (r.ok) setGrades(r.data.map((g) => ({ id: g.id, name: g.name })));
    });
  }, [call]);
  useEffect(() => {
    if (!gradeId) return setClasses([]);
    void call(administrationRoutes.listClassByGrade, { gradeId: Number(gradeId) }).then((r) => {
      if (!r.ok) return;
      const list = r.data.map((c) => ({ id: c.id, name: c.name }));
      setClasses(list);
      onLoaded?.(list);
    });
    // onLoaded is a notification, not an input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, gradeId]);
  return (
    <>
      <GradeField
        grades={grades}
        value={gradeId}
        required
        error={gradeError}
        onChange={(id) => {
          onGrade(id);
          onClasses([]);
        }}
      />
      <ClassChecks
        legend={legend}
        classes={classes}
        value={classIds}
        onChange={onClasses}
        emptyText={gradeId ? '暂无数据' : '请先选择年级'}
        describedBy={classError ? 'tool-classes-error' : undefined}
      />
      {classError && (
        <ErrorText id="tool-classes-error" role="alert">
          {classError}
        </ErrorText>
      )}
    </>
  );
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  rows: readonly T[];
  rowKey(row: T, index: number): string | number;
  cells(row: T, index: number): readonly ReactNode[];
}

/** A plain table: a header row of column names, then one row of cells per item. */
export function DataTable<T>({ label, columns, rows, rowKey, cells }: DataTableProps<T>) {
  return (
    <Table aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKey(row, r)}>
            {cells(row, r).map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows'> {
  /** A paged list call: `pageNum` and `pageSize` in, a `Page` of `T` out. */
  route: RouteContract;
  /** What an empty list says. */
  empty: string;
}

/** A list of the server, 20 a page, as a table with the pager under it. */
export function PagedTable<T>({ route, empty, ...table }: PagedTableProps<T>) {
  const call = useApiCall();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<T> | null>(null);
  useEffect(() => {
    void call(route, { pageNum: page, pageSize: PAGE_SIZE } as never).then(
      (r) => r.ok && setData(r.data as Page<T>),
    );
  }, [call, route, page]);
  if (!data) return null;
  if (data.list.length === 0) return <Empty text={empty} />;
  return (
    <>
      <DataTable rows={data.list} {...table} />
      <Pager total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
    </>
  );
}

const PAGE_SIZE = 20;

/**
 * The data of one call, loaded when `body` (compared by value) is given and again on `reload()`;
 * null until it answers or when the call is refused (core shows the message).
 */
export function useCallData<R extends RouteContract>(route: R, body: BodyOf<R> | null) {
  const call = useApiCall();
  const [data, setData] = useState<DataOf<R> | null>(null);
  const key = body === null ? null : JSON.stringify(body);
  const reload = useCallback(async () => {
    if (key === null) return;
    const r = await call(route, JSON.parse(key) as BodyOf<R>);
    if (r.ok) setData(r.data);
  }, [call, route, key]);
  useEffect(() => void reload(), [reload]);
  return { data, reload };
}

/** Links as `[to, label]` pairs. */
type Links = readonly (readonly [string, string])[];

const LinkRow = ({ links }: { links: Links }) => (
  <Toolbar>
    {links.map(([to, label]) => (
      <Link key={to} to={to}>
        {label}
      </Link>
    ))}
  </Toolbar>
);

/** A tool's list page: its title, links to the tool's other pages, the paged table. */
export function ToolListPage<T>({
  title,
  links,
  ...table
}: PagedTableProps<T> & { title: string; links: Links }) {
  const id = useId();
  return (
    <PageBox aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <LinkRow links={links} />
      <PagedTable {...table} />
    </PageBox>
  );
}

/** A tool's introduction: what it does, and where to start. */
export function ToolIntroPage({
  title,
  text,
  links,
}: {
  title: string;
  text: string;
  links: Links;
}) {
  const id = useId();
  return (
    <PageBox aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p>{text}</p>
      <LinkRow links={links} />
    </PageBox>
  );
}
