import { Button, type ButtonProps } from '@examkit/ui';

/** Props of {@link RowAction}. */
export interface RowActionProps extends Omit<ButtonProps, 'children' | 'size' | 'type'> {
  /** The visible text, such as 编辑 or 删除. */
  text: string;
  /** What the row is, for its accessible name `${text} ${of}` (e.g. 删除 高一(1)班). */
  of?: string;
}

/**
 * An action of one row of a list table: a small link-style button whose accessible name says
 * which row it acts on. `aria-label` overrides the name when it reads differently.
 */
export function RowAction({ text, of, ...rest }: RowActionProps) {
  return (
    <Button
      size="small"
      type="link"
      aria-label={of === undefined ? undefined : `${text} ${of}`}
      {...rest}
    >
      {text}
    </Button>
  );
}
