import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useInput } from 'react-admin';
import { uploadedDocumentSchema, type UploadedDocument } from '@roar/contracts/compliance';
import { session } from '../auth/session';
import { parseAnswer } from '../dataProvider';
import { firstErrorMessage } from '../httpErrors';

/** POST a private compliance document (PDF, PNG or JPEG) to `path` (e.g. /permits/documents): answers its storage key. */
export async function uploadDocument(path: string, file: Blob): Promise<UploadedDocument> {
  const token = session.token();
  const response = await fetch(`/api/admin${path}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(firstErrorMessage(body) ?? `The upload failed (${response.status})`);
  return parseAnswer(uploadedDocumentSchema, body, 'the upload');
}

/** A document field (issue 22): the file goes through the storage port, the record keeps only its key (private, never public). */
export function DocumentInput({ source, label, uploadPath }: { source: string; label: string; uploadPath: string }) {
  const { field } = useInput({ source, parse: (v: string | null) => (v === '' ? null : v) });
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      field.onChange((await uploadDocument(uploadPath, file)).key);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The upload failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ my: 1 }} data-testid={`document-input-${source}`}>
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={inputId}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        <Button variant="outlined" component="label" disabled={busy}>
          {busy ? 'Uploading…' : field.value ? 'Replace document' : 'Upload document'}
          <input id={inputId} hidden type="file" accept="application/pdf,image/png,image/jpeg" onChange={pick} />
        </Button>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {typeof field.value === 'string' && field.value ? `Stored: ${field.value.split('/').pop()}` : 'No document'}
        </Typography>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
