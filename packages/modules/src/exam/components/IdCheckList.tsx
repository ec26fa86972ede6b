/** Checkboxes of some records by id (grades, classes), each labelled by its name. */
export function IdCheckList({
  options,
  value,
  onChange,
}: {
  options: readonly { id: number; name: string }[];
  value: readonly number[];
  onChange(ids: number[]): void;
}) {
  return options.map((o) => (
    <label key={o.id}>
      <input
        type="checkbox"
        checked={value.includes(o.id)}
        onChange={(e) =>
          onChange(e.target.checked ? [...value, o.id] : value.filter((x) => x !== o.id))
        }
      />
      {o.name}
    </label>
  ));
}
