import { Paper, Text } from '../../../components/ui/index.js';
import { pointsSystemSummary } from '../labels.js';
import type { PointsSystem } from '../types.js';
import './competitions.css';

/** How a season scores, in short lines: the tables, bonuses, minimum distance, drops, no-shows, DNFs and teams. */
export function PointsSystemPanel({ pointsSystem, rules }: { pointsSystem: PointsSystem; rules: string | null }) {
  return (
    <Paper as="section" aria-labelledby="points-title" className="pd-competitions-panel">
      <Text id="points-title" variant="h6" as="h2" gutterBottom>
        How points are scored
      </Text>
      <dl className="pd-competitions-points-list">
        {pointsSystemSummary(pointsSystem).map(({ label, text }) => (
          <div key={label} className="pd-competitions-points-entry">
            <Text as="dt" variant="body2" className="pd-competitions-strong">
              {label}
            </Text>
            <Text as="dd" variant="body2" className="pd-competitions-points-text">
              {text}
            </Text>
          </div>
        ))}
      </dl>
      {rules && (
        <Text variant="body2" className="pd-competitions-rules">
          {rules}
        </Text>
      )}
    </Paper>
  );
}
