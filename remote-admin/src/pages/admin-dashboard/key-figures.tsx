import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { routePaths, toNormalisedError, useAdminTrends, type AdminTrends } from '@hub/shared';
import { EmptyState } from '@hub/ui/empty-state';
import { LoadFailure } from '@hub/ui/load-failure';
import { RouterLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { fromWidth } from '@hub/ui/breakpoints';
import { checkInRateText, monthLabel, trendText, weekLabel } from './trend-texts';

/**
 * The performance mark set when the charts' code is asked for. Issue 23's budget counts the charts
 * apart: the dashboard's first render (figures, tabs, tables) within 350 KB gzip, and what is
 * fetched from this mark on, the charts, within 100 KB (the bench and the performance guard split
 * the page's scripts at this mark).
 */
export const chartsMark = 'hub:admin-charts';

/**
 * The chart library (and d3) is a chunk of its own, fetched only after the figures have been drawn
 * (see useAfterFirstRender): the dashboard's first render never waits for it.
 */
const TrendChart = lazy(() => import('./trend-charts'));

/** The height of a chart's box: the chart (Fluent's charts fill their container's height) and its skeleton alike, so nothing moves when the chart arrives. */
export const chartHeight = '350px';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  figures: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    [fromWidth('medium')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
  // Plain elements in a card's look, as /manage's community cards: Fluent's Card brings 7 KB gzip of
  // focus handling for cards that are themselves interactive, which these are not (issue 12's
  // /admin-dashboard budget).
  surface: {
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    // Forced colours draw no shadow: the outline keeps the card's edge.
    outline: `${tokens.strokeWidthThin} solid transparent`,
  },
  figure: {
    height: '100%',
    boxSizing: 'border-box',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
  },
  value: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  label: { color: tokens.colorNeutralForeground2, margin: 0 },
  charts: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [fromWidth('large')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  chartCard: { gap: tokens.spacingVerticalS, minWidth: 0, padding: tokens.spacingHorizontalM },
  // The disclosure's button lines up with the card's text, as an accordion header would.
  tableToggle: { alignSelf: 'flex-start', marginInlineStart: `calc(-1 * ${tokens.spacingHorizontalS})` },
  heading: { margin: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  figureBox: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  tableScroll: { overflowX: 'auto' },
  chartBox: { height: chartHeight, minWidth: 0 },
  chartFill: { width: '100%', height: '100%' },
  // Five columns keep their width on a phone and scroll sideways rather than wrap word by word.
  wideTable: { minWidth: '32rem' },
});

/** The admin dashboard's key figures (GET api/admin/stats/trends): counts, their trends, two charts and the most active communities. */
export function KeyFigures() {
  const styles = useStyles();
  const trends = useAdminTrends();
  const chartsWanted = useAfterFirstRender(trends.isSuccess);
  if (trends.isPending) return <RowsSkeleton label="Loading the key figures" count={6} />;
  if (trends.isError)
    return (
      <LoadFailure
        title="Could not load the key figures"
        error={toNormalisedError(trends.error)}
        onRetry={() => void trends.refetch()}
      />
    );
  const t = trends.data;
  return (
    <div className={styles.root}>
      <Figures trends={t} />
      <div className={styles.charts}>
        <ChartCard
          title="New sign-ups per week"
          summary={`${sum(t.signUpsPerWeek.map((w) => w.count))} sign-ups in the last ${t.signUpsPerWeek.length} weeks.`}
          chart={chartsWanted && <TrendChart trends={t} chart="sign-ups" />}
          table={
            <FigureTable
              label="New sign-ups per week"
              columns={['Week of', 'Sign-ups']}
              rows={t.signUpsPerWeek.map((w) => [weekLabel(w.start), w.count])}
            />
          }
        />
        <ChartCard
          title="Attendances per month"
          summary="Attending registrations of the events starting each month, and how many were checked in; the last months ahead are events still to come."
          chart={chartsWanted && <TrendChart trends={t} chart="attendances" />}
          table={
            <FigureTable
              label="Attendances per month"
              columns={['Month', 'Events', 'Attendances', 'Checked in']}
              rows={t.attendancesPerMonth.map((m) => [monthLabel(m.start), m.events, m.attendances, m.checkedIn])}
            />
          }
        />
      </div>
      <MostActive trends={t} />
    </div>
  );
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * True from the frame after `ready` first became true and was drawn: the figures are painted before
 * the charts' code is even asked for (a requestAnimationFrame callback runs before the next paint,
 * the timeout after it).
 */
function useAfterFirstRender(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        // The charts' code is asked for from here on (jsdom has no performance.mark).
        performance.mark?.(chartsMark);
        setAfter(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

/** A chart's placeholder: the chart's own box, so the card keeps its size when the chart replaces it. */
function ChartSkeleton({ title }: { title: string }) {
  const styles = useStyles();
  return (
    <Skeleton aria-label={`Loading the chart of ${title.toLowerCase()}`} className={styles.chartBox}>
      <SkeletonItem shape="rectangle" className={styles.chartFill} />
    </Skeleton>
  );
}

function Figures({ trends: t }: { trends: AdminTrends }) {
  const styles = useStyles();
  const signUps = t.signUpsPerWeek.map((w) => w.count);
  const attendances = t.attendancesPerMonth.map((m) => m.attendances);
  const figures: Array<{ label: string; value: string | number; note?: string | null }> = [
    { label: 'Users', value: t.usersByRole.total, note: `${t.usersByRole.pending} invited, not signed in yet` },
    { label: 'Admins', value: t.usersByRole.admins },
    { label: 'Core members', value: t.usersByRole.coreMembers },
    { label: 'Capgemini staff', value: t.usersByRole.capgemini },
    { label: 'External users', value: t.usersByRole.external },
    { label: 'Sign-ups this week', value: signUps.at(-1) ?? 0, note: trendText(signUps, 'week') },
    { label: 'Communities', value: t.communities },
    { label: 'Networks', value: t.networks },
    { label: 'Memberships', value: t.memberships },
    { label: 'Upcoming events', value: t.events.upcoming },
    { label: 'Past events', value: t.events.past },
    { label: 'Cancelled events', value: t.events.cancelled },
    {
      label: 'Check-in rate',
      value: checkInRateText(t.checkInRate),
      note: `${t.checkInRate.checkedIn} of ${t.checkInRate.attended} attendances of past events`,
    },
    {
      label: 'Attendances this month',
      value: attendances.at(-4) ?? 0,
      note: trendText(attendances.slice(0, -3), 'month'),
    },
  ];
  return (
    <ul className={styles.figures} aria-label="Key figures">
      {figures.map((f) => (
        <li key={f.label}>
          <div className={mergeClasses(styles.surface, styles.figure)}>
            <Caption1 className={styles.label}>{f.label}</Caption1>
            <Text className={styles.value}>{f.value}</Text>
            {f.note ? <Caption1>{f.note}</Caption1> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function ChartCard({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: string;
  /** The chart, once its code may load (false before: its skeleton shows). */
  chart: ReactNode;
  table: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.surface, styles.chartCard)}>
      <figure className={styles.figureBox}>
        <Subtitle2 as="h3" block className={styles.heading}>
          {title}
        </Subtitle2>
        <Body1 as="p" block>
          {summary}
        </Body1>
        {chart ? (
          <Suspense fallback={<ChartSkeleton title={title} />}>
            <div className={styles.chartBox}>{chart}</div>
          </Suspense>
        ) : (
          <ChartSkeleton title={title} />
        )}
      </figure>
      <TableDisclosure>{table}</TableDisclosure>
    </div>
  );
}

/**
 * A chart's numbers, shown on demand under it: the disclosure pattern, a Fluent Button (the host's
 * shared copy) that says whether its panel is open. Fluent's Accordion, for one item, brought 5 KB
 * gzip of its own with its motion to this screen's first view.
 */
function TableDisclosure({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <Button
        className={styles.tableToggle}
        appearance="subtle"
        size="small"
        icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        The figures as a table
      </Button>
      <div id={panelId} hidden={!open}>
        {open ? children : null}
      </div>
    </>
  );
}

function FigureTable({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}) {
  const styles = useStyles();
  return (
    <div className={styles.tableScroll}>
      <Table size="small" aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c}>{c}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={String(row[0])}>
              {row.map((cell, i) => (
                <TableCell key={i}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function MostActive({ trends: t }: { trends: AdminTrends }) {
  const styles = useStyles();
  return (
    <section aria-labelledby="most-active-communities" className={styles.section}>
      <Subtitle1 as="h3" block id="most-active-communities" className={styles.heading}>
        Most active communities
      </Subtitle1>
      <Caption1 as="p" block className={styles.label}>
        By attendances of their events in the last 12 months.
      </Caption1>
      {t.mostActiveCommunities.length === 0 ? (
        <EmptyState title="No community has held an event in the last 12 months">
          Communities appear here once their events have attendees.
        </EmptyState>
      ) : (
        <div className={styles.tableScroll}>
          <Table size="small" aria-label="Most active communities" className={styles.wideTable}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Community</TableHeaderCell>
                <TableHeaderCell>Events</TableHeaderCell>
                <TableHeaderCell>Attendances</TableHeaderCell>
                <TableHeaderCell>Checked in</TableHeaderCell>
                <TableHeaderCell>Members</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {t.mostActiveCommunities.map((c) => (
                <TableRow key={c.communityId}>
                  <TableCell>
                    <RouterLink to={routePaths.communityDetail(c.communityId)}>{c.name}</RouterLink>
                  </TableCell>
                  <TableCell>{c.events}</TableCell>
                  <TableCell>{c.attendances}</TableCell>
                  <TableCell>{c.checkedIn}</TableCell>
                  <TableCell>{c.members}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
