import { useCallback, useRef, useState } from 'react';
import type { FormErrors, FormValidation, FormValidationOptions, ValidationRules } from '../types';

const isEmpty = (value: unknown) =>
  value == null || (typeof value === 'string' ? value.trim() === '' : false);

/**
 * Form state with the validation of spec 000 §5: each field is checked on
 * blur against its rules (required, then custom validators, first failing
 * message shown), and a field listed in `dependents` is re-checked when the
 * field it depends on changes, if it is non-empty.
 *
 * @example
 * const form = useFormValidation(
 *   {
 *     password: [{ required: true, message: '请输入新密码' }],
 *     repeatPassword: [
 *       { required: true, message: '请再次输入新密码' },
 *       { validator: (v, all) => v === all.password, message: '两次输入新密码不一致!' },
 *     ],
 *   },
 *   { initialValues: { password: '', repeatPassword: '' }, dependents: { password: ['repeatPassword'] } },
 * );
 */
export function useFormValidation<V extends Record<string, unknown>>(
  rules: ValidationRules<V>,
  options: FormValidationOptions<V>,
): FormValidation<V> {
  const { initialValues, dependents } = options;
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  // Handlers read the latest values even when called twice before a render.
  const latest = useRef(values);
  latest.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const initialRef = useRef(initialValues);

  const messageFor = useCallback((name: keyof V, all: V): string | undefined => {
    const value = all[name];
    for (const rule of rulesRef.current[name] ?? []) {
      if (rule.required && isEmpty(value)) return rule.message;
      if (rule.validator && !rule.validator(value, all)) return rule.message;
    }
    return undefined;
  }, []);

  const show = useCallback((name: keyof V, message: string | undefined) => {
    setErrors((prev) => {
      if (prev[name] === message) return prev;
      const next = { ...prev };
      if (message === undefined) delete next[name];
      else next[name] = message;
      return next;
    });
  }, []);

  const validateField = useCallback(
    (name: keyof V) => {
      const message = messageFor(name, latest.current);
      show(name, message);
      return message === undefined;
    },
    [messageFor, show],
  );

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      for (const dependent of dependents?.[name] ?? []) {
        if (!isEmpty(next[dependent])) show(dependent, messageFor(dependent, next));
      }
    },
    [dependents, messageFor, show],
  );

  const validate = useCallback(() => {
    const all = latest.current;
    const next: FormErrors<V> = {};
    for (const name of Object.keys(rulesRef.current) as (keyof V)[]) {
      const message = messageFor(name, all);
      if (message !== undefined) next[name] = message;
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  }, [messageFor]);

  const reset = useCallback(() => {
    latest.current = initialRef.current;
    setValues(initialRef.current);
    setErrors({});
  }, []);

  const field = <K extends keyof V>(name: K) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[K]),
    onBlur: () => {
      validateField(name);
    },
  });

  return { values, errors, setValue, validateField, validate, reset, field };
}
