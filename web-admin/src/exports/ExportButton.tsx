import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { downloadExport } from './download';

/** One CSV export; every staff role may take one (it is logged with who took it). */
export function ExportButton({ kind, label, query }: { kind: string; label: string; query?: Record<string, string> }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport(kind, query);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" onClick={() => void run()} disabled={busy}>
      {busy ? 'Exporting...' : label}
    </Button>
  );
}
