import { useState } from 'react';
import {
  Body1,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  CheckmarkCircleRegular,
  ChevronDownRegular,
  ChevronRightRegular,
} from '@fluentui/react-icons';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsKeys, remoteNames, toNormalisedError, useHealth, type RemoteName } from '@hub/shared';
import { formatDateTime } from '@hub/ui/date-time';
import { Heading } from '@hub/ui/heading';
import { LoadFailure } from '@hub/ui/load-failure';
import { PageFrame } from '@hub/ui/page-frame';
import { usePageStyles } from '@hub/ui/page-styles';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { useStatusStyles } from './area-details';
import { AreasTable, type AreaRow } from './areas-table';
import { hostLoadedShares, type LoadedShared } from './host-share-scope';
import { getRemoteManifest, getRemotesManifest } from './remote-manifest';
import { reportedSingletons } from './shared-compatibility';
import { statusSummary, type StatusSummary } from './status-summary';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: { flexShrink: 0 },
  summarySpinner: { display: 'inline-flex', marginInlineEnd: tokens.spacingHorizontalS, verticalAlign: 'middle' },
  hostToggle: { alignSelf: 'flex-start' },
  // A moment reads as one unit: never broken over two lines (the facts' cells otherwise wrap
  // anywhere), so the row keeps its height whatever the date and time (the visual baselines mask it).
  moment: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
});

/** How each remote is named on the status page. */
export const remoteTitles: Record<RemoteName, string> = {
  events: 'Events',
  communities: 'Communities',
  account: 'Account',
  admin: 'Admin',
};

export const databaseNames = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' } as const;

/**
 * `/dashboard` (admins): what is live. Each remote's deployed build (its manifest), whether it
 * answered, the singletons it was built against next to the ones the host loaded (a warning where
 * the host's version is outside the remote's range), and the API's health and database. Each part
 * is its own request: one remote that does not answer leaves the others on screen.
 */
