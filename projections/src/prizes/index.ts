export { entrantRowsSql, prizesProjector } from './projector';
export {
  listPrizes,
  getPrize,
  listDrawEntrants,
  notifiedWins,
  drawStatus,
  entrantExportPage,
  winnersExportPage,
  type EntrantExportPage,
  type MemberWin,
  type PrizeWithDraw,
} from './queries';
export { prizeRowSchema, drawRowSchema, drawEntrantRowSchema, type PrizeRow, type DrawRow, type DrawEntrantRow, type WinnerEntry } from './rows';
