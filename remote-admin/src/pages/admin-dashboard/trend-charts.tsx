import { makeStyles, tokens } from '@fluentui/react-components';
import { DataVizPalette, getColorFromToken, VerticalStackedBarChart } from '@fluentui/react-charts';
import { themeAtom, useAtomValue } from '@hub/shared';
import type { AdminTrends } from '@hub/shared';
import { monthLabel, weekLabel } from './trend-texts';

/**
 * The dashboard's two charts, in their own chunk (key-figures.tsx loads this file lazily): the
 * chart library and its d3 modules are fetched with this screen only, after the figures show.
 * Fluent's charts label each bar for screen readers; the same numbers are also in a table under
 * each chart (key-figures.tsx), readable without pointing at bars one by one.
 * Both are the stacked bar chart, the weekly sign-ups as a stack of one: a second chart kind
 * (VerticalBarChart) would add its own component, styles and helpers to the chunk, about 4 KB gzip
 * of issue 12's /admin-dashboard budget, for bars that look the same.
 */

const useStyles = makeStyles({
  chart: { width: '100%', minWidth: 0, color: tokens.colorNeutralForeground1 },
});

export interface TrendChartsProps {
  trends: AdminTrends;
  /** Which chart: sign-ups per week, or attendances per month. */
  chart: 'sign-ups' | 'attendances';
}

export default function TrendChart({ trends, chart }: TrendChartsProps) {
  const styles = useStyles();
  // Palette tokens resolved to colours for the site's theme (SVG attributes cannot take CSS variables).
  const dark = useAtomValue(themeAtom) === 'dark';
  const first = getColorFromToken(DataVizPalette.color1, dark);
  const second = getColorFromToken(DataVizPalette.color2, dark);
  return (
    <div className={styles.chart} data-testid={`chart-${chart}`}>
      {chart === 'sign-ups' ? (
        <VerticalStackedBarChart
          chartTitle="New sign-ups per week"
          data={trends.signUpsPerWeek.map((w) => ({
            xAxisPoint: weekLabel(w.start),
            chartData: [
              { legend: 'Sign-ups', data: w.count, color: first, xAxisCalloutData: `Week of ${weekLabel(w.start)}` },
            ],
          }))}
          height={240}
          hideLegend
          wrapXAxisLables
        />
      ) : (
        <VerticalStackedBarChart
          chartTitle="Attendances per month"
          data={trends.attendancesPerMonth.map((m) => ({
            xAxisPoint: monthLabel(m.start),
            // One colour per legend, the same in every month.
            chartData: [
              { legend: 'Checked in', data: m.checkedIn, color: first },
              {
                legend: 'Not checked in',
                data: Math.max(0, m.attendances - m.checkedIn),
                color: second,
              },
            ],
          }))}
          height={260}
          wrapXAxisLables
        />
      )}
    </div>
  );
}
