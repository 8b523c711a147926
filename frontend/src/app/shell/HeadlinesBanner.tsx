import { useQuery } from '@tanstack/react-query';
import { communityQueries } from '../../features/community/index.js';

/** The scrolling headlines under the header; hidden while there are none. Pauses on hover and for reduced motion. */
export function HeadlinesBanner() {
  const { data: headlines = [] } = useQuery(communityQueries.headlines());
  if (headlines.length === 0) return null;
  const line = headlines.map((headline) => headline.text).join('   •   ');
  return (
    // Styles: shell.css (.pd-headlines); the speed follows the line's length.
    <section aria-label="Headlines" className="pd-headlines">
      <div className="pd-headlines-line" style={{ animationDuration: `${Math.max(20, line.length / 4)}s` }}>
        <span>{line}</span>
        {/* The copy makes the loop seamless; screen readers hear the line once. */}
        <span aria-hidden="true">{line}</span>
      </div>
    </section>
  );
}
