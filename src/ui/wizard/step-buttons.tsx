import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { button } from '../button-styles';

const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });

/** Back (when there is a step before) and the step's forward button, which submits the step's form. */
export function StepButtons({ onBack, children }: { onBack?: (() => void) | undefined; children?: ReactNode }) {
  const { t } = useTranslation('payments');
  return (
    <div className={bar}>
      {onBack ? (
        <button type="button" className={button({ variant: 'outline' })} onClick={onBack}>
          {t('actions.back')}
        </button>
      ) : (
        <span />
      )}
      {children ?? (
        <button type="submit" className={button()}>
          {t('actions.next')}
        </button>
      )}
    </div>
  );
}

const pair = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });

/** After a failed charge: go back and pick another way to pay, or try the same one again when the machine allows it. */
export function ChangeOrRetry(props: { changeLabel: string; onChange: () => void; retryLabel: string; onRetry?: (() => void) | undefined }) {
  return (
    <StepButtons>
      <span className={pair}>
        <button type="button" className={button({ variant: 'outline' })} onClick={props.onChange}>
          {props.changeLabel}
        </button>
        {props.onRetry ? (
          <button type="button" className={button()} onClick={props.onRetry}>
            {props.retryLabel}
          </button>
        ) : null}
      </span>
    </StepButtons>
  );
}
