import { Button, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';
import { REASON_IN_MEMBER_HISTORY, ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';

const FIELDS = [
  { key: 'firstname', label: 'First name' },
  { key: 'lastname', label: 'Last name' },
  { key: 'mobile', label: 'Mobile' },
  { key: 'address', label: 'Address' },
] as const;

type Draft = Record<'email' | 'firstname' | 'lastname' | 'mobile' | 'address', string>;

const draftOf = (record: Record<string, unknown>): Draft => ({
  email: String(record.email ?? ''),
  firstname: String(record.firstname ?? ''),
  lastname: String(record.lastname ?? ''),
  mobile: String(record.mobile ?? ''),
  address: String(record.address ?? ''),
});

/**
 * Staff edit the member's details and sign-in email (issue 14) with one reason. The profile goes
 * to PUT /profile and the email to PUT /email (reserved first: 409 when another account holds it);
 * each is a command in the member's history. Auditors do not see the button.
 */
export function EditContactButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [reason, setReason] = useState('');
  const { busy, run } = useStaffCommand();
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const before = draftOf(record);
  const base = `/members/${encodeURIComponent(String(record.id))}`;
  const close = () => {
    setDraft(null);
    setReason('');
  };
  const submit = (d: Draft) =>
    run(async () => {
      const changes = Object.fromEntries(
        (['firstname', 'lastname', 'mobile', 'address'] as const)
          .filter((k) => d[k].trim() !== before[k])
          .map((k) => [k, d[k].trim() === '' && k !== 'firstname' && k !== 'lastname' ? null : d[k].trim()]),
      );
      if (Object.keys(changes).length > 0) await postAction(`${base}/profile`, { ...changes, reason: reason.trim() }, 'PUT');
      if (d.email.trim().toLowerCase() !== before.email.toLowerCase())
        await postAction(`${base}/email`, { email: d.email.trim(), reason: reason.trim() }, 'PUT');
      notify('Member details saved', { type: 'info' });
      close();
      refresh();
    }, 'Saving the member details failed');
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => (d ? { ...d, [key]: e.target.value } : d));
  return (
    <>
      <Button variant="outlined" onClick={() => setDraft(before)}>
        Edit details
      </Button>
      <ReasonDialog
        open={draft !== null}
        id="support-edit-details-title"
        title="Edit details"
        text={draft && "A new email becomes the member's sign-in address; it must not belong to another account."}
        helperText={REASON_IN_MEMBER_HISTORY}
        reason={reason}
        onReason={setReason}
        ready={draft !== null && draft.firstname.trim() !== '' && draft.lastname.trim() !== ''}
        busy={busy}
        width="sm"
        confirmLabel="Save"
        onCancel={close}
        onConfirm={() => draft && void submit(draft)}
      >
        {draft && (
          <>
            <MuiTextField label="Email" type="email" value={draft.email} onChange={set('email')} fullWidth margin="dense" />
            {FIELDS.map((f) => (
              <MuiTextField key={f.key} label={f.label} value={draft[f.key]} onChange={set(f.key)} fullWidth margin="dense" />
            ))}
          </>
        )}
      </ReasonDialog>
    </>
  );
}
