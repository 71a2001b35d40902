import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { useToken } from '@/hooks/useToken';

interface Props {
  children?: ReactNode;
  size?: 'sm' | 'lg';
  variant?: 'primary' | 'light' | 'outline-primary';
  className?: string;
}

/**
 * The "Get Started" button of Home, How It Works and About: it goes to the orders screen when a customer
 * token is stored, otherwise to sign-up.
 */
export function GetStartedButton({
  children = 'Get Started',
  size = 'lg',
  variant = 'primary',
  className = '',
}: Props) {
  const token = useToken('customer');
  return (
    <Link to={token ? '/orders' : '/signup'} className={`btn btn-${variant} btn-${size} ${className}`.trim()}>
      {children}
    </Link>
  );
}
