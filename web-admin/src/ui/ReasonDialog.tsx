import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';

/** The dialog every staff command with a reason opens: a Reason field (focused, ready to type), Cancel and Confirm. */
export function ReasonDialog({
  open,
  id,
  title,
  helperText,
  reason,
  onReason,
  canConfirm,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  id: string;
  title: string;
  helperText: string;
  reason: string;
  onReason: (reason: string) => void;
  canConfirm: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <MuiTextField
          label="Reason"
          helperText={helperText}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          fullWidth
          margin="dense"
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!canConfirm} onClick={onConfirm}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
