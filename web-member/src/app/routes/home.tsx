import { HomePage } from '../../features/home/home-page';

export const HomeRoute = HomePage;
