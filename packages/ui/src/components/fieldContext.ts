import { createContext, useContext } from 'react';

/** @internal What a `FormField` tells the control inside it. */
export interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

/** @internal The ARIA wiring for a control inside a `FormField` (props given explicitly win). */
export function useFieldProps(props: {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
}) {
  const field = useContext(FieldContext);
  if (!field) return {};
  return {
    id: props.id ?? field.id,
    'aria-describedby': props['aria-describedby'] ?? field.describedBy,
    'aria-invalid': field.invalid || undefined,
    'aria-required': field.required || undefined,
  };
}
