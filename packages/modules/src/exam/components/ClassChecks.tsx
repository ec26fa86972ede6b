import type { Dispatch, SetStateAction } from 'react';
import { IdCheckList } from './IdCheckList';
import { CheckGroup, Note } from './styled';
import type { Choice } from '../../common/useSchoolChoices';

export interface ClassChecksProps {
  legend: string;
  classes: readonly Choice[];
  value: number[];
  onChange: Dispatch<SetStateAction<number[]>>;
  disabled?: boolean;
  /** Shown when there is no class to pick. */
  emptyText: string;
}

/** The classes of a grade as checkboxes, with 全选 when there are several. */
export function ClassChecks({
  legend,
  classes,
  value,
  onChange,
  disabled = false,
  emptyText,
}: ClassChecksProps) {
  return (
    <CheckGroup disabled={disabled}>
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
