import { useTranslation } from 'react-i18next';
import { css, cva } from '../../styled-system/css';
import { visuallyHidden } from '../../styled-system/patterns';
import { CheckIcon } from './icons';

type StepState = 'done' | 'active' | 'upcoming';

const list = css({ display: 'flex', alignItems: 'flex-start', gap: '2', listStyle: 'none', p: '0', m: '0' });

const item = cva({
  base: {
    flex: '1',
    // A long step name wraps inside its share of the row instead of widening it past a phone's screen.
    minW: '0',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '2',
    textAlign: 'center',
    position: 'relative',
    // The connector line from the previous step.
    _before: {
      content: '""',
      position: 'absolute',
      top: '4',
      right: 'calc(50% + 1.25rem)',
      left: 'calc(-50% + 1.25rem)',
      h: '2px',
      bg: 'border.default',
    },
    _first: { _before: { display: 'none' } },
  },
  variants: {
    state: {
      done: { _before: { bg: 'accent.default' } },
      active: { _before: { bg: 'accent.default' } },
      upcoming: {},
    },
  },
});

const marker = cva({
  base: {
    w: '8',
    h: '8',
    borderRadius: 'full',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 'bold',
    fontSize: 'sm',
    borderWidth: '2px',
  },
  variants: {
    state: {
      done: { bg: 'accent.default', borderColor: 'accent.default', color: 'white' },
      active: {
        bg: 'bg.surface',
        borderColor: 'accent.default',
        color: 'accent.text',
        boxShadow: '0 0 0 4px {colors.brand.100}',
      },
      upcoming: { bg: 'bg.surface', borderColor: 'border.default', color: 'fg.muted' },
    },
  },
});

const label = cva({
  base: { fontSize: 'sm', maxW: 'full', overflowWrap: 'anywhere', position: 'relative' },
  variants: {
    state: {
      done: { color: 'fg.muted', fontWeight: 'medium' },
      active: { color: 'fg.default', fontWeight: 'semibold' },
      upcoming: { color: 'fg.muted', fontWeight: 'medium' },
    },
  },
});

export interface StepperProps {
  /** Translated step names, in order. */
  steps: readonly string[];
  /** Index of the step in progress (0-based); steps before it are completed. */
  current: number;
}

function stateOf(index: number, current: number): StepState {
  if (index < current) return 'done';
  return index === current ? 'active' : 'upcoming';
}

/** Numbered steps with a check mark on completed ones (spec 2), e.g. the 4-step bank account wizard. */
export function Stepper({ steps, current }: StepperProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('stepper.label')}>
      <ol className={list}>
        {steps.map((step, index) => {
          const state = stateOf(index, current);
          return (
            <li key={step} className={item({ state })} aria-current={state === 'active' ? 'step' : undefined}>
              <span className={marker({ state })} aria-hidden="true">
                {state === 'done' ? <CheckIcon size={16} data-step-check="" /> : index + 1}
              </span>
              <span className={label({ state })}>
                <span className={visuallyHidden()}>
                  {t('stepper.stepOf', { current: index + 1, total: steps.length })}:{' '}
                </span>
                {step}
                {state === 'done' ? <span className={visuallyHidden()}> ({t('stepper.completed')})</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
