import type { ReportDistribution } from '@shortlist/contract';

const WIDTH = 120;
const HEIGHT = 20;
const PAD = 4;

/**
 * A small box plot of the judges' values for one item, drawn by hand in SVG: whiskers at min and max,
 * the box from the first to the third quartile, a line at the median, on a 0–`max` axis.
 */
export function DistributionPlot({
  distribution,
  max,
  label,
}: {
  distribution: ReportDistribution;
  max: number;
  label: string;
}) {
  const x = (value: number) => PAD + (Math.min(Math.max(value, 0), max) / max) * (WIDTH - 2 * PAD);
  const { min, q1, median, q3 } = distribution;
  const middle = HEIGHT / 2;
  return (
    <svg width={WIDTH} height={HEIGHT} role="img" aria-label={label} data-testid="distribution-plot">
      <title>{label}</title>
      <line x1={PAD} x2={WIDTH - PAD} y1={middle} y2={middle} stroke="#f0f0f0" />
      <line x1={x(min)} x2={x(distribution.max)} y1={middle} y2={middle} stroke="#8c8c8c" />
      <line x1={x(min)} x2={x(min)} y1={middle - 4} y2={middle + 4} stroke="#8c8c8c" />
      <line
        x1={x(distribution.max)}
        x2={x(distribution.max)}
        y1={middle - 4}
        y2={middle + 4}
        stroke="#8c8c8c"
      />
      <rect
        x={x(q1)}
        y={middle - 6}
        width={Math.max(1, x(q3) - x(q1))}
        height={12}
        fill="#bae0ff"
        stroke="#1677ff"
      />
      <line x1={x(median)} x2={x(median)} y1={middle - 6} y2={middle + 6} stroke="#0958d9" strokeWidth={2} />
    </svg>
  );
}
