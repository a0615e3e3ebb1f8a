import { makeStyles, tokens } from '@fluentui/react-components';
import { DataVizPalette, VerticalBarChart, VerticalStackedBarChart } from '@fluentui/react-charts';
import type { AdminTrends } from '@hub/shared';
import { monthLabel, weekLabel } from './trend-texts';

/**
 * The dashboard's two charts, in their own chunk (key-figures.tsx loads this file lazily): the
 * chart library and its d3 modules are fetched with this screen only, after the figures show.
 * Fluent's charts label each bar for screen readers; the same numbers are also in a table under
 * each chart (key-figures.tsx), readable without pointing at bars one by one.
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
  return (
    <div className={styles.chart} data-testid={`chart-${chart}`}>
      {chart === 'sign-ups' ? (
        <VerticalBarChart
          chartTitle="New sign-ups per week"
          data={trends.signUpsPerWeek.map((w) => ({
            x: weekLabel(w.start),
            y: w.count,
            legend: 'Sign-ups',
            xAxisCalloutData: `Week of ${weekLabel(w.start)}`,
            color: DataVizPalette.color1,
          }))}
          height={240}
          hideLegend
          useSingleColor
          wrapXAxisLables
        />
      ) : (
        <VerticalStackedBarChart
          chartTitle="Attendances per month"
          data={trends.attendancesPerMonth.map((m) => ({
            xAxisPoint: monthLabel(m.start),
            // Palette tokens, not CSS variables (which SVG attributes cannot take): the chart
            // resolves them for the light or the dark theme, and each legend keeps one colour.
            chartData: [
              { legend: 'Checked in', data: m.checkedIn, color: DataVizPalette.color1 },
              {
                legend: 'Not checked in',
                data: Math.max(0, m.attendances - m.checkedIn),
                color: DataVizPalette.color2,
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
