import { ComingSoon } from '@/components/ComingSoon';

export default function SignUpPage() {
  return <ComingSoon title="Sign Up" />;
}
