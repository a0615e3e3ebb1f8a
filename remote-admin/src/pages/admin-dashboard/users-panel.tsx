import { useMemo, useRef, useState } from 'react';
import {
  Badge,
  Body1,
  Button,
  createTableColumn,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  Dropdown,
  Field,
  makeStyles,
  Option,
  SearchBox,
  tokens,
  type SortDirection,
  type TableColumnDefinition,
  type TableColumnId,
} from '@fluentui/react-components';
import { PersonEditRegular } from '@fluentui/react-icons';
import {
  Role,
  toNormalisedError,
  useAdminUsers,
  useAtomValue,
  userInfoAtom,
  type AdminUser,
  type AdminUsersQuery,
} from '@hub/shared';
import { EmptyState } from '@hub/ui/empty-state';
import { LoadFailure } from '@hub/ui/load-failure';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { fromWidth } from '@hub/ui/breakpoints';
import { DeleteUserAccountButton } from './delete-user-account-button';
import { RevokeCalendarFeedButton } from './revoke-calendar-feed-button';
import { RoleChangeDialog } from './role-change-dialog';
import { roleNames } from './role-texts';
import { useDebouncedValue } from './use-debounced-value';
import { Pager } from '../../pager/pager';

export const usersPageSize = 20;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [fromWidth('small')]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
    maxWidth: '48rem',
  },
  gridScroll: { overflowX: 'auto' },
  grid: { minWidth: '52rem' },
  // A long e-mail address wraps inside its cell instead of running into the next column.
  cell: { overflowWrap: 'anywhere' },
  roles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground2 },
});

const roleFilterOptions = [
  { value: '', label: 'All roles' },
  ...[Role.Admin, Role.CoreMember, Role.Capgemini, Role.External].map((r) => ({
    value: String(r),
    label: roleNames[r]!,
  })),
];

type SortColumn = 'name' | 'email';

const serverOrder = (_a: AdminUser, _b: AdminUser) => 0;

/**
 * The users (GET api/admin/users): searched by name or e-mail, filtered by role, sorted by name
 * or e-mail and paged, all by the API, so it stays fast with any number of users. Each row's
 * "Change roles" opens the role dialog.
 */
