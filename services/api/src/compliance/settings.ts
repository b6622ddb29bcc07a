import type { AppContext } from '../context';

/** The club's draw settings (issue 22). Placeholder with the defaults until the terms branch's version lands. */
export interface DrawSettings {
  readonly promoterName: string;
  readonly abn: string;
  readonly address: string;
  readonly claimPeriodDays: number;
  readonly publicationPeriodDays: number;
  readonly drawPlace: string;
  readonly disputes: string;
  readonly allowMinorFreeAccounts: boolean;
}

export async function readDrawSettings(_app: AppContext): Promise<DrawSettings> {
  return {
    promoterName: '',
    abn: '',
    address: '',
    claimPeriodDays: 30,
    publicationPeriodDays: 30,
    drawPlace: '',
    disputes: '',
    allowMinorFreeAccounts: true,
  };
}
