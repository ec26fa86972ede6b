import { useRef } from 'react';
import { Button } from '@examkit/ui';

export interface FilePickButtonProps {
  /** The button's label, e.g. 选择文件. */
  label: string;
  /** The file types offered, as the input's `accept`. */
  accept: string;
  /** The hidden input's accessible name. */
  inputLabel: string;
  /** Told the chosen file (undefined when none was chosen). */
  onPick(file: File | undefined): unknown;
}

/**
 * A button that opens the file chooser through a hidden input; the input is emptied after each
 * pick so that choosing the same file again is seen again.
 */
export function FilePickButton({ label, accept, inputLabel, onPick }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button onClick={() => input.current?.click()}>{label}</Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={inputLabel}
        hidden
        onChange={(e) => {
          void onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
