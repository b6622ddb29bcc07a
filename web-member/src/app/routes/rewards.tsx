export { RewardsPage as RewardsRoute } from '../../features/rewards/rewards-page';
