import { styled } from 'styled-components';
import type { TextInputProps } from '../types';
import { useFieldProps } from './fieldContext';
import { inputStyle } from './inputStyle';

const Input = styled.input`
  ${inputStyle}
`;

/** A styled text input; inside a `FormField` it is labelled and described by it. */
export function TextInput({ type = 'text', ...props }: TextInputProps) {
  return <Input type={type} {...props} {...useFieldProps(props)} />;
}
