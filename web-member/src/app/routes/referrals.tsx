export { ReferPage as ReferRoute } from '../../features/referrals/refer-page';
