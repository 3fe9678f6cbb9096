import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LANGUAGES } from '../i18n';
import { CardViewProvider } from './card-view';

/** Every page but the big screen: a slim header (home, console, language) and the page, whose card tiles open the card view. */
export function Layout() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <header className="topbar no-print">
        <Link to="/" className="brand">
          Podium
        </Link>
        <nav>
          <Link to="/organizer">{t('nav.organizer')}</Link>
          <select aria-label={t('nav.language')} value={i18n.resolvedLanguage} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
          </select>
        </nav>
      </header>
      <main className="page">
        <CardViewProvider>
          <Outlet />
        </CardViewProvider>
      </main>
    </>
  );
}
