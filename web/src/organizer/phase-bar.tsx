import { useTranslation } from 'react-i18next';
import { phaseSteps, type ConsolePhase, type NextStep } from '../logic/console-phase';

/**
 * Where the night is: the steps (registration → draft or deck building → rounds → top cut →
 * finished) with the current one marked, and the next action in one sentence. The step list is an
 * ordered list (screen readers read "step 3 of 6, current").
 */
export function PhaseBar({ phase, next, drafts, round }: { phase: ConsolePhase; next: NextStep; drafts: boolean; round: number }) {
  const { t } = useTranslation();
  const steps = phaseSteps(drafts);
  const at = steps.indexOf(phase);
  return (
    <nav className="phase-bar no-print" aria-label={t('phase.label')}>
      {phase !== 'cancelled' && (
        <ol className="phase-steps">
          {steps.map((s, i) => (
            <li key={s} className={i < at ? 'done' : i === at ? 'current' : 'later'} aria-current={i === at ? 'step' : undefined}>
              {t(`phase.step.${s}`)}
            </li>
          ))}
        </ol>
      )}
      {phase !== 'cancelled' && <p className="phase-compact">{t('phase.stepOf', { n: at + 1, total: steps.length, name: t(`phase.step.${phase}`) })}</p>}
      <p className="next-step" data-testid="next-step" data-next={next}>
        <strong>{t('phase.next')}</strong> {t(`phase.what.${next}`, { round })}
      </p>
    </nav>
  );
}
