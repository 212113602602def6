import { useId } from 'react';

/** One bar: its label, its value and a note shown next to the label (e.g. "3 learners, 1 completed"). */
export interface BarChartDatum {
  key: string;
  label: string;
  value: number;
  note?: string;
}

export interface BarChartProps {
  /** The chart's title (its caption and accessible name). */
  title: string;
  data: readonly BarChartDatum[];
  /** The value of a full bar (100 for percentages). */
  max?: number;
  /** How a value is written (default: a percentage). */
  format?: (value: number) => string;
}

const WIDTH = 640;
const VALUE_SPACE = 72;
const ROW = 52;
const BAR = 18;
const BAR_TOP = 22;

const percent = (value: number) => `${value} %`;

/**
 * A horizontal bar chart in plain SVG, one row per datum: the label (and its note) above a bar on
 * a light track, the value at the bar's end. Screen readers get it as one image named by the
 * title and described by every datum in words; the figure scales with its container.
 */
export function BarChart({ title, data, max = 100, format = percent }: BarChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const track = WIDTH - VALUE_SPACE;
  const height = Math.max(1, data.length) * ROW;
  const widthOf = (value: number) => (max > 0 ? Math.max(0, Math.min(1, value / max)) * track : 0);
  return (
    <figure className="bar-chart">
      <figcaption id={titleId} className="bar-chart__title">
        {title}
      </figcaption>
      <svg role="img" aria-labelledby={titleId} aria-describedby={descId} viewBox={`0 0 ${WIDTH} ${height}`} className="bar-chart__svg" preserveAspectRatio="xMinYMin meet">
        <desc id={descId}>{data.map((datum) => `${datum.label}: ${format(datum.value)}${datum.note ? ` (${datum.note})` : ''}`).join('; ')}</desc>
        {data.map((datum, index) => (
          <g key={datum.key} transform={`translate(0 ${index * ROW})`} data-testid="bar-chart-row">
            <text x={0} y={15} className="bar-chart__label">
              {datum.label}
              {datum.note && <tspan className="bar-chart__note"> · {datum.note}</tspan>}
            </text>
            <rect x={0} y={BAR_TOP} width={track} height={BAR} rx={3} className="bar-chart__track" />
            <rect x={0} y={BAR_TOP} width={widthOf(datum.value)} height={BAR} rx={3} className="bar-chart__bar" />
            <text x={track + 8} y={BAR_TOP + 14} className="bar-chart__value">
              {format(datum.value)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
