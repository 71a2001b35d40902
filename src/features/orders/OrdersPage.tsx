import { ComingSoon } from '@/components/ComingSoon';

export default function OrdersPage() {
  return <ComingSoon title="Orders" />;
}
