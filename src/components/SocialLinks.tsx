import './SocialLinks.css';

import { SOCIAL_LINKS } from '@/lib/site';

import { Icon } from './Icon';

/** Giftwise's social pages as round icon links (each with an accessible name). */
export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`list-unstyled d-flex gap-2 mb-0 ${className}`}>
      {SOCIAL_LINKS.map((s) => (
        <li key={s.name}>
          <a
            className="social-link"
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Giftwise on ${s.name} (opens in a new tab)`}
            title={s.name}
          >
            <Icon name={s.icon} size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
