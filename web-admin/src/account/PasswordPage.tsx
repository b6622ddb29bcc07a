import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { session } from '../auth/session';
import { firstErrorMessage } from '../httpErrors';

/**
 * A staff member changes their own password (issue 19). The server checks the policy and says why
 * it refuses one; the change signs this account out everywhere else, this browser staying in.
 */
export function PasswordPage() {
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password !== confirm) return setError('The new passwords do not match.');
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/api/admin/auth/password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${session.token() ?? ''}` },
        body: JSON.stringify({ current_password: current, password }),
      });
      if (!response.ok) return setError(firstErrorMessage(await response.json().catch(() => null)) ?? 'Could not change your password. Try again.');
      setCurrent('');
      setPassword('');
      setConfirm('');
      notify('Your password has been changed. Your other sessions have ended.', { type: 'success' });
    } catch {
      setError('Could not change your password. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 520 }}>
      <Title title="Change password" />
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Change your password
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          At least 8 characters; a few unrelated words make a strong one. Not a common password, and not built from your name or email.
        </Typography>
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {/* Tells a password manager whose password this is. */}
          <input type="text" name="username" autoComplete="username" value={session.user()?.email ?? ''} readOnly hidden />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} /> : null}
            sx={{ alignSelf: 'flex-start' }}
          >
            Change password
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
