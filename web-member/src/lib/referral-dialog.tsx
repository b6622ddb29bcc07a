import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** The referral modal's props: it closes itself and then tells its opener. */
export interface ReferralDialogProps {
  readonly onClose: () => void;
}

/**
 * The slot of the referral modal. Shared blocks (the header) and other features (the home page's
 * referral cards) open the modal, but only the referrals feature may hold it: the app fills the
 * slot with features/referrals' ReferralDialog (app/provider.tsx), and an opener renders
 * `useReferralDialog()` where it rendered the modal before.
 */
const ReferralDialogSlot = createContext<ComponentType<ReferralDialogProps>>(() => null);

export function ReferralDialogProvider({ dialog, children }: { dialog: ComponentType<ReferralDialogProps>; children: ReactNode }) {
  return <ReferralDialogSlot.Provider value={dialog}>{children}</ReferralDialogSlot.Provider>;
}

export const useReferralDialog = (): ComponentType<ReferralDialogProps> => useContext(ReferralDialogSlot);
