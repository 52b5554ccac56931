import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_INK, SERIES_COLOURS, SERIES_DASHES, useDarkTheme } from './use-dark-theme.ts';

export interface ChartSeries {
  label: string;
  /** One value per x; null where there is none (a gap, not a zero). */
  values: Array<number | null>;
  /** The y scale it is drawn on ('y' unless said); a second scale gets an axis on the right. */
  scale?: string;
  format?: (value: number) => string;
}

export interface TimeSeriesChartProps {
  title: string;
  /** Unix seconds, ascending. */
  x: number[];
  series: ChartSeries[];
  /** How an x is written in the readout and the table ("12 Mar 2031", "14:20"). */
  formatX: (seconds: number) => string;
  /** Axis ticks: UTC days (a day series) or local times (a launch day). */
  utc?: boolean;
  /** Scales drawn upside down (a rank: 1 at the top). */
  invertedScales?: string[];
  /** Integer ticks only on these scales (counts, ranks). */
  integerScales?: string[];
  height?: number;
}

const formatNumber = (v: number) => v.toLocaleString();
const NONE: string[] = [];

/**
 * A time series drawn by uPlot, with what a canvas cannot give by itself: a readout of the day under
 * the pointer (or the last one), the same readout moved by the arrow keys, Home and End once the
 * chart has focus, and a visually hidden table of every value for screen readers.
 */
export function TimeSeriesChart({ title, x, series, formatX, utc = false, invertedScales = NONE, integerScales = NONE, height = 220 }: TimeSeriesChartProps) {
  const dark = useDarkTheme();
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [idx, setIdx] = useState<number | null>(null);
  const readoutId = useId();
  const hintId = useId();
  const last = x.length - 1;
  const shown = idx ?? (last >= 0 ? last : null);

  const data = useMemo(() => [x, ...series.map((s) => s.values)] as uPlot.AlignedData, [x, series]);

  const inverted = invertedScales.join(' ');
  const integers = integerScales.join(' ');
  useEffect(() => {
    const el = holder.current;
    const invertedScales = inverted.split(' ');
    const integerScales = integers.split(' ');
    if (!el) return;
    const theme = dark ? 'dark' : 'light';
    const ink = CHART_INK[theme];
    const scales = [...new Set(series.map((s) => s.scale ?? 'y'))];
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height,
      legend: { show: false },
      ...(utc ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC') } : {}),
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      scales: Object.fromEntries(
        scales.map((key) => [key, { ...(invertedScales.includes(key) ? { dir: -1 as const } : {}), range: (_u: uPlot, min: number, max: number) => scaleRange(min, max, invertedScales.includes(key)) }]),
      ),
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          scale: s.scale ?? 'y',
          stroke: SERIES_COLOURS[theme][i % 3],
          width: 2,
          dash: SERIES_DASHES[i % 3],
          points: { show: x.length <= 60 },
          spanGaps: false,
        })),
      ],
      axes: [
        { stroke: ink.text, grid: { stroke: ink.grid, width: 1 }, ticks: { stroke: ink.grid, width: 1 } },
        ...scales.map((key, i) => ({
          scale: key,
          side: i === 0 ? 3 : 1,
          stroke: ink.text,
          grid: { show: i === 0, stroke: ink.grid, width: 1 },
          ticks: { stroke: ink.grid, width: 1 },
          size: 48,
          ...(integerScales.includes(key) ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000] } : {}),
          values: (_u: uPlot, ticks: number[]) => ticks.map((t) => compact(t)),
        })) as uPlot.Axis[],
      ],
      hooks: {
        setCursor: [(u) => setIdx(u.cursor.idx ?? null)],
      },
    };
    const u = new uPlot(opts, data, el);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(el.clientWidth, 200), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
    // Drawn again for new data (the caller memoizes it) or a new theme (the canvas's colours).
  }, [data, dark, height, utc, series, x.length, inverted, integers]);

  function moveTo(next: number) {
    const u = plot.current;
    if (!u || last < 0) return;
    const i = Math.min(Math.max(next, 0), last);
    const first = series.findIndex((s) => s.values[i] != null);
    const s = series[first >= 0 ? first : 0]!;
    const value = s.values[i] ?? 0;
    u.setCursor({ left: u.valToPos(x[i]!, 'x'), top: u.valToPos(value, s.scale ?? 'y') });
    setIdx(i);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const from = idx ?? last;
    const step = e.shiftKey ? 7 : 1;
    const moves: Record<string, number> = { ArrowLeft: from - step, ArrowRight: from + step, Home: 0, End: last };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    moveTo(next);
  }

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <svg width="18" height="6" aria-hidden="true">
              <line x1="0" y1="3" x2="18" y2="3" stroke={SERIES_COLOURS[dark ? 'dark' : 'light'][i % 3]} strokeWidth="2.5" strokeDasharray={SERIES_DASHES[i % 3]?.join(' ')} />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <p id={readoutId} className="min-h-5 text-sm tabular-nums" aria-live="polite" data-testid="chart-readout">
        {shown === null ? (
          'No data yet'
        ) : (
          <>
            <span className="font-medium">{formatX(x[shown]!)}</span>
            {series.map((s) => (
              <span key={s.label} className="text-muted-foreground">
                {' · '}
                {s.label} <span className="font-medium text-foreground">{s.values[shown] == null ? '–' : (s.format ?? formatNumber)(s.values[shown]!)}</span>
              </span>
            ))}
          </>
        )}
      </p>
      <div
        ref={holder}
        tabIndex={0}
        role="group"
        aria-roledescription="chart"
        aria-label={title}
        aria-describedby={`${hintId} ${readoutId}`}
        onKeyDown={onKeyDown}
        onBlur={() => plot.current?.setCursor({ left: -10, top: -10 })}
        className="w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      />
      <p id={hintId} className="sr-only">Use the left and right arrow keys to move between points; Home and End go to the first and last.</p>
      {/* In a div: a table ignores the height sr-only sets, and would stretch the page below it. */}
      <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{utc ? 'Day' : 'Time'}</th>
            {series.map((s) => <th key={s.label} scope="col">{s.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {x.map((t, i) => (
            <tr key={t}>
              <th scope="row">{formatX(t)}</th>
              {series.map((s) => <td key={s.label}>{s.values[i] == null ? '–' : (s.format ?? formatNumber)(s.values[i]!)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}

/** 0 at the bottom and a little room on top; a rank starts at 1. */
function scaleRange(min: number, max: number, inverted: boolean): [number, number] {
  if (inverted) return [1, Math.max(max + 0.5, 3)];
  const top = max > 0 ? max * 1.1 : 4;
  return [Math.min(0, min), top];
}

/** Axis labels: 1.2k rather than 1200. */
function compact(n: number): string {
  if (Math.abs(n) >= 1000) return `${(n / 1000).toFixed(n % 1000 === 0 ? 0 : 1)}k`;
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
