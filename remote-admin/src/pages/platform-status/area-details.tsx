import {
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, WarningRegular } from '@fluentui/react-icons';
import type { RemoteName } from '@hub/shared';
import { problems, type SingletonRow } from './shared-compatibility';
import type { RemoteManifestInfo } from './remote-manifest';

export const useStatusStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  // Tables keep their columns on a phone and scroll sideways instead of squeezing.
  tableScroll: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '34rem' },
  ok: { color: tokens.colorPaletteGreenForeground1, display: 'inline-flex', gap: tokens.spacingHorizontalXS },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1, display: 'inline-flex', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  details: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalS,
  },
});

/** An area's details, shown on demand below its row: its manifest, version and shared packages. */
export function AreaDetails({
  name,
  url,
  manifest,
  rows,
}: {
  name: RemoteName;
  url: string;
  manifest: RemoteManifestInfo;
  rows: SingletonRow[];
}) {
  const styles = useStatusStyles();
  const unmet = problems(rows);
  return (
    <>
      <dl className={styles.facts}>
        <dt>Version</dt>
        <dd>{manifest.version ?? 'Not recorded'}</dd>
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
  );
}

function SingletonTable({ name, rows }: { name: RemoteName; rows: SingletonRow[] }) {
  const styles = useStatusStyles();
  if (rows.length === 0) return <Caption1>It was built with none of the shared packages.</Caption1>;
  return (
    <div className={styles.tableScroll}>
      <Table size="extra-small" className={styles.table} aria-label={`Shared packages of the ${name} area`}>
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
  const styles = useStatusStyles();
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
