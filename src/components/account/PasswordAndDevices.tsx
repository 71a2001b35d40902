import { useState } from 'react';

import type { DeviceCalls } from '@/api/devices';
import { SignedInDevices } from '@/components/devices/SignedInDevices';

import { ChangePasswordSection, type ChangePasswordCall } from './ChangePasswordSection';

/**
 * The account's own security, customers' (the profile) and admins' (/admin/account) alike: the change of password,
 * then the signed-in devices, which reload after a change (it signs the others out).
 */
export function PasswordAndDevices({
  changePassword,
  devices,
}: {
  changePassword: ChangePasswordCall;
  devices: DeviceCalls;
}) {
  const [changes, setChanges] = useState(0);
  return (
    <>
      <ChangePasswordSection change={changePassword} onChanged={() => setChanges((n) => n + 1)} />
      <SignedInDevices key={changes} calls={devices} />
    </>
  );
}
