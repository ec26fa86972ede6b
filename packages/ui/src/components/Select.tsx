import { styled } from 'styled-components';
import type { SelectProps } from '../types';
import { useFieldProps } from './fieldContext';
import { inputStyle } from './inputStyle';

const Native = styled.select`
  ${inputStyle};
  padding-right: 24px;
`;

/** A styled native select, labelled by `label` or by its `FormField`. */
export function Select({ label, options, placeholder, ...props }: SelectProps) {
  return (
    <Native aria-label={label} {...props} {...useFieldProps(props)}>
      {placeholder != null && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </Native>
  );
}
