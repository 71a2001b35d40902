import Container from 'react-bootstrap/Container';
import { useRouteLoaderData } from 'react-router-dom';

import { adminDevices, changeAdminPassword } from '@/api/admin';
import { PasswordAndDevices } from '@/components/account/PasswordAndDevices';
import { usePageMeta } from '@/hooks/usePageMeta';

/**
 * /admin/account: the signed-in admin's own account: change of password (the other sessions end) and the
 * signed-in devices. Linked from the admin header.
 */
export default function AdminAccountPage() {
  usePageMeta('Your admin account', 'Change your admin password and see where you are signed in.');
  const session = useRouteLoaderData('admin') as { email: string | null } | undefined;
  return (
    <Container className="py-4">
      <h1 className="h3 mb-1">Your admin account</h1>
      {session?.email && <p className="text-body-secondary">{session.email}</p>}
      <PasswordAndDevices changePassword={changeAdminPassword} devices={adminDevices} />
    </Container>
  );
}
