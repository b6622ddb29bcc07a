import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';
import { REASON_IN_MEMBER_HISTORY, REASON_MIN_LENGTH, ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';

interface SupportActionButtonProps {
  /** Button and dialog title, e.g. 'Suspend'. */
  readonly label: string;
  /** Path under the member, e.g. '/suspend'. */
  readonly action: string;
  /** What the action does, said in the dialog before staff confirm. */
  readonly explain: string;
  /** The body field the text goes in: a reason (3+ characters) or a note. */
  readonly field?: 'reason' | 'note';
  readonly done: string;
  readonly colour?: 'primary' | 'error';
}

/**
 * One member-support command (issue 14) behind a dialog that asks for the reason (or the note).
 * The server records it on the member's stream with the staff user as actor; auditors do not see
 * the button (the API refuses them too).
 */
export function SupportActionButton({ label, action, explain, field = 'reason', done, colour = 'primary' }: SupportActionButtonProps) {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const { busy, run } = useStaffCommand();
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const id = `support-${action.replace(/\W/g, '')}-title`;
  const submit = () =>
    run(async () => {
      await postAction(`/members/${encodeURIComponent(String(record.id))}${action}`, { [field]: value.trim() });
      notify(done, { type: 'info' });
      setOpen(false);
      setValue('');
      refresh();
    }, `${label} failed`);
  return (
    <>
      <Button variant="outlined" color={colour} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ReasonDialog
        open={open}
        id={id}
        title={label}
        text={explain}
        label={field === 'reason' ? 'Reason' : 'Note'}
        helperText={field === 'reason' ? REASON_IN_MEMBER_HISTORY : "Kept in the member's history; the member never sees it"}
        multiline={field === 'note'}
        minLength={field === 'reason' ? REASON_MIN_LENGTH : 1}
        reason={value}
        onReason={setValue}
        busy={busy}
        width="sm"
        confirmColour={colour}
        onCancel={() => setOpen(false)}
        onConfirm={() => void submit()}
      />
    </>
  );
}

/** Suspend or reinstate, whichever the member's status calls for. */
export function SuspensionButton() {
  const record = useRecordContext();
  if (!record) return null;
  return record.status === 'suspended' ? (
    <SupportActionButton label="Reinstate" action="/reinstate" explain="The member may sign in and enter draws again." done="Member reinstated" />
  ) : (
    <SupportActionButton
      label="Suspend"
      action="/suspend"
      colour="error"
      explain="The member is signed out everywhere, cannot sign in or refresh a session, and has no entries in draws that close while suspended."
      done="Member suspended"
    />
  );
}
