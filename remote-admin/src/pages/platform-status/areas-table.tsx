import { useState } from 'react';
import {
  Badge,
  Body1,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { toNormalisedError, type RemoteName } from '@hub/shared';
import { formatDateTime } from '@hub/ui/date-time';
import { LoadFailure } from '@hub/ui/load-failure';
import { AreaDetails, useStatusStyles } from './area-details';
import type { LoadedShared } from './host-share-scope';
import type { RemoteManifestInfo } from './remote-manifest';
import { problems, singletonRows } from './shared-compatibility';
import { areaHasProblem, type AreaState } from './status-summary';

export interface ManifestResult {
  data?: RemoteManifestInfo;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface AreaRow extends AreaState {
  manifest: ManifestResult;
}

/**
 * The four areas as one compact table (issue 27: it was four cards of a full dependency table each,
 * 3,400 px): a row per area with its answer, build and shared-package check; the details (manifest,
 * version, the package table, a failure with Retry) open below the row on demand, and by
 * themselves for an area with a problem.
 */
export function AreasTable({ areas, host }: { areas: AreaRow[]; host: Record<string, LoadedShared> }) {
  const styles = useStatusStyles();
  return (
    <div className={styles.tableScroll}>
      <Table size="small" className={styles.table} aria-label="Areas">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Area</TableHeaderCell>
            <TableHeaderCell>Answer</TableHeaderCell>
            <TableHeaderCell>Build id</TableHeaderCell>
            <TableHeaderCell>Built</TableHeaderCell>
            <TableHeaderCell>Shared packages</TableHeaderCell>
            <TableHeaderCell>
              <span className={styles.visuallyHidden}>Details</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        {areas.map((area) => (
          <AreaRows key={area.name} area={area} host={host} />
        ))}
      </Table>
    </div>
  );
}

const columns = 6;

function AreaRows({ area, host }: { area: AreaRow; host: Record<string, LoadedShared> }) {
  const styles = useStatusStyles();
  const { name, title, url, manifest } = area;
  const problem = areaHasProblem(area, host) && !(url && !manifest.data && !manifest.isError);
  // Undecided until the admin chooses: then an area with a problem shows its details by itself.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? problem;
  const rows = manifest.data ? singletonRows(manifest.data.shared, host) : [];
  const unmet = problems(rows);
  const answer = !url
    ? { label: 'Not deployed', color: 'informative' as const }
    : manifest.isError
      ? { label: 'Did not answer', color: 'danger' as const }
      : manifest.data
        ? { label: 'Answered', color: 'success' as const }
        : { label: 'Asking…', color: 'informative' as const };
  const failure = manifest.isError ? toNormalisedError(manifest.error) : null;
  const detailsId = `status-area-details-${name}`;

  return (
    <TableBody data-remote-status={name} aria-label={title}>
      <TableRow>
        <TableCell>
          <strong>{title}</strong>
        </TableCell>
        <TableCell>
          <Badge appearance="tint" color={answer.color} data-testid="remote-answer">
            {answer.label}
          </Badge>
        </TableCell>
        <TableCell className={styles.mono} data-testid="build-id" data-volatile>
          {manifest.data ? (manifest.data.buildId ?? 'Not recorded') : '—'}
        </TableCell>
        <TableCell data-volatile>
          {manifest.data ? (manifest.data.builtAt ? formatDateTime(manifest.data.builtAt) : 'Not recorded') : '—'}
        </TableCell>
        <TableCell data-testid="shared-check">
          {!manifest.data
            ? '—'
            : rows.length === 0
              ? 'None'
              : unmet === 0
                ? `${rows.length} satisfied`
                : `${unmet} of ${rows.length} not satisfied`}
        </TableCell>
        <TableCell>
          {
            <Button
              appearance="subtle"
              size="small"
              icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`Details of the ${title.toLowerCase()} area`}
              onClick={() => setChosen(!open)}
            >
              Details
            </Button>
          }
        </TableCell>
      </TableRow>
      {open && (
        <TableRow id={detailsId}>
          <TableCell colSpan={columns}>
            <div className={styles.details}>
              <AreaDetailsOrFailure
                name={name}
                title={title}
                url={url}
                manifest={manifest}
                failure={failure}
                rows={rows}
              />
            </div>
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}

function AreaDetailsOrFailure({
  name,
  title,
  url,
  manifest,
  failure,
  rows,
}: {
  name: RemoteName;
  title: string;
  url: string | undefined;
  manifest: ManifestResult;
  failure: ReturnType<typeof toNormalisedError> | null;
  rows: ReturnType<typeof singletonRows>;
}) {
  if (!url) return <Body1>remotes.json names no deployment for this area, so the site cannot show its pages.</Body1>;
  if (manifest.isError && failure)
    return (
      <LoadFailure
        title={`The ${title.toLowerCase()} area did not answer.`}
        error={{
          message: failure.status
            ? `Its manifest answered HTTP ${failure.status}.`
            : 'Its server could not be reached.',
          details: [url],
        }}
        onRetry={() => void manifest.refetch()}
        retryLabel={`Retry asking the ${title.toLowerCase()} area`}
      />
    );
  if (!manifest.data) return <Body1>Asking the {name} area…</Body1>;
  return <AreaDetails name={name} url={url} manifest={manifest.data} rows={rows} />;
}