export function UsersPanel() {
  const styles = useStyles();
  const me = useAtomValue(userInfoAtom);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [sort, setSort] = useState<{ column: SortColumn; direction: SortDirection }>({
    column: 'name',
    direction: 'ascending',
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  // The dialog is unmounted on close, so Fluent cannot give focus back: the button that opened it takes it.
  const openedFrom = useRef<HTMLElement | null>(null);
  const q = useDebouncedValue(search.trim());

  const query: AdminUsersQuery = {
    q: q || undefined,
    role: role === '' ? undefined : Number(role),
    sort: sort.column,
    order: sort.direction === 'ascending' ? 'asc' : 'desc',
    page,
    pageSize: usersPageSize,
  };
  const users = useAdminUsers(query);
  const isSelf = (u: AdminUser) => u.email.toLowerCase() === me.email.toLowerCase();

  const columns = useMemo<TableColumnDefinition<AdminUser>[]>(
    () => [
      createTableColumn<AdminUser>({
        columnId: 'name',
        // Sorted by the API. A DataGrid column is sortable when its compare function takes arguments
        // (Fluent checks its length); this one keeps the API's order.
        compare: serverOrder,
        renderHeaderCell: () => 'Name',
        renderCell: (u) => (
          <span>
            {`${u.lastName}, ${u.firstName}`.replace(/^, |, $/g, '') || '—'}
            {isSelf(u) ? <span className={styles.muted}> (you)</span> : null}
          </span>
        ),
      }),
      createTableColumn<AdminUser>({
        columnId: 'email',
        compare: serverOrder,
        renderHeaderCell: () => 'E-mail',
        renderCell: (u) => u.email,
      }),
      createTableColumn<AdminUser>({
        columnId: 'city',
        renderHeaderCell: () => 'City',
        renderCell: (u) => u.city ?? '—',
      }),
      createTableColumn<AdminUser>({
        columnId: 'roles',
        renderHeaderCell: () => 'Roles',
        renderCell: (u) => (
          <span className={styles.roles}>
            {u.userId === null && (
              <Badge appearance="outline" color="informative">
                Not signed in yet
              </Badge>
            )}
            {u.roles.map((r) => (
              <Badge key={r} appearance="tint" color={r === Role.Admin ? 'important' : 'brand'}>
                {roleNames[r] ?? `Role ${r}`}
              </Badge>
            ))}
          </span>
        ),
      }),
      createTableColumn<AdminUser>({
        columnId: 'actions',
        renderHeaderCell: () => <span className={styles.muted}>Actions</span>,
        renderCell: (u) => (
          <Button
            size="small"
            icon={<PersonEditRegular />}
            onClick={(event) => {
              openedFrom.current = event.currentTarget;
              setEditing(u);
            }}
            // WCAG 2.5.3 (label in name): the visible text starts the name; whose roles follows.
            aria-label={`Change roles of ${u.firstName} ${u.lastName}`.trim()}
          >
            Change roles
          </Button>
        ),
      }),
      createTableColumn<AdminUser>({
        columnId: 'calendarFeed',
        renderHeaderCell: () => <span className={styles.muted}>Calendar feed</span>,
        renderCell: (u) => <RevokeCalendarFeedButton user={u} />,
      }),
      createTableColumn<AdminUser>({
        columnId: 'account',
        renderHeaderCell: () => <span className={styles.muted}>Account</span>,
        renderCell: (u) => <DeleteUserAccountButton user={u} />,
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me.email, styles],
  );

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / usersPageSize));
  const filtered = Boolean(q) || role !== '';

  return (
    <div className={styles.root}>
      <div className={styles.filters}>
        <Field label="Search by name or e-mail">
          <SearchBox
            value={search}
            maxLength={100}
            onChange={(_e, data) => {
              setSearch(data.value);
              setPage(1);
            }}
          />
        </Field>
        <Field label="Role">
          <Dropdown
            value={roleFilterOptions.find((o) => o.value === role)?.label}
            selectedOptions={[role]}
            onOptionSelect={(_e, data) => {
              setRole(data.optionValue ?? '');
              setPage(1);
            }}
          >
            {roleFilterOptions.map((o) => (
              <Option key={o.value} value={o.value}>
                {o.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      {users.isPending && <RowsSkeleton label="Loading the users" count={6} />}
      {users.isError && (
        <LoadFailure
          title="Could not load the users"
          error={toNormalisedError(users.error)}
          onRetry={() => void users.refetch()}
        />
      )}
      {users.data && users.data.items.length === 0 && (
        <EmptyState title={filtered ? 'No user matches' : 'No users yet'} live={filtered}>
          {filtered ? 'Try another name, e-mail address or role.' : 'Users appear here after their first sign-in.'}
        </EmptyState>
      )}
      {users.data && users.data.items.length > 0 && (
        <>
          <Body1 role="status" className={styles.muted}>
            {total === 1 ? '1 user' : `${total} users`}
            {filtered ? ' match' : ''}
          </Body1>
          <div className={styles.gridScroll}>
            <DataGrid
              items={users.data.items}
              columns={columns}
              getRowId={(u) => u.id}
              sortable
              sortState={{ sortColumn: sort.column as TableColumnId, sortDirection: sort.direction }}
              onSortChange={(_e, next) => {
                if (next.sortColumn !== 'name' && next.sortColumn !== 'email') return;
                setSort({ column: next.sortColumn, direction: next.sortDirection });
                setPage(1);
              }}
              aria-label="Users"
              aria-busy={users.isPlaceholderData || undefined}
              className={styles.grid}
            >
              <DataGridHeader>
                <DataGridRow>
                  {({ renderHeaderCell }) => <DataGridHeaderCell>{renderHeaderCell()}</DataGridHeaderCell>}
                </DataGridRow>
              </DataGridHeader>
              <DataGridBody<AdminUser>>
                {({ item, rowId }) => (
                  <DataGridRow<AdminUser> key={rowId}>
                    {({ renderCell }) => <DataGridCell className={styles.cell}>{renderCell(item)}</DataGridCell>}
                  </DataGridRow>
                )}
              </DataGridBody>
            </DataGrid>
          </div>
          <Pager label="Pages of users" page={page} pages={pages} onPageChange={setPage} />
        </>
      )}
      {editing && (
        <RoleChangeDialog
          user={editing}
          self={isSelf(editing)}
          onClose={() => {
            setEditing(null);
            window.setTimeout(() => openedFrom.current?.focus(), 0);
          }}
        />
      )}
    </div>
  );
}
