import { ComingSoon } from '@/components/ComingSoon';

export default function RequestsPage() {
  return <ComingSoon title="Requests" />;
}
