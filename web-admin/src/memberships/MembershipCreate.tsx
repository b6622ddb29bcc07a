import { Create, SimpleForm } from 'react-admin';
import { MembershipFields } from './MembershipFields';

const defaults = {
  status: 'draft',
  type: 'monthly-subscription',
  visible: false,
  colour: '#000000',
  icon: '',
  price: 0,
  initial_tickets: 0,
  cumulative_tickets: 0,
  bonus_draws: false,
  weekly_draws: false,
  rewards_access: false,
  shop_access: false,
  referee_entries: 0,
  referrer_entries: 0,
  rewards_days: 0,
  cashback_maximum_value: 0,
  stripe_id: null,
  items: [],
};

export function MembershipCreate() {
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={defaults}>
        <MembershipFields creating />
      </SimpleForm>
    </Create>
  );
}
