import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffAuth } from '../api/client';
import { CopyField } from '../components/copy-field';
import { ErrorMessage } from '../components/error-message';
import { QrCode } from '../components/qr-code';
import { STORE_ROLES, staffApi, type CreatedInvite } from '../data/staff';
import { signInGate } from './sign-in';
import { StaffBar } from './staff-bar';
import { meKey, useOrganizer, type StaffStore, type StoreRole } from './use-organizer';

/**
 * `/organizer/staff` (owners: store.manage): the store's staff with their roles (change, remove
 * after a confirmation), invites of a role — the link shown once, with a copy button and a QR code
 * — and the pending ones (cancel), and the store's name.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const gate = signInGate(organizer, <p>{t('common.loading')}</p>);
  if (gate || !organizer.auth) return gate;
  const store = organizer.store;
  return (
    <section>
      <StaffBar organizer={organizer} />
      <h1>{t('staff.staffTitle', { store: store?.name ?? '' })}</h1>
      {store && organizer.may('store.manage') ? (
        <StoreStaff key={store.id} auth={organizer.auth} store={store} me={organizer.me?.account?.id ?? null} />
      ) : (
        <p className="warn">{t('staff.ownersOnly')}</p>
      )}
    </section>
  );
}

function StoreStaff({ auth, store, me }: { auth: StaffAuth; store: StaffStore; me: string | null }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['staff', store.id];
  const list = useQuery({ queryKey: key, queryFn: () => staffApi.staff(auth, store.id) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const changeRole = useMutation({ mutationFn: (m: { accountId: string; role: StoreRole }) => staffApi.changeRole(auth, store.id, m.accountId, m.role), onSettled: refresh });
  const remove = useMutation({ mutationFn: (accountId: string) => staffApi.remove(auth, store.id, accountId), onSuccess: refresh });
  const [role, setRole] = useState<StoreRole>('scorekeeper');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const invite = useMutation({
    mutationFn: () => staffApi.createInvite(auth, store.id, role),
    onSuccess: (c) => {
      setCreated(c);
      void refresh();
    },
  });
  const cancel = useMutation({ mutationFn: (inviteId: string) => staffApi.cancelInvite(auth, store.id, inviteId), onSuccess: refresh });
  const [name, setName] = useState(store.name);
  const rename = useMutation({
    mutationFn: () => staffApi.renameStore(auth, store.id, name.trim()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.resolvedLanguage);
  const staff = list.data?.staff ?? [];
  const invites = list.data?.invites ?? [];
  return (
    <div className="columns">
      <section>
        <h2>{t('staff.members')}</h2>
        <ErrorMessage error={list.error ?? changeRole.error ?? remove.error} />
        <table data-testid="staff-list">
          <thead>
            <tr>
              <th>{t('staff.name')}</th>
              <th>{t('staff.role')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {staff.map((m) => (
              <tr key={m.accountId}>
                <td>
                  {m.name} <span className="muted">{m.username}</span>
                  {m.accountId === me && <span className="badge">{t('staff.you')}</span>}
                </td>
                <td>
                  <select
                    aria-label={t('staff.roleOf', { name: m.name })}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ accountId: m.accountId, role: e.target.value as StoreRole })}
                  >
                    {STORE_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`role.${r}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="link"
                    aria-label={t('staff.removeName', { name: m.name })}
                    onClick={() => window.confirm(t('staff.removeConfirm', { name: m.name, store: store.name })) && remove.mutate(m.accountId)}
                  >
                    {t('staff.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>{t('staff.renameStore')}</h2>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) rename.mutate();
          }}
        >
          <label>
            {t('staff.storeName')}
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required />
          </label>
          <button type="submit" disabled={rename.isPending || !name.trim() || name.trim() === store.name}>
            {t('staff.rename')}
          </button>
        </form>
        <ErrorMessage error={rename.error} />
      </section>
      <section>
        <h2>{t('staff.inviteSomeone')}</h2>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            setCreated(null);
            invite.mutate();
          }}
        >
          <label>
            {t('staff.role')}
            <select value={role} onChange={(e) => setRole(e.target.value as StoreRole)}>
              {STORE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="primary" disabled={invite.isPending}>
            {t('staff.createInvite')}
          </button>
        </form>
        <p className="muted">{t(`roleHint.${role}`)}</p>
        <ErrorMessage error={invite.error ?? cancel.error} />
        {created && (
          <div className="token-box" role="dialog" aria-label={t('staff.inviteLinkFor', { role: t(`role.${created.role}`) })} data-testid="invite-link">
            <p>
              <strong>{t('staff.inviteLinkFor', { role: t(`role.${created.role}`) })}</strong>
            </p>
            <p className="muted">{t('staff.inviteOnce', { date: date(created.expiresAt) })}</p>
            <QrCode value={created.url} size={180} label={t('staff.inviteQr', { role: t(`role.${created.role}`) })} />
            <CopyField value={created.url} label={t('staff.inviteLink')} testId="invite-url" />
            <button type="button" onClick={() => setCreated(null)}>
              {t('common.close')}
            </button>
          </div>
        )}
        <h2>{t('staff.pendingInvites')}</h2>
        {invites.length === 0 ? (
          <p className="muted">{t('staff.noInvites')}</p>
        ) : (
          <ul className="plain" data-testid="pending-invites">
            {invites.map((i) => (
              <li key={i.id}>
                {t(`role.${i.role}`)} · <span className="muted">{t('staff.invitedOn', { created: date(i.createdAt), expires: date(i.expiresAt) })}</span>{' '}
                <button type="button" className="link" onClick={() => window.confirm(t('staff.cancelInviteConfirm')) && cancel.mutate(i.id)}>
                  {t('staff.cancelInvite')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
