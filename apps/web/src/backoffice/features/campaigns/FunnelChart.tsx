import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line of the chart: its name in the reader's language and a value per day. */
export type FunnelSeries = { label: string; values: readonly number[] };

/** Colours told apart without colour too: each line has its own dash and point shape size. */
const LINES = [
  { stroke: '#1f5fbf', dash: undefined, width: 2 },
  { stroke: '#b3261e', dash: [6, 4], width: 2 },
  { stroke: '#1b7f3b', dash: [2, 3], width: 2.5 },
  { stroke: '#6b3fa0', dash: [10, 3, 2, 3], width: 2 },
] as const;

/**
 * The funnel drawn by uPlot (docs/decisions/183): one line per figure over the days, the days as
 * the axis' labels. The canvas is hidden from screen readers; the table beside it carries every
 * figure, and the figure's caption says so.
 */
export default function FunnelChart({ days, series, dayLabel }: { days: readonly string[]; series: readonly FunnelSeries[]; dayLabel: (day: string) => string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const labels = days.map(dayLabel);
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: 280,
      padding: [12, 28, 0, 0],
      scales: { x: { time: false } },
      axes: [
        { space: 70, incrs: [1, 2, 5, 7, 14, 30], values: (_plot, splits) => splits.map((split) => labels[split] ?? '') },
        { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000, 10_000] },
      ],
      legend: { live: false },
      cursor: { show: false },
      series: [{}, ...series.map((line, index) => ({ label: line.label, ...LINES[index % LINES.length], points: { size: 6 } }))],
    };
    const data: uPlot.AlignedData = [days.map((_day, index) => index), ...series.map((line) => [...line.values])];
    const plot = new uPlot(options, data, element);
    const resize = () => plot.setSize({ width: Math.max(320, element.clientWidth), height: 280 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [days, series, dayLabel]);
  return <div ref={box} className="bo-chart" aria-hidden="true" data-chart="" />;
}
