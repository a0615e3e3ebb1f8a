import { lazy, Suspense } from 'react';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular, HeartPulseRegular, HistoryRegular, PeopleRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router';
import { routePaths } from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { RouterLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { KeyFigures } from './key-figures';

// The users and audit tabs are chunks of their own, fetched when first shown: their DataGrid,
// combobox, date picker and dialog are most of this screen's code, and the figures (the tab that
// opens first) need none of it (issue 12's budget of 350 KB gzip on /admin-dashboard).
const UsersPanel = lazy(() => import('./users-panel').then((m) => ({ default: m.UsersPanel })));
const AuditLogPanel = lazy(() => import('./audit-log-panel').then((m) => ({ default: m.AuditLogPanel })));

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  statusLink: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export const adminViews = {
  figures: 'Key figures',
  users: 'Users',
  audit: 'Audit log',
} as const;
export type AdminView = keyof typeof adminViews;

const isView = (value: string | null): value is AdminView => value !== null && value in adminViews;

/**
 * `/admin-dashboard` (admins): the platform's key figures with their trends, the users and their
 * roles, and the audit log, one tab each. The tab is in the address (`?view=users`), so it
 * survives a reload and can be linked to; each tab's data is asked for only when it is shown.
 */
export function AdminDashboardPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: AdminView = isView(requested) ? requested : 'figures';

  return (
    <PageFrame
      title="Admin dashboard"
      documentTitle={view === 'figures' ? 'Admin dashboard' : `${adminViews[view]} · Admin dashboard`}
      intro="How the platform is used, who has which role, and what staff did."
      headerExtra={
        // What is deployed and whether it answers lives on its own page (issue 23: linked from here).
        <RouterLink to={routePaths.dashboard()} className={styles.statusLink}>
          <HeartPulseRegular aria-hidden />
          Platform status
        </RouterLink>
      }
    >
      <TabList
        className={styles.tabs}
        selectedValue={view}
        onTabSelect={(_e, data) => setParams(data.value === 'figures' ? {} : { view: String(data.value) })}
      >
        <Tab value="figures" id="admin-tab-figures" aria-controls="admin-panel" icon={<DataBarVerticalRegular />}>
          {adminViews.figures}
        </Tab>
        <Tab value="users" id="admin-tab-users" aria-controls="admin-panel" icon={<PeopleRegular />}>
          {adminViews.users}
        </Tab>
        <Tab value="audit" id="admin-tab-audit" aria-controls="admin-panel" icon={<HistoryRegular />}>
          {adminViews.audit}
        </Tab>
      </TabList>
      <div role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${view}`} className={styles.panel}>
        {view === 'figures' && <KeyFigures />}
        <Suspense fallback={<RowsSkeleton label={`Loading the ${adminViews[view].toLowerCase()}`} count={8} />}>
          {view === 'users' && <UsersPanel />}
          {view === 'audit' && <AuditLogPanel />}
        </Suspense>
      </div>
    </PageFrame>
  );
}
