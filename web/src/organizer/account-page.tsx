import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffAuth } from '../api/client';
import { CopyField } from '../components/copy-field';
import { ErrorMessage } from '../components/error-message';
import { PASSWORD_MAX, PASSWORD_MIN, staffApi, type CreatedApiToken } from '../data/staff';
import { signInGate } from './sign-in';
import { StaffBar } from './staff-bar';
import { useOrganizer } from './use-organizer';

/**
 * `/organizer/account` (any staff account): change the password (the account's other sessions
 * end), and API tokens for scripts and other devices — create with a name (shown once, with a copy
 * button), the list with when each was last used, revoke after a confirmation.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const gate = signInGate(organizer, <p>{t('common.loading')}</p>);
  if (gate || !organizer.auth) return gate;
  return (
    <section>
      <StaffBar organizer={organizer} />
      <h1>{t('staff.accountTitle')}</h1>
      {organizer.me?.account ? (
        <div className="columns">
          <ApiTokens auth={organizer.auth} />
          <ChangePassword auth={organizer.auth} />
        </div>
      ) : (
        <p className="warn">{t('staff.noAccount')}</p>
      )}
    </section>
  );
}

function ChangePassword({ auth }: { auth: StaffAuth }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const change = useMutation({
    mutationFn: () => staffApi.changePassword(auth, current, next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setAgain('');
    },
  });
  const mismatch = again !== '' && again !== next;
  return (
    <form
      className="card-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!mismatch) change.mutate();
      }}
    >
      <h2>{t('staff.changePassword')}</h2>
      <label>
        {t('staff.currentPassword')}
        <input type="password" value={current} onChange={(e) => setCurrent(e.target.value)} required autoComplete="current-password" maxLength={PASSWORD_MAX} />
      </label>
      <label>
        {t('staff.newPassword')} <span className="muted">({t('staff.passwordHint', { min: PASSWORD_MIN })})</span>
        <input type="password" value={next} onChange={(e) => setNext(e.target.value)} required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </label>
      <label>
        {t('staff.passwordAgain')}
        <input type="password" value={again} onChange={(e) => setAgain(e.target.value)} required maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </label>
      {mismatch && <p className="warn">{t('staff.passwordsDiffer')}</p>}
      <ErrorMessage error={change.error} />
      {change.isSuccess && (
        <p className="ok" role="status">
          {t('staff.passwordChanged')}
        </p>
      )}
      <button type="submit" className="primary" disabled={change.isPending || mismatch}>
        {t('staff.changePassword')}
      </button>
    </form>
  );
}

function ApiTokens({ auth }: { auth: StaffAuth }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['api-tokens'], queryFn: () => staffApi.tokens(auth) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const create = useMutation({
    mutationFn: () => staffApi.createToken(auth, name.trim()),
    onSuccess: (c) => {
      setCreated(c);
      setName('');
      void refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => staffApi.revokeToken(auth, id), onSuccess: refresh });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }) : t('staff.never'));
  const tokens = list.data?.tokens ?? [];
  return (
    <section>
      <h2>{t('staff.apiTokens')}</h2>
      <p className="muted">{t('staff.apiTokensHint')}</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setCreated(null);
          if (name.trim()) create.mutate();
        }}
      >
        <label>
          {t('staff.tokenName')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required placeholder={t('staff.tokenNamePlaceholder')} />
        </label>
        <button type="submit" className="primary" disabled={create.isPending || !name.trim()}>
          {t('staff.createToken')}
        </button>
      </form>
      <ErrorMessage error={create.error ?? revoke.error ?? list.error} />
      {created && (
        <div className="token-box" role="dialog" aria-label={t('staff.newToken', { name: created.name })} data-testid="new-api-token">
          <p>
            <strong>{t('staff.newToken', { name: created.name })}</strong>
          </p>
          <p className="muted">{t('staff.tokenOnce')}</p>
          <CopyField value={created.token} label={t('staff.apiToken')} testId="api-token-value" />
          <button type="button" onClick={() => setCreated(null)}>
            {t('common.close')}
          </button>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="muted">{t('staff.noTokens')}</p>
      ) : (
        <table data-testid="api-tokens">
          <thead>
            <tr>
              <th>{t('staff.tokenName')}</th>
              <th>{t('staff.created')}</th>
              <th>{t('staff.lastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>{when(k.createdAt)}</td>
                <td>{when(k.lastUsedAt)}</td>
                <td>
                  <button
                    type="button"
                    className="link"
                    aria-label={t('staff.revokeName', { name: k.name })}
                    onClick={() => window.confirm(t('staff.revokeConfirm', { name: k.name })) && revoke.mutate(k.id)}
                  >
                    {t('staff.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
