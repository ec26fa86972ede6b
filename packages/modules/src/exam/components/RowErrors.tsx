import type { RowError } from '@examkit/contracts';
import { ErrorText, Table } from './styled';

/** The bad rows of a refused spreadsheet, each with its reason. */
export function RowErrors({
  title,
  errors,
  keyLabel = '考号/学号',
}: {
  title: string;
  errors: readonly RowError[];
  /** Header of the key column. @default '考号/学号' */
  keyLabel?: string;
}) {
  if (errors.length === 0) return null;
  return (
    <section aria-label={title}>
      <ErrorText role="alert">{title}</ErrorText>
      <Table aria-label={`${title}明细`}>
        <thead>
          <tr>
            <th scope="col">行号</th>
            <th scope="col">{keyLabel}</th>
            <th scope="col">原因</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={`${e.row}-${i}`}>
              <td>第 {e.row} 行</td>
              <td>{e.key ?? ''}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
