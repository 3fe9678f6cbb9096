import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** The start page: type the event code the organizer shows (or scan its QR code instead). */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const clean = code.trim().toUpperCase();
  return (
    <section className="narrow">
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (clean) navigate(`/e/${encodeURIComponent(clean)}`);
        }}
      >
        <label>
          {t('home.code')}
          <input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={12}
            placeholder="K7Q2PX"
            className="code-input"
          />
        </label>
        <button type="submit" disabled={!clean}>
          {t('home.open')}
        </button>
      </form>
      <p className="muted">
        <Link to="/organizer">{t('home.organizer')}</Link>
      </p>
    </section>
  );
}
