import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, staffCall } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { useOrganizer, type Me, type Organizer } from './use-organizer';

/**
 * What a staff page shows before its content: "loading" while GET /api/me answers, the sign-in
 * page when nobody is signed in, else null (the page goes on).
 */
export function signInGate(organizer: Organizer, loading: ReactNode): ReactNode | null {
  if (organizer.loading) return loading;
  if (!organizer.auth) return <SignIn />;
  return null;
}

/**
 * Staff sign-in: username and password (a session cookie), or an API token / the organizer token
 * (printed at start-up: `.data/organizer-token` or ORGANIZER_TOKEN), checked with GET /api/me so a
 * wrong one shows no error in the browser's console. Before the first account exists
 * (`setupPending`) there is no password to type: the token form comes first, with a word on the
 * setup link.
 */
export function SignIn() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const setupPending = organizer.me?.setupPending ?? false;
  const [withToken, setWithToken] = useState(false);
  const tokenFirst = withToken || setupPending;
  return (
    <div className="narrow">
      <h1>{t('organizer.signInTitle')}</h1>
      {setupPending && <p className="muted">{t('staff.setupPendingHint')}</p>}
      {tokenFirst ? <TokenForm /> : <PasswordForm />}
      {!setupPending && (
        <p>
          <button type="button" className="link" onClick={() => setWithToken(!withToken)}>
            {withToken ? t('staff.usePassword') : t('staff.useToken')}
          </button>
        </p>
      )}
    </div>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => staffCall<Me>('POST', '/auth/login', { body: { username: username.trim(), password } }),
    onSuccess: organizer.signedIn,
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        login.mutate();
      }}
    >
      <label>
        {t('staff.username')}
        <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoCapitalize="none" spellCheck={false} required />
      </label>
      <label>
        {t('staff.password')}
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
      </label>
      <ErrorMessage error={login.error} />
      <button type="submit" className="primary" disabled={!username.trim() || !password || login.isPending}>
        {t('organizer.signIn')}
      </button>
    </form>
  );
}

function TokenForm() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const [token, setToken] = useState('');
  const check = useMutation({
    mutationFn: async (candidate: string) => {
      const wrong = new ApiError(401, 'UNAUTHORIZED', t('organizer.wrongToken'));
      const me = await staffCall<Me>('GET', '/me', { auth: { kind: 'token', token: candidate } }).catch((error: unknown) => {
        throw error instanceof ApiError && error.status === 401 ? wrong : error;
      });
      if (!me.signedIn) throw wrong;
      return { me, candidate };
    },
    onSuccess: ({ me, candidate }) => organizer.signedInWithToken(me, candidate),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        check.mutate(token.trim());
      }}
    >
      <p className="muted">{t('organizer.tokenHint')}</p>
      <label>
        {t('organizer.token')}
        <input type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" required />
      </label>
      <ErrorMessage error={check.error} />
      <button type="submit" className="primary" disabled={!token.trim() || check.isPending}>
        {t('organizer.signIn')}
      </button>
    </form>
  );
}
