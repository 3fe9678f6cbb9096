import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { ErrorMessage } from '../components/error-message';

/**
 * Sign in with the organizer token (printed at start-up: `.data/organizer-token` or
 * ORGANIZER_TOKEN). The token is checked with an empty create request: guards run before
 * validation, so 401 means a wrong token and 400 a right one — nothing is created either way.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const check = useMutation({
    mutationFn: async (candidate: string) => {
      const response = await fetch('/api/events', { method: 'POST', headers: { authorization: `Bearer ${candidate}`, 'content-type': 'application/json' }, body: '{}' });
      if (response.status === 401 || response.status === 403) {
        const body = await response.json().catch(() => ({}));
        throw new ApiError(response.status, body.code ?? 'UNAUTHORIZED', t('organizer.wrongToken'));
      }
      return candidate;
    },
    onSuccess: onSignedIn,
  });
  return (
    <form
      className="narrow"
      onSubmit={(e) => {
        e.preventDefault();
        check.mutate(token.trim());
      }}
    >
      <h1>{t('organizer.signInTitle')}</h1>
      <p className="muted">{t('organizer.tokenHint')}</p>
      <label>
        {t('organizer.token')}
        <input type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="current-password" required />
      </label>
      <ErrorMessage error={check.error} />
      <button type="submit" className="primary" disabled={!token.trim() || check.isPending}>
        {t('organizer.signIn')}
      </button>
    </form>
  );
}
