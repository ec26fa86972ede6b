import { useId, useMemo } from 'react';
import { styled } from 'styled-components';
import { themeOf } from '../theme/theme';
import type { FormFieldProps } from '../types';
import { FieldContext } from './fieldContext';

const Row = styled.div`
  display: grid;
  gap: 4px;
  margin-bottom: 18px;
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
`;

const Label = styled.label`
  color: ${(p) => themeOf(p).colors.text};
  &[data-required]::before {
    content: '*';
    margin-right: 4px;
    color: ${(p) => themeOf(p).colors.danger};
  }
`;

const Note = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${(p) => themeOf(p).font.size.small};
  color: ${(p) => (p.$error ? themeOf(p).colors.danger : themeOf(p).colors.textSecondary)};
`;

/**
 * A labelled form row. The control inside (`TextInput`, `PasswordInput`,
 * `Select`) gets the field's id, `aria-describedby` pointing at the hint and
 * error, and `aria-invalid` while there is an error.
 */
export function FormField({ label, error, hint, required = false, id, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [hint != null ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const value = useMemo(
    () => ({ id: controlId, describedBy, invalid: Boolean(error), required }),
    [controlId, describedBy, error, required],
  );
  return (
    <Row>
      <Label htmlFor={controlId} data-required={required || undefined}>
        {label}
      </Label>
      <FieldContext.Provider value={value}>{children}</FieldContext.Provider>
      {hint != null && <Note id={hintId}>{hint}</Note>}
      {error && (
        <Note id={errorId} $error role="alert">
          {error}
        </Note>
      )}
    </Row>
  );
}
