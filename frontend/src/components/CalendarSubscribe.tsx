import { useState } from 'react';
import { Button, ButtonAnchor, Text } from './ui/index.js';

/** The feed's full address (https or http, as the site), and the same as webcal:// for calendar apps. */
export function feedAddresses(path: string, origin = window.location.origin): { url: string; webcal: string } {
  const url = new URL(path, origin).href;
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
}

type Copied = 'idle' | 'copied' | 'failed';

/**
 * Subscribe buttons for a calendar feed (`path`, from `apiUrl`): open it in the calendar app
 * (webcal://), the plain address, and a copy of the address for apps that ask for one. `what` names
 * the feed for screen readers ("all league races").
 */
export function CalendarSubscribe({ path, what }: { path: string; what: string }) {
  const { url, webcal } = feedAddresses(path);
  const [copied, setCopied] = useState<Copied>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div data-testid="calendar-subscribe">
      <div className="pd-row">
        <ButtonAnchor href={webcal} variant="outlined" size="small" aria-label={`Subscribe to ${what} in your calendar`}>
          Subscribe
        </ButtonAnchor>
        <Button size="small" onClick={() => void copy()} aria-label={`Copy address of the calendar of ${what}`}>
          Copy address
        </Button>
        <Text as="span" variant="body2">
          <a href={url} aria-label={`.ics file of ${what}`}>
            .ics
          </a>
        </Text>
      </div>
      <Text variant="caption" tone="secondary" as="p" role="status">
        {copied === 'copied' ? 'Address copied: paste it into your calendar app.' : copied === 'failed' ? `Copy this address: ${url}` : null}
        {copied === 'idle' && 'Times are in UTC: your calendar shows them in your own time zone.'}
      </Text>
    </div>
  );
}
