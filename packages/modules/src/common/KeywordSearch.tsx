import { useState } from 'react';
import { Button, FormField, TextInput } from '@examkit/ui';

export interface KeywordSearchProps {
  /** The keyword in force; the field starts with it. */
  initial: string;
  placeholder: string;
  /** Called with the trimmed keyword when the user submits. */
  onSearch(keyWord: string): void;
}

/** The 关键字 search field of a filter row, with its 查询 button; searches on submit. */
export function KeywordSearch({ initial, placeholder, onSearch }: KeywordSearchProps) {
  const [draft, setDraft] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <FormField label="关键字">
        <TextInput
          type="search"
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
        />
      </FormField>
      <Button nativeType="submit">查询</Button>
    </form>
  );
}
