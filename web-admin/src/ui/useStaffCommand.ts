import { useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * Runs one staff command at a time: busy while it runs (the dialog's confirm button waits), and a
 * failure shown as the console's error notice: the server's message, or `failed` when there is none.
 */
export function useStaffCommand() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (command: () => Promise<void>, failed: string): Promise<void> => {
    setBusy(true);
    try {
      await command();
    } catch (error) {
      notify(error instanceof Error ? error.message : failed, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
