import { IdCheckList } from './IdCheckList';
import { CheckGroup, Note } from './styled';
import type { Choice } from '../../common/useSchoolChoices';

export interface ClassChecksProps {
  legend: string;
  classes: readonly Choice[];
  value: number[];
  onChange(classIds: number[]): void;
  disabled?: boolean;
  /** Shown when there is no class to pick. */
  emptyText: string;
  /** The id of what describes the group, such as its error. */
  describedBy?: string | undefined;
}

/** The classes of a grade as checkboxes, with 全选 when there are several. */
export function ClassChecks({
  legend,
  classes,
  value,
  onChange,
  disabled = false,
  emptyText,
  describedBy,
}: ClassChecksProps) {
  return (
    <CheckGroup disabled={disabled} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {classes.length > 1 && (
        <label>
          <input
            type="checkbox"
            checked={classes.every((c) => value.includes(c.id))}
            onChange={(e) => onChange(e.target.checked ? classes.map((c) => c.id) : [])}
          />
          全选
        </label>
      )}
      <IdCheckList options={classes} value={value} onChange={onChange} />
      {classes.length === 0 && <Note>{emptyText}</Note>}
    </CheckGroup>
  );
}
