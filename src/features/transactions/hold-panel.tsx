import { useTranslation } from 'react-i18next';
import type { HoldView } from '../../../machines/payments/hold.view';
import { css } from '../../../styled-system/css';

// Neutral, never the success or the danger colour: the money has not moved (issue 22 item 6).
const box = css({ display: 'grid', gap: '1', bg: 'bg.subtle', borderRadius: 'lg', p: '3', mt: '4', overflowWrap: 'anywhere' });
const headline = css({ fontWeight: 'semibold', color: 'fg.default' });
const body = css({ fontSize: 'sm', color: 'fg.default' });

/**
 * A price point's hold on its details page (issue 22 item 5), as `holdView` decides it: the fan reads "Held · 2 days
 * left" and when the money comes back; the creator "Reply by Sat 28 Nov, 14:05" and the time left; after the hold was
 * released, "Refunded".
 */
export function HoldPanel({ view }: { view: HoldView }) {
  const { t } = useTranslation('activity');
  const [title, text] =
    view.kind === 'held'
      ? [
          view.left ? t('hold.heldLeft', { left: view.left }) : t('hold.heldDue'),
          t(`hold.refundBy.${view.media}`, { username: view.creator, deadline: view.deadline }),
        ]
      : view.kind === 'replyBy'
        ? [
            t('hold.replyBy', { deadline: view.deadline }),
            view.left ? t('hold.replyLeft', { left: view.left, username: view.fan }) : t('hold.replyOver', { username: view.fan }),
          ]
        : [t('hold.refunded'), t('hold.refundedBody')];
  return (
    <section aria-label={t('hold.title')} className={box} data-tone={view.kind === 'refunded' ? 'muted' : 'neutral'}>
      <p className={headline}>{title}</p>
      <p className={body}>{text}</p>
    </section>
  );
}
