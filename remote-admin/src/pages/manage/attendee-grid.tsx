import {
  createTableColumn,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  makeStyles,
  Text,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components';
import type { ManagedAttendee } from '@hub/shared';
import { formatShortDateTime } from '@hub/ui/date-time';
import { CheckInControl } from './check-in-control';
import {
  compareBy,
  emailOf,
  locationOf,
  nameOf,
  statusLabels,
  type AttendeeColumn,
  type SortChoice,
} from './attendee-view';

const useStyles = makeStyles({
  grid: { minWidth: '44rem' },
  scroller: { overflowX: 'auto' },
  checkIn: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  time: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const columnSizing = {
  name: { minWidth: 140, idealWidth: 180 },
  email: { minWidth: 140, idealWidth: 200 },
  location: { minWidth: 90, idealWidth: 120 },
  status: { minWidth: 90, idealWidth: 110 },
  registeredAt: { minWidth: 140, idealWidth: 150 },
  checkedInAt: { minWidth: 190, idealWidth: 210 },
};

export interface AttendeeGridProps {
  eventId: number;
  eventTitle: string;
  attendees: readonly ManagedAttendee[];
  /** Whether any address was given (core members of the community and admins get them): no column otherwise. */
  showEmail: boolean;
  sort: SortChoice | null;
  onSort: (sort: SortChoice) => void;
  cancelled: boolean;
}

/** The door list on a wide screen: a Fluent DataGrid, sortable by every column, with a check-in switch per row. */
export function AttendeeGrid({
  eventId,
  eventTitle,
  attendees,
  showEmail,
  sort,
  onSort,
  cancelled,
}: AttendeeGridProps) {
  const styles = useStyles();
  const column = (
    id: AttendeeColumn,
    header: string,
    cell: (a: ManagedAttendee) => React.ReactNode,
  ): TableColumnDefinition<ManagedAttendee> =>
    createTableColumn<ManagedAttendee>({
      columnId: id,
      compare: compareBy[id],
      renderHeaderCell: () => header,
      renderCell: cell,
    });
  const columns = [
    column('name', 'Name', (a) => <Text weight="semibold">{nameOf(a)}</Text>),
    ...(showEmail
      ? [column('email', 'E-mail', (a) => emailOf(a) ?? <span className={styles.muted}>Not shown</span>)]
      : []),
    column('location', 'Location', locationOf),
    column('status', 'Status', (a) => statusLabels[a.status]),
    column('registeredAt', 'Registered', (a) => (
      <span className={styles.nowrap}>{formatShortDateTime(a.registeredAt)}</span>
    )),
    column('checkedInAt', 'Checked in', (a) => (
      <span className={styles.checkIn}>
        <CheckInControl eventId={eventId} attendee={a} disabled={cancelled} />
        {a.checkedInAt && <span className={styles.time}>{formatShortDateTime(a.checkedInAt)}</span>}
      </span>
    )),
  ];

  return (
    <div className={styles.scroller}>
      <DataGrid
        className={styles.grid}
        aria-label={`Attendees of ${eventTitle}`}
        items={[...attendees]}
        columns={columns}
        getRowId={(a: ManagedAttendee) => a.userId}
        sortable
        // Widths the content needs (the check-in column holds the switch and a time); the grid
        // fits them to the page, and a keyboard or pointer user can widen any column.
        resizableColumns
        columnSizingOptions={columnSizing}
        sortState={
          sort
            ? { sortColumn: sort.column, sortDirection: sort.direction }
            : { sortColumn: undefined, sortDirection: 'ascending' }
        }
        onSortChange={(_event, state) => {
          const chosen = columns.find((c) => c.columnId === state.sortColumn)?.columnId as AttendeeColumn | undefined;
          if (chosen) onSort({ column: chosen, direction: state.sortDirection });
        }}
      >
        <DataGridHeader>
          <DataGridRow>
            {({ renderHeaderCell }) => <DataGridHeaderCell>{renderHeaderCell()}</DataGridHeaderCell>}
          </DataGridRow>
        </DataGridHeader>
        <DataGridBody<ManagedAttendee>>
          {({ item, rowId }) => (
            <DataGridRow<ManagedAttendee> key={rowId}>
              {({ renderCell, columnId }) => (
                // The switch itself is the stop for arrow keys, so Space toggles it without entering the cell first.
                <DataGridCell focusMode={columnId === 'checkedInAt' ? 'none' : 'cell'}>{renderCell(item)}</DataGridCell>
              )}
            </DataGridRow>
          )}
        </DataGridBody>
      </DataGrid>
    </div>
  );
}
