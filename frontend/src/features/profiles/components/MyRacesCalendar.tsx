import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CalendarSubscribe } from '../../../components/CalendarSubscribe.js';
import { apiUrl } from '../../../lib/api/client.js';
import { profileQueries, useNewCalendarAddress } from '../api.js';

/**
 * The driver's private "my races" calendar: the events they entered, with their team's line-up. Its
 * address holds a secret token; a new address stops the old one at once (after a shared link, say).
 */
export function MyRacesCalendar() {
  const calendar = useQuery(profileQueries.calendar());
  const newAddress = useNewCalendarAddress();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const token = calendar.data?.token ?? null;

  const makeAddress = async () => {
    setBusy(true);
    try {
      await newAddress();
      setConfirming(false);
    } catch {
      // The Error dialog has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="my-races-calendar-title">
      <Typography id="my-races-calendar-title" variant="h6" component="h2" gutterBottom>
        My races calendar
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        The races of the events you joined, with your team&apos;s line-up, in your own calendar app. Keep the address private: anyone who has it sees your races.
      </Typography>
      {calendar.isPending ? (
        <Skeleton variant="rounded" height={40} aria-label="Loading your calendar address" />
      ) : calendar.error ? (
        <Typography color="error">Your calendar address could not be loaded.</Typography>
      ) : token === null ? (
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void makeAddress()}>
          Create my calendar address
        </Button>
      ) : (
        <>
          <CalendarSubscribe path={apiUrl('GET /calendar/drivers/:token.ics', { params: { token } })} what="your races" />
          {confirming ? (
            <Typography component="div" variant="body2" sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              The current address will stop working.
              <Button size="small" color="error" variant="outlined" disabled={busy} onClick={() => void makeAddress()}>
                Replace it
              </Button>
              <Button size="small" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </Typography>
          ) : (
            <Button size="small" sx={{ mt: 1 }} onClick={() => setConfirming(true)}>
              New address
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
