import { ComingSoon } from '@/components/ComingSoon';

export default function AdminSignInPage() {
  return <ComingSoon title="ADMIN SIGN IN" />;
}
