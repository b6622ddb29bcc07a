import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fetchClubhouse, fetchCourses, submitScorecard, type Clubhouse, type Course } from './api';
import { ScorecardGate } from './next-step';
import { clubDay } from '@roar/contracts/time';
import type { ApiResult } from '../../lib/api-client';
import { useLoad } from '../../lib/use-load';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import './clubhouse.css';

/** Today in the club's time zone, YYYY-MM-DD (the date field's maximum). */
const sydneyToday = () => clubDay(new Date());

/** The courses and where the member's handicap stands: without an approved one there is no form. */
async function loadSubmitPage(): Promise<ApiResult<{ clubhouse: Clubhouse; courses: Course[] }>> {
  const [clubhouse, courses] = await Promise.all([fetchClubhouse(), fetchCourses()]);
  if (!clubhouse.ok) return clubhouse;
  if (!courses.ok) return courses;
  return { ok: true, data: { clubhouse: clubhouse.data, courses: courses.data } };
}

/** `/dashboard/clubhouse/scorecards/submit/{id...}`: hole-by-hole gross with each hole's net double bogey shown as the member types. */
export function SubmitScorecardPage() {
  const [state] = useLoad(loadSubmitPage, 'submit-scorecard');
  // `{id...}`: a course id (optionally `/tee`) preselects that course and tee; `new` starts blank.
  const rest = useParams()['*'] ?? '';
  return (
    <div className="clubhouse container">
      <Head title="Submit Scorecard" />
      <Link to={paths.scorecards.getHref()} className="back-link">
        ← Back to Scorecards
      </Link>
      <h1 className="clubhouse__title">Submit a Scorecard</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && (
        <ScorecardGate data={state.data.clubhouse}>
          <ScorecardForm courses={state.data.courses} preselect={rest} />
        </ScorecardGate>
      )}
    </div>
  );
}

function ScorecardForm({ courses, preselect }: { courses: Course[]; preselect: string }) {
  const notify = useToast();
  const navigate = useNavigate();
  const [wantedCourse, wantedTee] = preselect.split('/');
  const [courseId, setCourseId] = useState(courses.find((c) => c.id === wantedCourse)?.id ?? courses[0]?.id ?? '');
  const course = courses.find((c) => c.id === courseId);
  const tees = course?.tees ?? [];
  const [teeId, setTeeId] = useState(tees.find((t) => t.teeId === wantedTee)?.teeId ?? tees[0]?.teeId ?? '');
  const tee = tees.find((t) => t.teeId === teeId) ?? tees[0];
  const [playedOn, setPlayedOn] = useState(sydneyToday());
  const [markerEmail, setMarkerEmail] = useState('');
  const [markerName, setMarkerName] = useState('');
  const [scores, setScores] = useState<string[]>(() => Array.from({ length: 18 }, () => ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const numbers = scores.slice(0, tee?.pars.length ?? 18).map((s) => (/^\d{1,2}$/.test(s.trim()) ? Number(s) : null));
  const totals = useMemo(() => {
    if (!tee) return { gross: 0, adjusted: 0 };
    const typed = numbers.map((n, i) => ({ n, limit: tee.net_double_bogey[i] ?? 99 })).filter((x): x is { n: number; limit: number } => x.n !== null);
    return { gross: typed.reduce((a, x) => a + x.n, 0), adjusted: typed.reduce((a, x) => a + Math.min(x.n, x.limit), 0) };
  }, [numbers, tee]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !tee) return;
    const missing = numbers.findIndex((n) => n === null || n < 1 || n > 29);
    if (missing >= 0) return setError(`Hole ${missing + 1}: enter a score from 1 to 29.`);
    if (!markerEmail.trim()) return setError('Enter your marker’s email.');
    setBusy(true);
    setError(null);
    const r = await submitScorecard({
      course_id: courseId,
      tee_id: tee.teeId,
      played_on: playedOn,
      gross_scores: numbers as number[],
      marker_email: markerEmail.trim(),
      ...(markerName.trim() ? { marker_name: markerName.trim() } : {}),
    });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    notify('success', 'Scorecard submitted. It counts once your marker attests it.');
    navigate(paths.scorecards.getHref());
  };

  return (
    <form className="form club-form club-form--wide" onSubmit={(e) => void submit(e)} noValidate>
      <div className="form__row">
        <label className="field">
          <span>Course</span>
          <select
            className="input"
            value={courseId}
            onChange={(e) => {
              setCourseId(e.target.value);
              setTeeId('');
            }}
          >
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.sample_data ? ' (sample data)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Tee</span>
          <select className="input" value={tee?.teeId ?? ''} onChange={(e) => setTeeId(e.target.value)}>
            {tees.map((t) => (
              <option key={t.teeId} value={t.teeId}>
                {t.name} · CR {t.courseRating.toFixed(1)} / slope {t.slopeRating}
                {t.holes === 9 ? ' · 9 holes' : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      {course?.sample_data && <p className="club-muted">Sample data: these ratings are illustrative, not Golf Australia’s official ratings.</p>}
      <div className="form__row">
        <label className="field">
          <span>Date played</span>
          <input className="input" type="date" value={playedOn} max={sydneyToday()} onChange={(e) => setPlayedOn(e.target.value)} />
        </label>
        <label className="field">
          <span>Marker’s email</span>
          <input
            className="input"
            type="email"
            value={markerEmail}
            onChange={(e) => setMarkerEmail(e.target.value)}
            placeholder="marker@example.com"
          />
        </label>
      </div>
      <p className="club-muted">Your marker gets an email to attest the card: a member attests in their clubhouse, anyone else from the link.</p>
      <label className="field">
        <span>Marker’s name (optional)</span>
        <input className="input" value={markerName} onChange={(e) => setMarkerName(e.target.value)} />
      </label>
      {tee && (
        <>
          <p className="club-muted" data-testid="course-handicap">
            {tee.course_handicap === null
              ? 'Before you have an index, the most a hole counts is par + 5.'
              : `Your Course Handicap here is ${tee.course_handicap}: a hole counts at most its net double bogey.`}
          </p>
          {tee.holes === 9 && (
            <p className="club-muted">
              A 9-hole score counts once it is joined with your next attested 9-hole score: nines are paired, never doubled.
            </p>
          )}
          <div className="holes" role="group" aria-label="Hole scores">
            {tee.pars.map((par, i) => {
              const limit = tee.net_double_bogey[i] ?? par + 5;
              const n = numbers[i];
              const over = n !== null && n !== undefined && n > limit;
              return (
                <label key={i} className={`hole${over ? ' hole--over' : ''}`}>
                  <span className="hole__no">Hole {i + 1}</span>
                  <span className="hole__meta">
                    Par {par} · SI {tee.strokeIndexes[i]}
                  </span>
                  <input
                    className="input hole__input"
                    inputMode="numeric"
                    value={scores[i]}
                    aria-label={`Hole ${i + 1}`}
                    onChange={(e) => setScores((s) => s.map((v, j) => (j === i ? e.target.value.replace(/\D/g, '').slice(0, 2) : v)))}
                  />
                  <span className="hole__limit" data-testid={`limit-${i + 1}`}>
                    {over ? `counts as ${limit}` : `max ${limit}`}
                  </span>
                </label>
              );
            })}
          </div>
          <p className="club-totals" data-testid="totals">
            Gross {totals.gross} · adjusted {totals.adjusted}
          </p>
        </>
      )}
      {error && <ErrorNote message={error} />}
      <button type="submit" className="btn btn--gold" disabled={busy || !tee}>
        {busy ? 'Submitting...' : 'Submit scorecard'}
      </button>
    </form>
  );
}
