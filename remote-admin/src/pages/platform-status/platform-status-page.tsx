import { useState } from 'react';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle1,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, CheckmarkCircleRegular, WarningRegular } from '@fluentui/react-icons';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsKeys, remoteNames, toNormalisedError, useHealth, type RemoteName } from '@hub/shared';
import { formatDateTime } from '@hub/ui/date-time';
import { LoadFailure } from '@hub/ui/load-failure';
import { PageFrame } from '@hub/ui/page-frame';
import { usePageStyles } from '@hub/ui/page-styles';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { hostLoadedShares, type LoadedShared } from './host-share-scope';
import { getRemoteManifest, getRemotesManifest, type RemoteManifestInfo } from './remote-manifest';
import { problems, reportedSingletons, singletonRows, type SingletonRow } from './shared-compatibility';
import { statusSummary, type AreaState, type StatusSummary } from './status-summary';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  card: { gap: tokens.spacingVerticalM },
  cardHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  // Tables keep their columns on a phone and scroll sideways inside the card instead of squeezing.
  tableScroll: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '34rem' },
  ok: { color: tokens.colorPaletteGreenForeground1, display: 'inline-flex', gap: tokens.spacingHorizontalXS },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1, display: 'inline-flex', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  summary: { flexShrink: 0 },
  summarySpinner: { display: 'inline-flex', marginInlineEnd: tokens.spacingHorizontalS, verticalAlign: 'middle' },
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
      <ApiStatus />
      <Remotes host={host} deployment={deployment} />
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
  const areas: Array<AreaState & { manifest: ManifestResult }> = entries.map(([name, url], i) => ({
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
        {summary.intent === 'info' && <Spinner size="extra-tiny" className={styles.summarySpinner} aria-hidden />}
        {summary.text}
      </MessageBarBody>
    </MessageBar>
  );
}

function ApiStatus() {
  const styles = useStyles();
  const health = useHealth();
  return (
    <section className={styles.section} aria-labelledby="status-api">
      <Subtitle1 as="h2" block id="status-api" className={styles.heading}>
        API
      </Subtitle1>
      <Card className={styles.card}>
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
          <dl className={styles.facts}>
            <dt>Status</dt>
            <dd>
              <span className={styles.ok}>
                <CheckmarkCircleRegular aria-hidden /> Answered
              </span>
            </dd>
            <dt>Database</dt>
            <dd>{databaseNames[health.data.database]}</dd>
            <dt>Database round trip</dt>
            <dd>{`${health.data.databaseLatencyMs} ms`}</dd>
            <dt>Version</dt>
            <dd>{health.data.version}</dd>
            <dt>Up since</dt>
            <dd>{formatDateTime(health.data.startedAt)}</dd>
          </dl>
        )}
      </Card>
    </section>
  );
}

