import { FaqPage } from '../../features/faq/faq-page';

export const FaqRoute = FaqPage;
