import { customerDevices } from '@/api/auth';
import { SignedInDevices } from '@/components/devices/SignedInDevices';

/**
 * The profile's "Signed-in devices" section. It comes with the profile's own lazily loaded chunk rather than a chunk
 * of its own: a chunk loaded from inside another lazy chunk made the build split the API client out of the first
 * download, 0.7 kB more for every page (measured; the first-load budget has 0.06 kB to spare).
 */
export function SignedInDevicesSection() {
  return <SignedInDevices calls={customerDevices} />;
}
