export { TeamPrizesPage as TeamPrizesRoute } from '../../features/team/team-prizes-page';
