import { Bar } from './styled';

/** A score distribution (points → count) as one bar per score, each against `count`; — when empty. */
export function ScoreDistribution({
  dist,
  count,
}: {
  dist: Record<string, number>;
  count: number;
}) {
  const keys = Object.keys(dist).sort((a, b) => Number(a) - Number(b));
  if (keys.length === 0) return <>—</>;
  return (
    <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {keys.map((k) => (
        <li key={k}>
          <span style={{ display: 'inline-block', width: 36 }}>{k}分</span>
          <Bar $ratio={count ? dist[k]! / count : 0} />
          {dist[k]}
        </li>
      ))}
    </ul>
  );
}
