import { useState } from 'react';
import { PrizeGrid } from './prize-grid';
import { useLoad } from '../../lib/use-load';
import { renderNow } from '../../lib/preload';
import { Head } from '../../components/ui/head';
import { fetchPrizes, PRIZE_LIST_LIMIT, prizeTypeDisplay, type PrizeType } from '../../lib/prizes';

/** Filter tabs (spec section 4's prize types; 'all' sends no prize_type_id). */
const TABS: ReadonlyArray<{ id: PrizeType | null; label: string }> = [
  { id: null, label: 'All' },
  ...(['team', 'bonus', 'weekly', 'normal', 'event', 'experience'] as const).map((id) => ({ id, label: prizeTypeDisplay(id).title })),
];

export interface PrizeListPageProps {
  readonly title: string;
  readonly heading: string;
  readonly intro: string;
  readonly tabs?: boolean;
  /** Only giveaways whose entries have not closed yet. */
  readonly openOnly?: boolean;
}

/** A page of published giveaways (the list call: limit 100), optionally filtered by type. */
export function PrizeListPage({ title, heading, intro, tabs = true, openOnly = false }: PrizeListPageProps) {
  const [type, setType] = useState<PrizeType | null>(null);
  const [loaded] = useLoad(() => fetchPrizes({ limit: PRIZE_LIST_LIMIT, prizeTypeId: type }), type ?? 'all');
  const state =
    openOnly && loaded.status === 'loaded' ? { ...loaded, data: loaded.data.filter((p) => Date.parse(p.prize_end_date) > renderNow()) } : loaded;
  return (
    <div className="draws container">
      <Head title={title} />
      <h1 className="draws__title">{heading}</h1>
      <p className="draws__intro">{intro}</p>
      {tabs && (
        <div className="draws__tabs" role="group" aria-label="Draw type">
          {TABS.map((tab) => (
            <button key={tab.label} type="button" className="draws__tab" aria-pressed={type === tab.id} onClick={() => setType(tab.id)}>
              {tab.label}
            </button>
          ))}
        </div>
      )}
      <PrizeGrid state={state} />
    </div>
  );
}

export const MemberDrawsPage = () => (
  <PrizeListPage
    title="Member Draws"
    heading="Member Draws"
    intro="The prize draws open to members: team, bonus, weekly, cash, event and experience draws."
  />
);

export const UpcomingGiveawaysPage = () => (
  <PrizeListPage
    title="Upcoming Giveaways"
    heading="Upcoming Giveaways"
    intro="The next giveaways, their prizes and when each one closes."
    openOnly
  />
);

export const EventsPage = () => (
  <PrizeListPage title="Events" heading="Giveaways" intro="Every current giveaway; open a card to see its prize and closing date." tabs={false} />
);
