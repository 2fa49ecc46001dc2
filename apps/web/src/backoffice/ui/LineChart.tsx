import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line (or set of bars) of a chart: its name in the reader's language and a value per point, null where it has none. */
export type ChartSeries = { label: string; values: readonly (number | null)[] };

/** Colours told apart without colour too: each line has its own dash. */
const LINES: readonly { stroke: string; dash: number[] | undefined; width: number }[] = [
  { stroke: '#1f5fbf', dash: undefined, width: 2 },
  { stroke: '#b3261e', dash: [6, 4], width: 2 },
  { stroke: '#1b7f3b', dash: [2, 3], width: 2.5 },
  { stroke: '#6b3fa0', dash: [10, 3, 2, 3], width: 2 },
  { stroke: '#8a5a00', dash: [1, 2], width: 2.5 },
  { stroke: '#00696f', dash: [12, 4], width: 2 },
];

const HEIGHT = 280;
/** Steps between labelled points: days of a month, say. A constant, so the chart is drawn again only when its figures change. */
const X_STEPS = [1, 2, 5, 7, 14, 30] as const;

/**
 * A chart drawn by uPlot, loaded only by the screens that show one (docs/decisions/183, 247): one
 * line per series over the points named by `labels` (or one series as bars), the values written on
 * the axis by `value`. The canvas is hidden from screen readers; the table beside each chart carries
 * every figure, and the chart's caption says so.
 */
export default function LineChart({
  labels,
  series,
  value = String,
  bars = false,
  xIncrs = X_STEPS,
  yIncrs,
  yTop,
}: {
  labels: readonly string[];
  series: readonly ChartSeries[];
  value?: (value: number) => string;
  bars?: boolean;
  xIncrs?: readonly number[];
  /** The value axis' steps, when only some make sense (whole counts). */
  yIncrs?: readonly number[];
  /** The value axis reaches at least this high from zero, so a chart of zeros or small shares is not drawn at a misleading scale. */
  yTop?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: HEIGHT,
      padding: [12, 28, 0, 0],
      scales: { x: { time: false, ...(bars ? { range: (_plot, min, max) => [min - 0.5, max + 0.5] as uPlot.Range.MinMax } : {}) }, ...(yTop === undefined ? {} : { y: { range: (_plot, _min, max): uPlot.Range.MinMax => [0, Math.max(max * 1.1, yTop)] } }) },
      axes: [
        { space: 70, incrs: [...xIncrs], values: (_plot, splits) => splits.map((split) => (Number.isInteger(split) ? (labels[split] ?? '') : '')) },
        { size: 70, ...(yIncrs ? { incrs: [...yIncrs] } : {}), values: (_plot, splits) => splits.map(value) },
      ],
      legend: { live: false },
      cursor: { show: false },
      series: [
        {},
        ...series.map((line, index) => {
          const style = LINES[index % LINES.length] ?? { stroke: '#1f5fbf', dash: undefined, width: 2 };
          return bars
            ? { label: line.label, stroke: style.stroke, fill: `${style.stroke}99`, width: 1, paths: uPlot.paths.bars?.({ size: [0.5, 80] }), points: { show: false } }
            : { label: line.label, ...style, points: { size: 6 } };
        }),
      ],
    };
    const data: uPlot.AlignedData = [labels.map((_label, index) => index), ...series.map((line) => [...line.values])];
    const plot = new uPlot(options, data, element);
    const resize = () => plot.setSize({ width: Math.max(320, element.clientWidth), height: HEIGHT });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [labels, series, value, bars, xIncrs, yIncrs, yTop]);
  return <div ref={box} className="bo-chart" aria-hidden="true" data-chart="" />;
}
