import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { fetchPayMethod, type PayMethod } from './api';
import { Head } from '../../components/ui/head';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

type State = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; card: PayMethod };

/** The card the membership is charged to; only members with a membership have this page. */
export function PaymentMethodPage() {
  const { user } = useAuth();
  const hasMembership = user?.membership_id != null;
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!hasMembership) return;
    let live = true;
    void fetchPayMethod().then((r) => live && setState(r.ok ? { status: 'loaded', card: r.data } : { status: 'error', error: r.error }));
    return () => {
      live = false;
    };
  }, [hasMembership]);
  if (!hasMembership) return <Navigate to={paths.settings.getHref()} replace />;
  return (
    <div className="settings-page">
      <Head title="Payment Method" />
      <h2 className="settings-page__title">Payment Method</h2>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' &&
        (state.card ? (
          <div className="pay-card" data-testid="pay-card">
            <span className="pay-card__brand">{state.card.brand.toUpperCase()}</span>
            <span className="pay-card__number">•••• •••• •••• {state.card.last4}</span>
          </div>
        ) : (
          <Empty message="No card on file." />
        ))}
    </div>
  );
}
