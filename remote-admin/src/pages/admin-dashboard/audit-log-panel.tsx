import { useState } from 'react';
import {
  Body1,
  Button,
  Combobox,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { toNormalisedError, useAdminUsers, useAuditLog, type AuditAction, type AuditLogQuery } from '@hub/shared';
import { formatDate, formatDateTime } from '@hub/ui/date-time';
import { EmptyState } from '@hub/ui/empty-state';
import { LoadFailure } from '@hub/ui/load-failure';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { fromWidth } from '@hub/ui/breakpoints';
import { actorText, auditActionNames, auditActions, endOfDay, startOfDay } from './audit-texts';
import { useDebouncedValue } from './use-debounced-value';

export const auditPageSize = 25;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [fromWidth('small')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [fromWidth('large')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
  tableScroll: { overflowX: 'auto' },
  table: { minWidth: '44rem' },
  when: { whiteSpace: 'nowrap' },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
});

interface Filters {
  action?: AuditAction;
  actor?: { id: number; label: string };
  from?: Date;
  to?: Date;
}

/**
 * The audit log (GET api/admin/audit-log): every privileged action, newest first, filtered by
 * action, by who did it and by day, paged by the API's cursor (Older follows `nextCursor`; Newer
 * goes back through the cursors already seen).
 */
export function AuditLogPanel() {
  const styles = useStyles();
  const [filters, setFilters] = useState<Filters>({});
  // The `before` cursor of each page seen so far; the last is the page shown.
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const refilter = (next: Filters) => {
    setFilters(next);
    setCursors([undefined]);
  };

  const query: AuditLogQuery = {
    action: filters.action,
    actorId: filters.actor?.id,
    from: filters.from ? startOfDay(filters.from) : undefined,
    to: filters.to ? endOfDay(filters.to) : undefined,
    before: cursors.at(-1),
    pageSize: auditPageSize,
  };
  const log = useAuditLog(query);
  const filtered = Boolean(filters.action || filters.actor || filters.from || filters.to);
  const invalidRange = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <div className={styles.root}>
      <div className={styles.filters}>
        <Field label="Action">
          <Dropdown
            value={filters.action ? auditActionNames[filters.action] : 'All actions'}
            selectedOptions={[filters.action ?? '']}
            onOptionSelect={(_e, data) =>
              refilter({ ...filters, action: (data.optionValue || undefined) as AuditAction | undefined })
            }
          >
            <Option value="">All actions</Option>
            {auditActions.map((a) => (
              <Option key={a} value={a}>
                {auditActionNames[a]}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <ActorFilter value={filters.actor} onChange={(actor) => refilter({ ...filters, actor })} />
        <Field label="From">
          <DatePicker
            value={filters.from ?? null}
            onSelectDate={(date) => refilter({ ...filters, from: date ?? undefined })}
            formatDate={(d) => (d ? formatDate(d) : '')}
            maxDate={filters.to}
            placeholder="Any day"
            allowTextInput={false}
          />
        </Field>
        <Field
          label="To (inclusive)"
          validationState={invalidRange ? 'error' : 'none'}
          validationMessage={invalidRange ? 'The last day comes before the first.' : undefined}
        >
          <DatePicker
            value={filters.to ?? null}
            onSelectDate={(date) => refilter({ ...filters, to: date ?? undefined })}
            formatDate={(d) => (d ? formatDate(d) : '')}
            minDate={filters.from}
            placeholder="Any day"
            allowTextInput={false}
          />
        </Field>
      </div>
      {filtered && (
        <div>
          <Button appearance="subtle" onClick={() => refilter({})}>
            Clear the filters
          </Button>
        </div>
      )}
      {log.isPending && <RowsSkeleton label="Loading the audit log" count={6} />}
      {log.isError && (
        <LoadFailure
          title="Could not load the audit log"
          error={toNormalisedError(log.error)}
          onRetry={() => void log.refetch()}
        />
      )}
      {log.data && log.data.items.length === 0 && (
        <EmptyState
          title={filtered ? 'Nothing recorded matches these filters' : 'Nothing has been recorded yet'}
          live={filtered}
        >
          {filtered
            ? 'Try another action, person or period.'
            : 'Role changes, community and event changes, core-member changes and check-ins appear here.'}
        </EmptyState>
      )}
      {log.data && log.data.items.length > 0 && (
        <>
          <div className={styles.tableScroll}>
            <Table aria-label="Audit log" className={styles.table} aria-busy={log.isPlaceholderData || undefined}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>When</TableHeaderCell>
                  <TableHeaderCell>Who</TableHeaderCell>
                  <TableHeaderCell>Action</TableHeaderCell>
                  <TableHeaderCell>What</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {log.data.items.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className={styles.when}>{formatDateTime(entry.at)}</TableCell>
                    <TableCell>{actorText(entry)}</TableCell>
                    <TableCell>{auditActionNames[entry.action] ?? entry.action}</TableCell>
                    <TableCell>{entry.summary}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <nav className={styles.pager} aria-label="Pages of the audit log">
            <Button
              icon={<ChevronLeftRegular />}
              disabled={cursors.length <= 1}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              Newer
            </Button>
            <Body1 className={styles.muted}>Page {cursors.length}</Body1>
            <Button
              icon={<ChevronRightRegular />}
              iconPosition="after"
              disabled={log.data.nextCursor === null || log.isPlaceholderData}
              onClick={() => setCursors([...cursors, log.data.nextCursor ?? undefined])}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

/** Who acted: a search over the users (by the API), choosing one filters the log by them. */
function ActorFilter({ value, onChange }: { value: Filters['actor']; onChange: (actor: Filters['actor']) => void }) {
  const [text, setText] = useState(value?.label ?? '');
  const q = useDebouncedValue(text.trim());
  const users = useAdminUsers({ q: q || undefined, pageSize: 10 });
  const options = users.data?.items ?? [];
  return (
    <Field label="Who">
      <Combobox
        freeform
        clearable
        placeholder="Anyone"
        value={text}
        selectedOptions={value ? [String(value.id)] : []}
        onChange={(e) => {
          setText(e.target.value);
          if (value) onChange(undefined);
        }}
        onOptionSelect={(_e, data) => {
          const user = options.find((u) => String(u.id) === data.optionValue);
          const label = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';
          setText(label);
          onChange(user ? { id: user.id, label } : undefined);
        }}
      >
        {options.map((u) => (
          <Option key={u.id} value={String(u.id)} text={`${u.firstName} ${u.lastName}`.trim() || u.email}>
            {`${u.firstName} ${u.lastName}`.trim() || u.email} ({u.email})
          </Option>
        ))}
        {users.isSuccess && options.length === 0 ? (
          <Option disabled value="" text="">
            No user matches
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}
