import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useLogin, useNotify } from 'react-admin';
import { EnrolStep, RecoveryCodes, VerifyStep } from './SecondStep';
import { SecondStepRequired, type Confirmed, type SecondStep } from './twoFactor';

/** Staff sign-in: email and password (react-admin's default form asks for a "username"). */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  // After the password: the second factor, or its enrolment and then the recovery codes.
  const [step, setStep] = useState<SecondStep | null>(null);
  const [enrolled, setEnrolled] = useState<Confirmed | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      await login({ email, password });
    } catch (error) {
      if (error instanceof SecondStepRequired) setStep(error.step);
      else notify(error instanceof Error ? error.message : 'Sign-in failed. Try again.', { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 400, maxWidth: 'calc(100vw - 24px)' }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            ROAR+ staff sign-in
          </Typography>
          {enrolled ? (
            <RecoveryCodes done={enrolled} />
          ) : step?.two_factor === 'enrol' ? (
            <EnrolStep step={step} onEnrolled={setEnrolled} onBack={() => setStep(null)} />
          ) : step ? (
            <VerifyStep step={step} onBack={() => setStep(null)} />
          ) : (
            <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button type="submit" variant="contained" disabled={loading} startIcon={loading ? <CircularProgress size={16} /> : null}>
                Sign in
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
