// The bottom tab strip on small screens: the main destinations one thumb away.
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useSettings } from '../../features/settings/use-settings.ts';
import { BookIcon, LoginIcon, NotesIcon, SettingsIcon, SparklesIcon } from '../icons.tsx';
import styles from './Frame.module.css';

export function MobileTabs() {
  const { user } = useAuth();
  const { settings } = useSettings();
  const tabs = user
    ? [
        { to: '/notes', label: 'Notes', Icon: NotesIcon },
        { to: '/blog', label: 'Blog', Icon: BookIcon },
        ...(settings.aiFeatures ? [{ to: '/ai-explanations', label: 'AI', Icon: SparklesIcon }] : []),
        { to: '/settings', label: 'Settings', Icon: SettingsIcon },
      ]
    : [
        { to: '/blog', label: 'Blog', Icon: BookIcon },
        { to: '/auth', label: 'Sign in', Icon: LoginIcon },
      ];
  return (
    <nav className={styles.tabs} aria-label="Tabs">
      {tabs.map(({ to, label, Icon }) => (
        <Link key={to} to={to} className={styles.tab} activeProps={{ 'aria-current': 'page' }}>
          <Icon />
          <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}
