import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

/**
 * An error in words: the server's message (it names the field and the rule), plus what to do for
 * the codes a player or organizer meets on the night.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const e = error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', String((error as Error)?.message ?? error));
  const hint = t(`errors.${e.code}`, { defaultValue: '' });
  // A one-field error repeats the message as its detail: say it once.
  const details = e.details.filter((d) => !e.message.includes(d.message));
  return (
    <div role="alert" className="error">
      <strong>{e.code === 'NETWORK' ? t('errors.offline') : e.message}</strong>
      {hint && <div>{hint}</div>}
      {details.length > 0 && (
        <ul>
          {details.map((d, i) => (
            <li key={i}>{d.field ? `${d.field}: ${d.message}` : d.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
