import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** SPEC §2: shown on Home when sign-in came back with ?authFailed. */
export function LoginErrorAlert() {
  return (
    <Alert severity="error" sx={{ mb: 3 }}>
      <AlertTitle component="h2">Login error</AlertTitle>
      We could not sign you in. Please check that:
      <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
        <li>your Discord account is verified;</li>
        <li>you sign in with the same Discord identity you used when joining our community server;</li>
        <li>you have joined our server first, using the Join / register buttons on this site.</li>
      </ul>
    </Alert>
  );
}
