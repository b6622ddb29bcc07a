import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { INTRO_VIDEO_URL } from '../config/site';
import { trackClick } from '../lib/analytics';

export interface IntroStep {
  readonly title: string;
  readonly subtitle: string;
  readonly copy: string;
}

/** How long each step of the built-in walkthrough stays on screen. */
export const INTRO_STEP_MS = 3500;

/**
 * The 'What is Roar+?' block (spec sections 1 and 2): a 894x504 frame and a Join Now button. With
 * VITE_INTRO_VIDEO_URL set it embeds that video; without one (a fresh install ships no film) the
 * play button runs a walkthrough of the how-it-works steps in the same frame, so the button
 * always does what it says.
 */
export function IntroVideo({ loggedIn, steps }: { loggedIn: boolean; steps: readonly IntroStep[] }) {
  return (
    <section className="section section--alt" aria-labelledby="video-title">
      <div className="container video-block">
        <h2 id="video-title" className="section__title">
          What is Roar+?
        </h2>
        <div className="video-frame" data-testid="intro-video">
          {INTRO_VIDEO_URL ? (
            <iframe src={INTRO_VIDEO_URL} title="What is Roar+?" width={894} height={504} allowFullScreen />
          ) : (
            <Walkthrough steps={steps} />
          )}
        </div>
        {!loggedIn && (
          <Link to={paths.membership.getHref()} className="btn btn--gold btn--lg" onClick={() => trackClick('Join Now', 'video-box')}>
            Join Now
          </Link>
        )}
      </div>
    </section>
  );
}

function Walkthrough({ steps }: { steps: readonly IntroStep[] }) {
  const [playing, setPlaying] = useState(false);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => {
      if (index + 1 < steps.length) setIndex(index + 1);
      else setPlaying(false);
    }, INTRO_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, steps.length]);

  const step = steps[index];
  const toggle = () => {
    if (!playing && index + 1 >= steps.length) setIndex(0);
    setPlaying(!playing);
  };
  const started = playing || index > 0;
  return (
    <div className={`video-poster${started ? ' video-poster--playing' : ''}`}>
      {started && step ? (
        <div className="walkthrough" aria-live="polite" data-testid="walkthrough-step">
          <p className="walkthrough__subtitle">{step.subtitle}</p>
          <h3 className="walkthrough__title">{step.title}</h3>
          <p className="walkthrough__copy">{step.copy}</p>
          <span className="walkthrough__progress" aria-hidden="true">
            {steps.map((s, i) => (
              <span key={s.title} className={i <= index ? 'is-done' : undefined} />
            ))}
          </span>
        </div>
      ) : (
        <span>Members, partners and prizes in four steps</span>
      )}
      <button type="button" className="video-poster__play" onClick={toggle} aria-label={playing ? 'Pause: What is Roar+?' : 'Play: What is Roar+?'}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          {playing ? <path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor" /> : <path d="M8 5v14l11-7z" fill="currentColor" />}
        </svg>
      </button>
    </div>
  );
}