export function PlatformStatusPage() {
  const page = usePageStyles();
  const client = useQueryClient();
  // The share scope is read at render; Refresh re-reads it (a remote loaded since may have added to it).
  const [host, setHost] = useState(hostLoadedShares);
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    setHost(hostLoadedShares());
    try {
      await Promise.all([
        client.refetchQueries({ queryKey: opsKeys.health() }),
        client.refetchQueries({ queryKey: ['platform'] }),
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  // The summary line and the cards read the same queries (TanStack Query shares them by key).
  const health = useHealth();
  const deployment = useDeployment();
  const summary = statusSummary({ deployment, areas: deployment.areas, host, apiFailed: health.isError });

  return (
    <PageFrame
      title="Platform status"
      intro="What is live: the build each area runs, whether it answered, the shared packages it was built against and the ones this page loaded, and the API."
      headerExtra={
        <div className={page.actions}>
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
        </div>
      }
    >
      <SummaryLine summary={summary} />
      <Remotes host={host} deployment={deployment} />
      <ApiStatus />
      <HostShares host={host} />
    </PageFrame>
  );
}

/** remotes.json, then each named area's manifest: one query each, so one that does not answer leaves the others. */
function useDeployment() {
  const deployment = useQuery({ queryKey: opsKeys.remotes(), queryFn: getRemotesManifest, staleTime: 0 });
  const entries = remoteNames.map((name) => [name, deployment.data?.[name]] as const);
  const manifests = useQueries({
    queries: entries.map(([name, url]) => ({
      // A remote without a deployment asks nothing; its key is its own so the queries stay distinct.
      queryKey: opsKeys.remoteManifest(url ?? `not-deployed:${name}`),
      queryFn: () => getRemoteManifest(url!),
      enabled: Boolean(url),
      staleTime: 0,
    })),
  });
  const areas: AreaRow[] = entries.map(([name, url], i) => ({
    name,
    title: remoteTitles[name],
    url,
    manifest: manifests[i]!,
  }));
  return { ...deployment, areas };
}

type Deployment = ReturnType<typeof useDeployment>;

/** The page's first line: the whole status in one sentence, before the details (issue 23). */
function SummaryLine({ summary }: { summary: StatusSummary }) {
  const styles = useStyles();
  return (
    <MessageBar intent={summary.intent} layout="multiline" className={styles.summary} data-testid="status-summary">
      <MessageBarBody role="status">
        <MessageBarTitle>
          {summary.intent === 'info' && <Spinner size="extra-tiny" className={styles.summarySpinner} aria-hidden />}
          {summary.headline}
        </MessageBarTitle>{' '}
        <span data-testid="status-detail">{summary.text}</span>
      </MessageBarBody>
    </MessageBar>
  );
}

/** The API in one line of facts: it answered, its database and round trip, version, up since. */
function ApiStatus() {
  const styles = useStyles();
  const facts = useStatusStyles();
  const health = useHealth();
  return (
    <section className={styles.section} aria-labelledby="status-api">
      <Heading level={2} id="status-api">
        API
      </Heading>
      {health.isPending && <RowsSkeleton label="Asking the API" count={2} />}
      {health.isError && (
        <LoadFailure
          title="The API did not answer."
          error={toNormalisedError(health.error)}
          onRetry={() => void health.refetch()}
          retryLabel="Retry asking the API"
        />
      )}
      {health.data && (
        <dl className={facts.facts}>
          <dt>Status</dt>
          <dd>
            <span className={facts.ok}>
              <CheckmarkCircleRegular aria-hidden /> Answered
            </span>
          </dd>
          <dt>Database</dt>
          <dd>{databaseNames[health.data.database]}</dd>
          <dt>Database round trip</dt>
          <dd data-volatile>{`${health.data.databaseLatencyMs} ms`}</dd>
          <dt>Version</dt>
          <dd>{health.data.version}</dd>
          <dt>Up since</dt>
          <dd data-volatile className={styles.moment}>
            <time dateTime={health.data.startedAt}>{formatDateTime(health.data.startedAt)}</time>
          </dd>
        </dl>
      )}
    </section>
  );
}

function Remotes({ host, deployment }: { host: Record<string, LoadedShared>; deployment: Deployment }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="status-remotes">
      <Heading level={2} id="status-remotes">
        Areas
      </Heading>
      {deployment.isPending && <RowsSkeleton label="Reading the deployment" />}
      {deployment.isError && (
        <LoadFailure
          title="Could not read where the areas are deployed (remotes.json)."
          error={toNormalisedError(deployment.error)}
          onRetry={() => void deployment.refetch()}
        />
      )}
      {deployment.data && <AreasTable areas={deployment.areas} host={host} />}
    </section>
  );
}

/** The host's shared packages, on demand: every area uses these copies whatever it was built against. */
function HostShares({ host }: { host: Record<string, LoadedShared> }) {
  const styles = useStyles();
  const facts = useStatusStyles();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="status-host">
      <Heading level={2} id="status-host">
        Host
      </Heading>
      <Body1 as="p" block>
        The shared packages this page loaded, one copy each, which every area uses whatever version it was built
        against.
      </Body1>
      <Button
        className={styles.hostToggle}
        icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
        aria-expanded={open}
        aria-controls="status-host-packages"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the packages' : 'Show the packages'}
      </Button>
      {open && (
        <div className={facts.tableScroll} id="status-host-packages">
          <Table size="small" className={facts.table} aria-label="Shared packages the host loaded">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Package</TableHeaderCell>
                <TableHeaderCell>Version</TableHeaderCell>
                <TableHeaderCell>Provided by</TableHeaderCell>
                <TableHeaderCell>In use</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {reportedSingletons.map((pkg) => (
                <TableRow key={pkg}>
                  <TableCell className={facts.mono}>{pkg}</TableCell>
                  <TableCell>{host[pkg]?.version ?? 'Not shared'}</TableCell>
                  <TableCell>{host[pkg]?.from ?? '—'}</TableCell>
                  <TableCell>{host[pkg] ? (host[pkg].loaded ? 'Loaded' : 'Not yet') : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
