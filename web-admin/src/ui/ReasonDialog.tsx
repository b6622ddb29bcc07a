import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import type { ReactNode } from 'react';
import { REASON_MAX_LENGTH } from '@roar/contracts/common';

/** The server's reasonSchema (contracts/common) wants at least this many characters once trimmed. */
export const REASON_MIN_LENGTH = 3;

/** The Reason field's helper texts that several dialogs share, word for word. */
export const REASON_IN_MEMBER_HISTORY = "Required: kept in the member's history";
export const REASON_IN_EVENT_LOG = 'Required: shown in the event log';

/**
 * The dialog every staff command with a written reason opens: a title, what will happen, any fields of
 * the command's own (children), the Reason field, Cancel and the confirm button. Confirm stays disabled
 * until the reason has minLength characters (trimmed) and the other fields are ready, and while the
 * command is busy. The caller owns the reason and sends `reason.trim()`.
 */
export function ReasonDialog({
  open,
  id,
  title,
  text,
  error,
  children,
  reason,
  onReason,
  label = 'Reason',
  helperText,
  multiline = false,
  autoFocus = false,
  minLength = REASON_MIN_LENGTH,
  ready = true,
  busy = false,
  width,
  confirmLabel = 'Confirm',
  confirmColour,
  actionable = true,
  result,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** The title's element id: the dialog is labelled by it, so tests and screen readers find it by its title. */
  id: string;
  title: ReactNode;
  /** What will happen, said above the fields. */
  text?: ReactNode;
  /** Shown as an error alert below the text (e.g. what the dialog needed could not be loaded). */
  error?: string | null;
  /** The command's own fields or explanations, between the text and the Reason field. */
  children?: ReactNode;
  reason: string;
  onReason: (reason: string) => void;
  label?: string;
  helperText: string;
  multiline?: boolean;
  /** Focus the Reason field on open (for dialogs where it is the first thing to fill). */
  autoFocus?: boolean;
  /** Characters the trimmed reason needs before Confirm is enabled (0: the reason is optional). */
  minLength?: number;
  /** Whether the command's other fields are valid. */
  ready?: boolean;
  busy?: boolean;
  /** Full width up to this size; the dialog's own width when not given. */
  width?: 'xs' | 'sm' | 'md';
  confirmLabel?: string;
  confirmColour?: 'primary' | 'error' | 'warning';
  /** False when there is nothing to do (children say why): no Reason field and no confirm button. */
  actionable?: boolean;
  /** Once the command is done, what to show in place of the form; the only button is then Done. */
  result?: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const done = Boolean(result);
  const asking = actionable && !done;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={id} fullWidth={width !== undefined} maxWidth={width}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        {done ? (
          result
        ) : (
          <>
            {text && <DialogContentText>{text}</DialogContentText>}
            {error && <Alert severity="error">{error}</Alert>}
            {children}
            {asking && (
              <MuiTextField
                label={label}
                helperText={helperText}
                value={reason}
                onChange={(e) => onReason(e.target.value)}
                fullWidth
                multiline={multiline}
                minRows={multiline ? 3 : undefined}
                margin="dense"
                autoFocus={autoFocus}
                // The server refuses a longer reason: the field stops there instead.
                slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
              />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{done ? 'Done' : 'Cancel'}</Button>
        {asking && (
          <Button
            variant="contained"
            color={confirmColour}
            disabled={busy || !ready || reason.trim().length < minLength || reason.trim().length > REASON_MAX_LENGTH}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
