import { useState } from 'react';

export interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  /** Called with every valid value typed; invalid drafts stay in the field until blur. */
  onCommit(value: number): void;
}

/** A number input that lets the user clear and retype, committing only values within range. */
export function NumberField({
  label,
  value,
  min,
  max,
  disabled = false,
  onCommit,
}: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      type="number"
      aria-label={label}
      min={min}
      max={max}
      disabled={disabled}
      value={draft ?? String(value)}
      onChange={(e) => {
        setDraft(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isFinite(n) && n >= min && n <= max) onCommit(n);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
