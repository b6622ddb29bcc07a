import { MembershipTiers } from '../../components/membership-tiers';
import { Head } from '../../components/ui/head';
// This page opens on staff HTML: DOMPurify comes with it, so its first render is already clean (SafeHtml).
import '../../components/ui/purify';

export function MembershipPage() {
  return (
    <section className="section">
      <div className="container">
        <Head title="Membership" />
        <h1 className="section__title">Pick your membership</h1>
        <p className="section__lead">Tickets stack monthly. One-off entries are possible. No obligation. Cancel anytime.</p>
        <MembershipTiers />
      </div>
    </section>
  );
}
