import { ComingSoon } from '@/components/ComingSoon';

export default function HowItWorksPage() {
  return <ComingSoon title="How It Works" />;
}
