import { useEffect, useState } from 'react';
import type { CallOutcome } from '../../common/useApiCall';

export interface ChangedRowsEditorOptions<Row> {
  /** Fetches the academic year's rows; runs again whenever it changes, so keep it stable. */
  fetch(): Promise<CallOutcome<{ academicYear: number; rows: Row[] }>>;
  /** Whether an edited row differs from the row as loaded. */
  isChanged(row: Row, loaded: Row): boolean;
  /** Why the changed rows cannot be saved; null when fine. */
  check(changed: readonly Row[]): string | null;
  /** Sends the changed rows. */
  send(changed: readonly Row[]): Promise<CallOutcome<unknown>>;
  /** A changed row as it stands once saved. */
  saved(row: Row): Row;
}

/**
 * A table of per grade × subject rows, loaded once, edited in place and saved by sending only
 * the changed rows: 没有修改 when none, `已保存 n 项` after a save, the check or server
 * message in `error`.
 */
export function useChangedRowsEditor<Row>({
  fetch,
  isChanged,
  check,
  send,
  saved,
}: ChangedRowsEditorOptions<Row>) {
  const [loaded, setLoaded] = useState<Row[] | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [year, setYear] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void fetch().then((r) => {
      if (!r.ok) {
        if (!r.cancelled) setError(r.message);
        return;
      }
      setYear(r.data.academicYear);
      setLoaded(r.data.rows);
      setRows(r.data.rows);
    });
  }, [fetch]);

  const edit = (index: number, patch: Partial<Row>) => {
    setNote(null);
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  };

  async function save() {
    if (!loaded) return;
    const dirty = rows.filter((row, i) => isChanged(row, loaded[i]!));
    const problem = check(dirty);
    setError(problem);
    if (problem) return;
    if (dirty.length === 0) {
      setNote('没有修改');
      return;
    }
    setSaving(true);
    const r = await send(dirty);
    setSaving(false);
    if (r.ok) {
      const next = rows.map((row) => (dirty.includes(row) ? saved(row) : row));
      setRows(next);
      setLoaded(next);
      setNote(`已保存 ${dirty.length} 项`);
    } else if (!r.cancelled) setError(r.message);
  }

  return { loaded, rows, year, error, note, saving, edit, save };
}
