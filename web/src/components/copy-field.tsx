import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A value to hand on (an invite link, an API token): read-only, selected on focus, with a Copy
 * button. The clipboard API needs a secure page (https or localhost); elsewhere the text is
 * selected so the person copies it themselves.
 */
export function CopyField({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const copy = async () => {
    input?.select();
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="copy-field">
      <input ref={setInput} readOnly aria-label={label} value={value} onFocus={(e) => e.target.select()} data-testid={testId} />
      <button type="button" onClick={() => void copy()}>
        {copied ? t('staff.copied') : t('staff.copy')}
      </button>
    </div>
  );
}
