import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, List, ListItem, TextField, Typography } from '@mui/material';
import { useLogin, useNotify } from 'react-admin';
import { confirmEnrolment, startEnrolment, type Confirmed, type Enrolment, type SecondStep } from './twoFactor';

const codeField = {
  label: 'Authentication code',
  autoComplete: 'one-time-code',
  required: true,
  slotProps: { htmlInput: { inputMode: 'numeric' as const, pattern: '[0-9]{6}', maxLength: 6 } },
};

/** The six digits of the authenticator app, or (for a lost phone) a one-time recovery code. */
export function VerifyStep({ step, onBack }: { step: SecondStep; onBack: () => void }) {
  const login = useLogin();
  const notify = useNotify();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [loading, setLoading] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      await login(useRecovery ? { challenge: step.challenge, recovery_code: value.trim() } : { challenge: step.challenge, code: value.trim() });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Sign-in failed. Try again.', { type: 'error' });
      setLoading(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h2" variant="h6">
        Two-factor sign-in
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {useRecovery
          ? 'Type one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : `Open your authenticator app and type the six-digit code for ${step.user.email}.`}
      </Typography>
      {useRecovery ? (
        <TextField label="Recovery code" autoComplete="off" required value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
      ) : (
        <TextField {...codeField} value={value} onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))} autoFocus />
      )}
      <Button type="submit" variant="contained" disabled={loading} startIcon={loading ? <CircularProgress size={16} /> : null}>
        Verify
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
          }}
        >
          {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Link>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          Start again
        </Link>
      </Box>
    </Box>
  );
}

/**
 * First sign-in of a role that requires a second factor: the QR code to scan (and the key to type
 * where a camera is missing), then the first code, which confirms it. Nothing else opens before.
 */
export function EnrolStep({ step, onEnrolled, onBack }: { step: SecondStep; onEnrolled: (done: Confirmed) => void; onBack: () => void }) {
  const notify = useNotify();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    startEnrolment(step.challenge).then(
      (e) => live && setEnrolment(e),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : 'Two-factor set-up could not start.'),
    );
    return () => {
      live = false;
    };
  }, [step.challenge]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      onEnrolled(await confirmEnrolment(step.challenge, code.trim()));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'That code is not right.', { type: 'error' });
      setLoading(false);
    }
  };
  if (failed) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="error">{failed}</Alert>
        <Button onClick={onBack}>Sign in again</Button>
      </Box>
    );
  }
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h2" variant="h6">
        Set up two-factor sign-in
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Staff with your role sign in with a code from an authenticator app as well as the password. Scan this QR code with the app (Google
        Authenticator, Microsoft Authenticator, 1Password), then type the six-digit code it shows.
      </Typography>
      {enrolment ? (
        <>
          <Box
            component="img"
            src={enrolment.qr}
            alt="QR code to scan with your authenticator app"
            sx={{ width: 200, height: 200, alignSelf: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
          <Typography variant="body2">
            Cannot scan it? Type this key into the app:{' '}
            <Box component="code" aria-label="Set-up key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', bgcolor: 'grey.100', px: 0.5 }}>
              {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Box>
          </Typography>
        </>
      ) : (
        <CircularProgress sx={{ alignSelf: 'center' }} aria-label="Preparing the QR code" />
      )}
      <TextField {...codeField} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} disabled={!enrolment} />
      <Button type="submit" variant="contained" disabled={loading || !enrolment} startIcon={loading ? <CircularProgress size={16} /> : null}>
        Confirm
      </Button>
    </Box>
  );
}

/** The ten recovery codes, shown once, before the console opens. */
export function RecoveryCodes({ done }: { done: Confirmed }) {
  const login = useLogin();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const open = async () => {
    try {
      await login({ token: done.token, user: done.user });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Sign-in failed. Try again.', { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h2" variant="h6">
        Save your recovery codes
      </Typography>
      <Alert severity="success">Two-factor sign-in is set up.</Alert>
      <Typography variant="body2" color="text.secondary">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, away from your phone: they are not shown again.
      </Typography>
      <List dense aria-label="Recovery codes" sx={{ columns: 2, fontFamily: 'monospace', bgcolor: 'grey.100', borderRadius: 1 }}>
        {done.recovery_codes.map((c) => (
          <ListItem key={c} sx={{ py: 0.25 }}>
            {c}
          </ListItem>
        ))}
      </List>
      <Button
        variant="outlined"
        onClick={() => {
          void navigator.clipboard?.writeText(done.recovery_codes.join('\n')).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? 'Copied' : 'Copy the codes'}
      </Button>
      <Button variant="contained" onClick={() => void open()}>
        Continue to the console
      </Button>
    </Box>
  );
}