function Remotes({ host, deployment }: { host: Record<string, LoadedShared>; deployment: Deployment }) {
  const styles = useStyles();
  const page = usePageStyles();

  return (
    <section className={styles.section} aria-labelledby="status-remotes">
      <Subtitle1 as="h2" block id="status-remotes" className={styles.heading}>
        Areas
      </Subtitle1>
      {deployment.isPending && <RowsSkeleton label="Reading the deployment" />}
      {deployment.isError && (
        <LoadFailure
          title="Could not read where the areas are deployed (remotes.json)."
          error={toNormalisedError(deployment.error)}
          onRetry={() => void deployment.refetch()}
        />
      )}
      {deployment.data && (
        <ul className={page.list} aria-label="Areas">
          {deployment.areas.map(({ name, url, manifest }) => (
            <li key={name}>
              <RemoteCard name={name} url={url} manifest={manifest} host={host} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ManifestResult {
  data?: RemoteManifestInfo;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

function RemoteCard({
  name,
  url,
  manifest,
  host,
}: {
  name: RemoteName;
  url: string | undefined;
  manifest: ManifestResult;
  host: Record<string, LoadedShared>;
}) {
  const styles = useStyles();
  const headingId = `status-remote-${name}`;
  const rows = manifest.data ? singletonRows(manifest.data.shared, host) : [];
  const unmet = problems(rows);
  const status = !url
    ? { label: 'Not deployed', color: 'informative' as const }
    : manifest.isError
      ? { label: 'Did not answer', color: 'danger' as const }
      : manifest.data
        ? { label: 'Answered', color: 'success' as const }
        : { label: 'Asking…', color: 'informative' as const };
  const failure = manifest.isError ? toNormalisedError(manifest.error) : null;

  return (
    <Card className={styles.card} aria-labelledby={headingId} role="region" data-remote-status={name}>
      <div className={styles.cardHeader}>
        <Subtitle2 as="h3" block id={headingId} className={styles.heading}>
          {remoteTitles[name]}
        </Subtitle2>
        <Badge appearance="tint" color={status.color} data-testid="remote-answer">
          {status.label}
        </Badge>
      </div>
      {!url && <Body1>remotes.json names no deployment for this area, so the site cannot show its pages.</Body1>}
      {url && manifest.isError && failure && (
        <LoadFailure
          title={`The ${remoteTitles[name].toLowerCase()} area did not answer.`}
          error={{
            message: failure.status
              ? `Its manifest answered HTTP ${failure.status}.`
              : 'Its server could not be reached.',
            details: [url],
          }}
          onRetry={() => void manifest.refetch()}
          retryLabel={`Retry asking the ${remoteTitles[name].toLowerCase()} area`}
        />
      )}
      {url && !manifest.data && !manifest.isError && <RowsSkeleton label={`Asking the ${name} area`} count={3} />}
      {manifest.data && (
        <>
          <dl className={styles.facts}>
            <dt>Build id</dt>
            <dd className={styles.mono} data-testid="build-id">
              {manifest.data.buildId ?? 'Not recorded'}
            </dd>
            <dt>Built</dt>
            <dd>{manifest.data.builtAt ? formatDateTime(manifest.data.builtAt) : 'Not recorded'}</dd>
            <dt>Version</dt>
            <dd>{manifest.data.version ?? 'Not recorded'}</dd>
            <dt>Manifest</dt>
            <dd className={styles.mono}>{url}</dd>
          </dl>
          {unmet > 0 && (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>
                  {unmet === 1 ? 'One shared package does not match' : `${unmet} shared packages do not match`}
                </MessageBarTitle>{' '}
                This area requires versions the host did not load; it may misbehave until it is rebuilt against the live
                host.
              </MessageBarBody>
            </MessageBar>
          )}
          <SingletonTable name={name} rows={rows} />
        </>
      )}
    </Card>
  );
}

function SingletonTable({ name, rows }: { name: RemoteName; rows: SingletonRow[] }) {
  const styles = useStyles();
  if (rows.length === 0) return <Caption1>It was built with none of the shared packages.</Caption1>;
  return (
    <div className={styles.tableScroll}>
      <Table size="small" className={styles.table} aria-label={`Shared packages of the ${name} area`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Package</TableHeaderCell>
            <TableHeaderCell>Built against</TableHeaderCell>
            <TableHeaderCell>Requires</TableHeaderCell>
            <TableHeaderCell>Host loaded</TableHeaderCell>
            <TableHeaderCell>Check</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.name}>
              <TableCell className={styles.mono}>{row.name}</TableCell>
              <TableCell>{row.built.version}</TableCell>
              <TableCell>{row.built.requiredVersion ?? '—'}</TableCell>
              <TableCell>{row.host?.version ?? 'Not loaded'}</TableCell>
              <TableCell>
                <CompatibilityText row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function CompatibilityText({ row }: { row: SingletonRow }) {
  const styles = useStyles();
  switch (row.compatibility.kind) {
    case 'ok':
      return (
        <span className={styles.ok}>
          <CheckmarkCircleRegular aria-hidden /> Satisfied
        </span>
      );
    case 'unsatisfied':
      return (
        <span className={styles.warn}>
          <WarningRegular aria-hidden /> Not satisfied: host has {row.compatibility.hostVersion}
        </span>
      );
    case 'not-in-host':
      return (
        <span className={styles.warn}>
          <WarningRegular aria-hidden /> The host does not share it
        </span>
      );
    case 'unknown':
      return <span>No range to check</span>;
  }
}

function HostShares({ host }: { host: Record<string, LoadedShared> }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="status-host">
      <Subtitle1 as="h2" block id="status-host" className={styles.heading}>
        Host
      </Subtitle1>
      <Card className={styles.card}>
        <Body1>
          The shared packages this page loaded, one copy each, which every area uses whatever version it was built
          against:
        </Body1>
        <div className={styles.tableScroll}>
          <Table size="small" className={styles.table} aria-label="Shared packages the host loaded">
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
                  <TableCell className={styles.mono}>{pkg}</TableCell>
                  <TableCell>{host[pkg]?.version ?? 'Not shared'}</TableCell>
                  <TableCell>{host[pkg]?.from ?? '—'}</TableCell>
                  <TableCell>{host[pkg] ? (host[pkg].loaded ? 'Loaded' : 'Not yet') : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </Card>
    </section>
  );
}
