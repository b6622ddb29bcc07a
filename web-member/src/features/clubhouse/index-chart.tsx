import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Revision } from './api';
import { formatIndex } from './format';

/** The computed index after each revision (recharts). Revisions before the third score have no index and are left out. */
export function IndexChart({ history }: { history: readonly Revision[] }) {
  const points = history.flatMap((r) =>
    r.handicap_index === null
      ? []
      : [{ revision: `#${r.revision}`, index: r.handicap_index, date: new Date(r.revised_at).toLocaleDateString('en-AU') }],
  );
  if (points.length === 0) return <p className="club-muted">Your index history starts with your third counted score.</p>;
  return (
    <figure className="index-chart" aria-label="Computed handicap index history">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={points} margin={{ top: 12, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid stroke="#e3e8f2" strokeDasharray="3 3" />
          <XAxis dataKey="revision" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => formatIndex(v)} width={44} domain={['auto', 'auto']} />
          <Tooltip formatter={(v) => [formatIndex(Number(v)), 'Index']} labelFormatter={(_, p) => String(p[0]?.payload?.date ?? '')} />
          <Line type="monotone" dataKey="index" stroke="#1f5fd1" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
      <figcaption className="club-muted">
        Computed index after each revision ({points.length} {points.length === 1 ? 'point' : 'points'}).
      </figcaption>
    </figure>
  );
}
