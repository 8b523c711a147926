import { useRef, useState, type ReactElement } from 'react';
import { showTime } from '../../../components/dateTime.js';
import { Button, Dialog } from '../../../components/ui/index.js';
import { ApiError } from '../../../lib/api/client.js';

/** The server's refusal of results for a race that has not started: a 409 while the round's start is still ahead. */
export function refusedAsFuture(error: unknown, startsAt: string, now = Date.now()): boolean {
  return error instanceof ApiError && error.status === 409 && new Date(startsAt).getTime() > now;
}

export interface FutureRaceConfirmation {
  /**
   * Sends a results save (`send(false)`); when the server refuses it because the race has not started,
   * asks the organizer and, on yes, sends it again confirmed (`send(true)`). Null when they said no.
   */
  saveConfirmed<T>(send: (confirmFuture: boolean) => Promise<T>): Promise<T | null>;
  /** The question, rendered where the hook's user renders it. */
  dialog: ReactElement;
}

/** Results for a round that starts at `startsAt` (UTC, ISO 8601): saved early only once the organizer says so. */
export function useFutureRaceConfirmation(startsAt: string): FutureRaceConfirmation {
  const [asking, setAsking] = useState(false);
  const answer = useRef<(yes: boolean) => void>(() => undefined);
  const reply = (yes: boolean) => {
    setAsking(false);
    answer.current(yes);
  };

  const saveConfirmed = async <T,>(send: (confirmFuture: boolean) => Promise<T>): Promise<T | null> => {
    try {
      return await send(false);
    } catch (error) {
      if (!refusedAsFuture(error, startsAt)) throw error;
    }
    const yes = await new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsking(true);
    });
    return yes ? send(true) : null;
  };

  const dialog = (
    <Dialog
      open={asking}
      onClose={() => reply(false)}
      title="This race has not started yet"
      description={`This race starts ${showTime(startsAt).dateTime}. Save results anyway?`}
      actions={
        <>
          <Button onClick={() => reply(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => reply(true)}>
            Save anyway
          </Button>
        </>
      }
    />
  );
  return { saveConfirmed, dialog };
}
