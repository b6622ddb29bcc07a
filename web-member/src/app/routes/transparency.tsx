import { TransparencyPage } from '../../features/transparency/transparency-page';

export const TransparencyRoute = TransparencyPage;
