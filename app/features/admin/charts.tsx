import { useId, type ReactNode } from "react";

// Charts for the admin dashboard, drawn as SVG when the page is rendered on the server: no chart
// library, and nothing here is imported by a public page. Each chart is a figure with a caption, an
// SVG that names itself with a one-sentence summary (the text alternative), and its numbers as a
// table in a disclosure under it that screen readers (and anyone) can open.

/** Colours for series, in order (readable on white, distinct for common colour blindness). */
export const SERIES_COLOURS = ["#284868", "#2f7f7a", "#e0a526", "#b4532a", "#7a5aa6", "#6b7785"] as const;

export type Series = { name: string; values: ReadonlyArray<number>; colour?: string };

function ChartFigure({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  summary: string;
  table: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
      <figcaption className="text-lg font-semibold">{title}</figcaption>
      <p className="mt-1 text-sm text-slate-brand">{summary}</p>
      <div className="mt-4">{children}</div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-navy-700">Data table: {title.toLowerCase()}</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

/** A plain data table: a header row, then one row per category. */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: ReadonlyArray<string>;
  rows: ReadonlyArray<ReadonlyArray<ReactNode>>;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-mist text-xs uppercase tracking-wider text-slate-brand">
          {columns.map((c, i) => (
            <th key={c} scope="col" className={`px-2 py-1.5 font-semibold ${i > 0 ? "text-right" : ""}`}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-mist">
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="whitespace-nowrap px-2 py-1.5 font-medium">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A "nice" axis maximum (1, 2, 2.5 or 5 × 10ⁿ) at or above the largest value. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * Gridline values from 0 to `max` in whole-number steps (counts of leads have no half leads): four
 * or five steps when they come out whole, else two, else just 0 and the maximum.
 */
export function axisTicks(max: number): number[] {
  const parts = [4, 5, 2, 1].find((n) => Number.isInteger(max / n)) ?? 4;
  return Array.from({ length: parts + 1 }, (_, i) => (max / parts) * i);
}

// A narrow drawing (scaled to the box): its 12px text stays readable on a 375px phone.
const W = 420;
const H = 220;
const PAD = { top: 10, right: 6, bottom: 30, left: 52 };

const compact = new Intl.NumberFormat("en-IE", { notation: "compact", maximumFractionDigits: 1 });

/** Vertical bars, one per category, stacked by series; a legend when there is more than one series. */
export function StackedBarChart({
  title,
  summary,
  categories,
  series,
  formatValue = (n) => n.toLocaleString("en-IE"),
  formatTick = (n) => compact.format(n),
  categoryHeader,
}: {
  title: string;
  /** The text alternative: what the chart shows, in a sentence. */
  summary: string;
  /** Labels under the bars (short: "6 Oct"). */
  categories: ReadonlyArray<string>;
  series: ReadonlyArray<Series>;
  formatValue?: (n: number) => string;
  /** The axis labels (short: "€50K"). */
  formatTick?: (n: number) => string;
  /** The first column of the data table ("Week"). */
  categoryHeader: string;
}) {
  const id = useId();
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const band = plotW / Math.max(1, categories.length);
  const barW = Math.min(40, band * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = axisTicks(max);
  const colour = (s: Series, i: number) => s.colour ?? SERIES_COLOURS[i % SERIES_COLOURS.length]!;
  // Label every category when they fit, else every other one.
  const labelEvery = categories.length > 6 ? 3 : 1;

  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={
        <DataTable
          caption={title}
          columns={[categoryHeader, ...(series.length > 1 ? series.map((s) => s.name) : []), "Total"]}
          rows={categories.map((c, i) => [
            c,
            ...(series.length > 1 ? series.map((s) => formatValue(s.values[i] ?? 0)) : []),
            formatValue(totals[i]!),
          ])}
        />
      }
    >
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#dfe3e8" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="12" fill="#4a5b6d">
              {formatTick(t)}
            </text>
          </g>
        ))}
        {categories.map((c, i) => {
          const x = PAD.left + band * i + (band - barW) / 2;
          let base = 0;
          return (
            <g key={c}>
              {series.map((s, si) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                const top = y(base + v);
                const height = y(base) - top;
                base += v;
                return (
                  <rect key={s.name} x={x} y={top} width={barW} height={Math.max(height, 0.5)} fill={colour(s, si)}>
                    <title>{`${c}: ${s.name} ${formatValue(v)}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="12" fill="#4a5b6d">
                  {c}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Legend">
          {series.map((s, i) => (
            <li key={s.name} className="flex items-center gap-1.5">
              <span
                className="inline-block h-3 w-3 rounded-sm"
                style={{ background: colour(s, i) }}
                aria-hidden="true"
              />
              {s.name}
            </li>
          ))}
        </ul>
      )}
    </ChartFigure>
  );
}

/**
 * A funnel's bar lengths within `span`: to scale with the largest step, which is the first unless a
 * later one outgrows it (more leads than counted visits: visitors who ask not to be tracked still
 * send enquiries), so no bar runs past the chart.
 */
export function funnelBarWidths(values: ReadonlyArray<number>, span: number): number[] {
  const largest = Math.max(0, ...values);
  return values.map((value) => (largest > 0 ? (span * value) / largest : 0));
}

/** Horizontal bars, one per step, each with its count and share of the first step. */
export function FunnelChart({
  title,
  summary,
  steps,
}: {
  title: string;
  summary: string;
  steps: ReadonlyArray<{ label: string; value: number; note?: string }>;
}) {
  const id = useId();
  const first = steps[0]?.value ?? 0;
  const rowH = 36;
  const labelW = 84;
  const h = steps.length * rowH;
  const pct = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : "–");
  const widths = funnelBarWidths(
    steps.map((s) => s.value),
    W - labelW - 100,
  );
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={
        <DataTable
          caption={title}
          columns={["Stage", "Leads", "Of all leads", "Of previous stage"]}
          rows={steps.map((s, i) => [
            s.label,
            s.value.toLocaleString("en-IE"),
            pct(s.value, first),
            i === 0 ? "–" : pct(s.value, steps[i - 1]!.value),
          ])}
        />
      }
    >
      <svg viewBox={`0 0 ${W} ${h}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {steps.map((s, i) => {
          const width = widths[i]!;
          const yy = i * rowH;
          return (
            <g key={s.label}>
              <text x={0} y={yy + 22} fontSize="13" fill="#12263a">
                {s.label}
              </text>
              <rect
                x={labelW}
                y={yy + 7}
                width={Math.max(width, 1)}
                height={rowH - 14}
                rx={4}
                fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}
              />
              <text x={labelW + Math.max(width, 1) + 6} y={yy + 22} fontSize="12" fill="#12263a">
                {`${s.value.toLocaleString("en-IE")} (${pct(s.value, first)})`}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFigure>
  );
}

/** Headline figures: a row of tiles, each a label over its value (one description list). */
export function StatTiles({
  stats,
  className = "",
}: {
  stats: Array<[label: string, value: string]>;
  className?: string;
}) {
  return (
    <dl className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-4 ${className}`}>
      {stats.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
          <dt className="text-sm font-medium text-slate-brand">{label}</dt>
          <dd className="mt-1 text-2xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
