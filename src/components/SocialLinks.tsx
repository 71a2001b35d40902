import './SocialLinks.css';

import { SOCIAL_LINKS } from '@/lib/site';

import { SvgIcon } from './SvgIcon';

/** The networks' marks as line icons, drawn like Giftwise's own (Icon). */
const PATHS = {
  instagram:
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM17.5 6.5h.01',
  facebook: 'M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h2.5l.5-4h-3V7.5a.5.5 0 0 1 .5-.5H15z',
  linkedin:
    'M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3zM8 10v7M8 7v.01M12 17v-4a2 2 0 0 1 4 0v4M12 10v7',
  x: 'M5 4l14 16M19 4L5 20',
} as const;

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
            <SvgIcon d={PATHS[s.icon]} size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
