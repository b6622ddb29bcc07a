import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRefresh } from 'react-admin';
import type { z } from 'zod';
import { parseAnswer, postAction } from '../dataProvider';

export interface CommandField {
  readonly name: string;
  readonly label: string;
  readonly helperText?: string;
  readonly required?: boolean;
}

/**
 * A staff command from a dialog: the typed fields become the body (`toBody`), the server decides
 * (pessimistic), its refusal is shown as it was worded, its answer parsed with its contract. Hidden from auditors (the API refuses them too).
 */
export function CommandDialogButton(props: {
  label: string;
  title: string;
  path: string;
  fields: readonly CommandField[];
  toBody: (values: Record<string, string>) => unknown;
  /** The answer's contract schema: an answer the console does not understand is shown as an error. */
  answer: z.ZodType;
  done: string;
  color?: 'primary' | 'error';
}) {
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (permissions !== 'admin' && permissions !== 'staff') return null;
  const id = `${props.label.toLowerCase().replace(/\W+/g, '-')}-title`;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      parseAnswer(props.answer, await postAction(props.path, props.toBody(values)), props.label);
      notify(props.done, { type: 'info' });
      setOpen(false);
      setValues({});
      refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The command failed');
    } finally {
      setBusy(false);
    }
  };
  const missing = props.fields.some((f) => f.required && !(values[f.name] ?? '').trim());
  return (
    <>
      <Button variant="outlined" color={props.color ?? 'primary'} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={id} fullWidth>
        <DialogTitle id={id}>{props.title}</DialogTitle>
        <DialogContent>
          {props.fields.map((f) => (
            <MuiTextField
              key={f.name}
              label={f.label}
              helperText={f.helperText}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              fullWidth
              margin="dense"
            />
          ))}
          {error && (
            <p role="alert" style={{ color: '#d32f2f', margin: '8px 0 0' }}>
              {error}
            </p>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={missing || busy} onClick={() => void submit()}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
