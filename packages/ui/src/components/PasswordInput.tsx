import { useState } from 'react';
import { styled } from 'styled-components';
import { themeOf } from '../theme/theme';
import type { PasswordInputProps } from '../types';
import { useFieldProps } from './fieldContext';
import { inputStyle } from './inputStyle';

const Wrap = styled.div`
  position: relative;
`;

const Input = styled.input`
  ${inputStyle};
  padding-right: 64px;
`;

const Toggle = styled.button`
  position: absolute;
  top: 50%;
  right: 6px;
  padding: 2px 4px;
  font-size: ${(p) => themeOf(p).font.size.small};
  color: ${(p) => themeOf(p).colors.primary};
  background: none;
  border: none;
  transform: translateY(-50%);
  cursor: pointer;
`;

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({
  showLabel = '显示密码',
  hideLabel = '隐藏密码',
  ...props
}: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const field = useFieldProps(props);
  return (
    <Wrap>
      <Input autoComplete="new-password" {...props} {...field} type={shown ? 'text' : 'password'} />
      <Toggle
        type="button"
        aria-controls={field.id ?? props.id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? hideLabel : showLabel}
      </Toggle>
    </Wrap>
  );
}
