import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../components/error-message';
import { forgetLinkToken, PASSWORD_MAX, PASSWORD_MIN, staffApi, takeLinkToken, USERNAME_PATTERN } from '../data/staff';
import { useOrganizer, type Me } from './use-organizer';

/**
 * `/setup#token=…`: the first start's setup link (printed by the server, and in `.data/setup-link`)
 * makes the server's owner — the store's name, the owner's name, username and password — and signs
 * them in. The token leaves the address bar as soon as it is read.
 */
export function SetupPage() {
  const { t } = useTranslation();
  const [token] = useState(() => takeLinkToken('setup'));
  const info = useQuery({ queryKey: ['invite', token], enabled: !!token, retry: false, queryFn: () => staffApi.invite(token!) });
  const [storeName, setStoreName] = useState('');
  const done = useSignedIn('setup');
  const setup = useMutation({
    mutationFn: (account: AccountFields) => staffApi.setup({ token: token!, storeName: storeName.trim(), ...account }),
    onSuccess: done,
  });
  return (
    <section className="narrow">
      <h1>{t('staff.setupTitle')}</h1>
      {!token && <p className="warn">{t('staff.noLinkToken')}</p>}
      <ErrorMessage error={info.error} />
      {info.data && (
        <>
          <p className="muted">{t('staff.setupHint')}</p>
          <AccountForm
            submit={t('staff.createOwner')}
            pending={setup.isPending}
            error={setup.error}
            onSubmit={(account) => setup.mutate(account)}
            before={
              <label>
                {t('staff.storeName')}
                <input value={storeName} onChange={(e) => setStoreName(e.target.value)} maxLength={120} required placeholder={t('staff.storeNamePlaceholder')} />
              </label>
            }
          />
        </>
      )}
    </section>
  );
}

/**
 * `/invite#token=…`: an invite of a store's owner: names the store and the role, then creates an
 * account with it, or adds the role to the account of someone already on staff elsewhere (their
 * username and password). Signs them in.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const [token] = useState(() => takeLinkToken('invite'));
  const info = useQuery({ queryKey: ['invite', token], enabled: !!token, retry: false, queryFn: () => staffApi.invite(token!) });
  const [existing, setExisting] = useState(false);
  const done = useSignedIn('invite');
  const accept = useMutation({
    mutationFn: (account: AccountFields) => staffApi.accept(token!, existing ? { name: account.username, username: account.username, password: account.password } : account),
    onSuccess: done,
  });
  return (
    <section className="narrow">
      <h1>{t('staff.inviteTitle')}</h1>
      {!token && <p className="warn">{t('staff.noLinkToken')}</p>}
      <ErrorMessage error={info.error} />
      {info.data && (
        <>
          <p data-testid="invite-info">{t('staff.invitedAs', { store: info.data.storeName, role: t(`role.${info.data.role}`) })}</p>
          <p className="muted">{t(`roleHint.${info.data.role}`)}</p>
          <div className="tabs" role="group">
            <button type="button" className={existing ? '' : 'selected'} aria-pressed={!existing} onClick={() => setExisting(false)}>
              {t('staff.newAccount')}
            </button>
            <button type="button" className={existing ? 'selected' : ''} aria-pressed={existing} onClick={() => setExisting(true)}>
              {t('staff.existingAccount')}
            </button>
          </div>
          <AccountForm
            key={existing ? 'existing' : 'new'}
            existing={existing}
            submit={existing ? t('staff.addRole') : t('staff.createAccount')}
            pending={accept.isPending}
            error={accept.error}
            onSubmit={(account) => accept.mutate(account)}
          />
        </>
      )}
    </section>
  );
}

interface AccountFields {
  name: string;
  username: string;
  password: string;
}

/** After setup or an accepted invite: the session cookie is set; forget the link and open the console. */
function useSignedIn(kind: 'setup' | 'invite') {
  const organizer = useOrganizer();
  const navigate = useNavigate();
  return (me: Me) => {
    forgetLinkToken(kind);
    organizer.signedIn(me);
    navigate('/organizer');
  };
}

/**
 * Name, username, password twice (a new account), or username and password (an existing one).
 * The two passwords must match before anything is sent.
 */
function AccountForm({
  existing = false,
  submit,
  pending,
  error,
  onSubmit,
  before,
}: {
  existing?: boolean;
  submit: string;
  pending: boolean;
  error: unknown;
  onSubmit: (account: AccountFields) => void;
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = !existing && again !== '' && again !== password;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!mismatch) onSubmit({ name: name.trim(), username: username.trim().toLowerCase(), password });
      }}
    >
      {before}
      {!existing && (
        <label>
          {t('staff.yourName')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required autoComplete="name" />
        </label>
      )}
      <label>
        {t('staff.username')} {!existing && <span className="muted">({t('staff.usernameHint')})</span>}
        <input
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          pattern={USERNAME_PATTERN}
          minLength={3}
          maxLength={40}
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </label>
      <label>
        {t('staff.password')} {!existing && <span className="muted">({t('staff.passwordHint', { min: PASSWORD_MIN })})</span>}
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          minLength={existing ? undefined : PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          required
          autoComplete={existing ? 'current-password' : 'new-password'}
        />
      </label>
      {!existing && (
        <label>
          {t('staff.passwordAgain')}
          <input type="password" value={again} onChange={(e) => setAgain(e.target.value)} maxLength={PASSWORD_MAX} required autoComplete="new-password" />
        </label>
      )}
      {mismatch && <p className="warn">{t('staff.passwordsDiffer')}</p>}
      <ErrorMessage error={error} />
      <button type="submit" className="primary" disabled={pending || mismatch}>
        {submit}
      </button>
    </form>
  );
}
