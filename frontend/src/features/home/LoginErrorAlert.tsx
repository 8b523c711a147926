import { Alert } from '../../components/ui/index.js';
import './home.css';

/** SPEC §2: shown on Home when sign-in came back with ?authFailed. */
export function LoginErrorAlert() {
  return (
    <Alert severity="error" className="pd-home-alert" title={<h2 className="pd-home-alert-heading">Login error</h2>}>
      We could not sign you in. Please check that:
      <ul className="pd-home-alert-list">
        <li>your Discord account is verified;</li>
        <li>you sign in with the same Discord identity you used when joining our community server;</li>
        <li>you have joined our server first, using the Join / register buttons on this site.</li>
      </ul>
    </Alert>
  );
}
