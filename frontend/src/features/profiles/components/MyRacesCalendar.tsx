import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarSubscribe } from '../../../components/CalendarSubscribe.js';
import { Button, Paper, Skeleton, Text } from '../../../components/ui/index.js';
import { apiUrl } from '../../../lib/api/client.js';
import { profileQueries, useNewCalendarAddress } from '../api.js';
import './profile.css';

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
    <Paper as="section" className="pd-profile-part" aria-labelledby="my-races-calendar-title">
      <Text id="my-races-calendar-title" variant="h6" as="h2" gutterBottom>
        My races calendar
      </Text>
      <Text variant="body2" tone="secondary" gutterBottom>
        The races of the events you joined, with your team&apos;s line-up, in your own calendar app. Keep the address private: anyone who has it sees your races.
      </Text>
      {calendar.isPending ? (
        <span role="progressbar" aria-label="Loading your calendar address" className="pd-profile-calendar-loading">
          <Skeleton variant="rounded" height={40} />
        </span>
      ) : calendar.error ? (
        <Text tone="error">Your calendar address could not be loaded.</Text>
      ) : token === null ? (
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void makeAddress()}>
          Create my calendar address
        </Button>
      ) : (
        <>
          <CalendarSubscribe path={apiUrl('GET /calendar/drivers/:token.ics', { params: { token } })} what="your races" />
          {confirming ? (
            <Text as="div" variant="body2" className="pd-profile-calendar-confirm">
              The current address will stop working.
              <Button size="small" color="error" variant="outlined" disabled={busy} onClick={() => void makeAddress()}>
                Replace it
              </Button>
              <Button size="small" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </Text>
          ) : (
            <Button size="small" className="pd-profile-calendar-new" onClick={() => setConfirming(true)}>
              New address
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
