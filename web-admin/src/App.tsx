import { Admin, Resource } from 'react-admin';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { dataProvider } from './dataProvider';
import { Dashboard } from './dashboard/Dashboard';
import events from './events';
import exportsResource from './exports';
import jobs from './jobs';
import members from './members';
import memberships from './memberships';
import payments from './payments';
import prizes from './prizes';
import projections from './projections';
import referrals from './referrals';
import teams from './teams';

/** The staff console, served by the API at /admin. Who may edit what is decided in authProvider.canAccess. */
export function App() {
  return (
    <Admin
      basename="/admin"
      title="ROAR+ staff"
      disableTelemetry
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
    >
      <Resource name="memberships" {...memberships} />
      <Resource name="members" {...members} />
      <Resource name="payments" {...payments} />
      <Resource name="prizes" {...prizes} />
      <Resource name="referrals" {...referrals} />
      <Resource name="teams" {...teams} />
      <Resource name="exports" options={{ label: 'Exports' }} {...exportsResource} />
      <Resource name="events" options={{ label: 'Event log' }} {...events} />
      <Resource name="projections" options={{ label: 'Read models' }} {...projections} />
      <Resource name="jobs-failed" options={{ label: 'Failed jobs' }} {...jobs} />
    </Admin>
  );
}
