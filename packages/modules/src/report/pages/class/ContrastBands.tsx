import { Chart } from '../../components/Chart';
import { barOption } from '../../components/charts';
import type { contrastBands } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { formatRate, formatScore } from '../../utils/format';

/** Score bands with class and grade counts side by side, as `contrastBands` makes them readable. */
type Bands = ReturnType<typeof contrastBands>;

/** A bar chart of the class's and the grade's share in each score band. */
export function ContrastBandChart({ label, bands }: { label: string; bands: Bands }) {
  return (
    <Chart
      kind="bar"
      label={label}
      option={barOption(
        bands.map((b) => `${formatScore(b.from)}-${formatScore(b.to)}`),
        [
          { name: '班级占比', values: bands.map((b) => b.classRate) },
          { name: '年级占比', values: bands.map((b) => b.gradeRate) },
        ],
        true,
      )}
    />
  );
}

/** The class's and the grade's count and share in each score band. */
export function ContrastBandTable({ caption, bands }: { caption: string; bands: Bands }) {
  return (
    <DataTable
      caption={caption}
      rowKey={(b) => b.from}
      rows={bands}
      columns={[
        { title: '分数段', cell: (b) => `${formatScore(b.from)}～${formatScore(b.to)}` },
        { title: '班级人数', cell: (b) => b.classCount, numeric: true },
        { title: '班级占比', cell: (b) => formatRate(b.classRate), numeric: true },
        { title: '年级人数', cell: (b) => b.gradeCount, numeric: true },
        { title: '年级占比', cell: (b) => formatRate(b.gradeRate), numeric: true },
      ]}
    />
  );
}
