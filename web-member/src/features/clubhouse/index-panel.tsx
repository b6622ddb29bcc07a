import type { Clubhouse, Revision } from './api';
import { formatIndex } from './format';

/** What moved the index, in plain words, from the revision event's own inputs. */
export function explainRevision(r: Revision): string {
  const parts: string[] = [];
  if (r.handicap_index === null) {
    parts.push(`${r.counted} counted ${r.counted === 1 ? 'score' : 'scores'}: an index needs at least 3.`);
    return parts.join(' ');
  }
  const adjustment = r.table_adjustment === 0 ? '' : `, ${r.table_adjustment > 0 ? 'plus' : 'minus'} ${Math.abs(r.table_adjustment).toFixed(1)}`;
  parts.push(`The best ${r.used.length} of your ${Math.min(r.counted, 20)} most recent ${r.counted === 1 ? 'score' : 'scores'} count${adjustment}.`);
  if (r.exceptional_reduction < 0) {
    parts.push(
      `Your latest round was exceptional (7.0 or more below your index): every counted differential was reduced by ${Math.abs(r.exceptional_reduction).toFixed(1)}.`,
    );
  }
  if (r.cap === 'soft') parts.push(`Soft cap: the rise above your low index of ${formatIndex(r.low_handicap_index)} beyond 3.0 was halved.`);
  if (r.cap === 'hard') parts.push(`Hard cap: your index is held at 5.0 above your low index of ${formatIndex(r.low_handicap_index)}.`);
  const cause = {
    attested: 'a score was attested',
    corrected: 'staff corrected a score',
    voided: 'staff voided a score',
    pcc: 'staff set the playing conditions (PCC)',
  }[r.cause.kind];
  parts.push(`Revised because ${cause}. Rules: ${r.rule_version}.`);
  return parts.join(' ');
}

/** The official GA Handicap (recorded by staff from Golf Australia) beside our computed index, each labelled. */
export function IndexPanel({ official, computed }: Pick<Clubhouse, 'official' | 'computed'>) {
  const differs = official && computed?.handicap_index != null && official.handicap !== computed.handicap_index;
  return (
    <section className="club-card" aria-labelledby="index-heading">
      <h2 id="index-heading" className="club-card__title">
        Handicap index
      </h2>
      <dl className="index-pair">
        <div>
          <dt>Official GA Handicap</dt>
          <dd data-testid="official-handicap">{official ? formatIndex(official.handicap) : '—'}</dd>
          <dd className="club-muted">
            {official ? `Golf Link ${official.golf_link_number}, recorded by our staff` : 'Recorded when staff approve your request'}
          </dd>
        </div>
        <div>
          <dt>Computed index (estimate)</dt>
          <dd data-testid="computed-index">{formatIndex(computed?.handicap_index ?? null)}</dd>
          <dd className="club-muted">From your attested scorecards by the World Handicap System rules</dd>
        </div>
      </dl>
      {differs && (
        <p className="club-note">The two differ: Golf Australia’s figure is the official one; ours updates as soon as a card is attested.</p>
      )}
      {computed && (
        <p className="club-why" data-testid="index-why">
          {explainRevision(computed)}
        </p>
      )}
    </section>
  );
}
