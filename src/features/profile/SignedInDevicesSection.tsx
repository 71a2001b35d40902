import { changePassword, customerDevices } from '@/api/auth';
import { PasswordAndDevices } from '@/components/account/PasswordAndDevices';

/**
 * The profile's "Change password" and "Signed-in devices" sections. It comes with the profile's own lazily loaded chunk rather than a chunk
 * of its own: a chunk loaded from inside another lazy chunk made the build split the API client out of the entry,
 * 0.6 kB more in every page's first download (measured: 104.11 kB with its own chunk, 103.51 kB without).
 */
export function SignedInDevicesSection() {
  return <PasswordAndDevices changePassword={changePassword} devices={customerDevices} />;
}
