import { customerDevices } from '@/api/devices';
import { SignedInDevices } from '@/components/devices/SignedInDevices';

/** The customer's signed-in devices: a chunk of its own, loaded after the profile (SignedInDevicesSection). */
export default function CustomerDevices() {
  return <SignedInDevices calls={customerDevices} />;
}
