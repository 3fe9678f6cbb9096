import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { errorCodeKey } from '../i18n/error-codes';

/** "cards[12].rarity" → "cards": the top field, which names what the player typed or picked. */
const topField = (field: string): string => field.split(/[.[]/)[0];

/**
 * An error in words. In English: the server's message (it names the field and the rule). In
 * another language: the text of the error's code, then the fields at fault by name ("Проверьте:
 * имя, код доступа"), with the server's English details folded away; a code the app does not know
 * shows the server's English message. Then what to do, for the codes a player or organizer meets
 * on the night (`errors.<CODE>`).
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const e = error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', String((error as Error)?.message ?? error));
  const english = i18n.resolvedLanguage?.startsWith('en') ?? true;
  const key = errorCodeKey(e.code);
  const hint = t(`errors.${e.code}`, { defaultValue: '' });
  // A one-field error repeats the message as its detail: say it once.
  const details = e.details.filter((d) => !e.message.includes(d.message));
  if (e.code === 'NETWORK') {
    return (
      <div role="alert" className="error" data-code={e.code}>
        <strong>{t('errors.offline')}</strong>
      </div>
    );
  }
  if (english || !key) {
    return (
      <div role="alert" className="error" data-code={e.code}>
        <strong lang={english ? undefined : 'en'}>{e.message}</strong>
        {hint && <div>{hint}</div>}
        {details.length > 0 && (
          <ul lang={english ? undefined : 'en'}>
            {details.map((d, i) => (
              <li key={i}>{d.field ? `${d.field}: ${d.message}` : d.message}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  const text = t(`errorCode.${key}`, { status: e.status });
  const fields = [...new Set(e.details.flatMap((d) => (d.field ? [topField(d.field)] : [])))].map((f) => t(`fieldName.${f}`, { defaultValue: f }));
  return (
    <div role="alert" className="error" data-code={e.code}>
      <strong>{text}</strong>
      {hint && hint !== text && <div>{hint}</div>}
      {fields.length > 0 && <div>{t('errorFields.label', { fields: fields.join(', ') })}</div>}
      {e.details.length > 0 && (
        <details>
          <summary>{t('errorFields.more')}</summary>
          <ul lang="en">
            {e.details.map((d, i) => (
              <li key={i}>{d.field ? `${d.field}: ${d.message}` : d.message}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
