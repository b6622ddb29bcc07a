export { CashbackPage as CashbackRoute } from '../../features/cashback/cashback-page';
