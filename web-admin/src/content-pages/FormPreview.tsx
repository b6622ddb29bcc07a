import { Box, Button, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FormDataConsumer } from 'react-admin';

/**
 * A Preview button under a form: shows the form's current (unsaved) values laid out as members
 * will read them, so staff see an edit before they save it. Plain text only: React escapes it.
 */
export function FormPreview({ render }: { render: (values: Record<string, unknown>) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ my: 1, width: '100%' }}>
      <Button variant="outlined" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? 'Hide preview' : 'Preview'}
      </Button>
      {open && (
        <Box
          role="region"
          aria-label="Preview"
          sx={{ mt: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default' }}
        >
          <Typography variant="caption" component="p" sx={{ mb: 1 }}>
            Preview: what members will see once saved
          </Typography>
          <FormDataConsumer>{({ formData }) => render(formData as Record<string, unknown>)}</FormDataConsumer>
        </Box>
      )}
    </Box>
  );
}

/** The text of a form value, or '' when it is missing or not text. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The rows of an array form value, each as a record. */
export const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];
