import { Chart } from './Chart';
import { radarOption, type Series } from './charts';
import { DataTable, type Column } from './DataTable';
import { formatScore } from '../utils/format';

interface TagRow {
  tag: string;
  questionNumbers: readonly string[];
  fullMarks: number;
}

/** Props of {@link TagRateSections}. */
export interface TagRateSectionsProps<T extends TagRow> {
  data: { knowledgePoints: readonly T[]; abilities: readonly T[] };
  /** The radar's series of a section's tags (drawn from three tags on). */
  radar: (tags: readonly T[]) => Series[];
  /** Added to each table's caption, e.g. （各班）. @default '' */
  captionSuffix?: string;
  /** The columns of a section after the tag, 题号 and 满分. */
  rateColumns: (tags: readonly T[]) => Column<T>[];
}

/** 知识点 and 能力 score rates, a section each: a radar and a table of the tags. */
export function TagRateSections<T extends TagRow>({
  data,
  radar,
  captionSuffix = '',
  rateColumns,
}: TagRateSectionsProps<T>) {
  return (
    <>
      {(
        [
          ['知识点', data.knowledgePoints],
          ['能力', data.abilities],
        ] as const
      ).map(([name, tags]) => (
        <section key={name}>
          <h2>{name}得分率</h2>
          {tags.length > 2 && (
            <Chart
              kind="radar"
              label={`${name}得分率雷达图`}
              option={radarOption(
                tags.map((t) => t.tag),
                radar(tags),
              )}
            />
          )}
          <DataTable<T>
            caption={`${name}得分率${captionSuffix}`}
            rowKey={(t) => t.tag}
            rows={tags}
            columns={[
              { title: name, cell: (t) => t.tag },
              { title: '题号', cell: (t) => t.questionNumbers.join('、') },
              { title: '满分', cell: (t) => formatScore(t.fullMarks), numeric: true },
              ...rateColumns(tags),
            ]}
          />
        </section>
      ))}
    </>
  );
}
