import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../styled-system/css';
import { lazyPage } from '../../app/router/lazy-page';
import { button } from '../../ui/button-styles';
import { PlayIcon } from '../../ui/icons';

// The dialog (Ark's dialog, focus trap, the video markup) is its own chunk: most visitors never open it.
const loadVideoDialog = () => import('./video-dialog').then((m) => m.VideoDialog);
const VideoDialog = lazyPage(loadVideoDialog);

const trigger = css({ gap: '3', ps: '2' });
const playBadge = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  bg: 'white',
  color: 'brand.700',
});

/**
 * The "watch the tour" button and its popup. Whether the popup is open is presentation only (what Ark would keep
 * internally if its code were loaded up front), so it lives here rather than in a machine; `null` means it was
 * never opened and its chunk has not been asked for. Pointing at or focusing the button fetches the chunk early.
 */
export function VideoPopup() {
  const { t } = useTranslation('marketing');
  const [open, setOpen] = useState<boolean | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadVideoDialog().catch(() => {});
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        className={cx(button({ variant: 'outlineInverse', size: 'lg' }), trigger)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
      >
        <span className={playBadge} aria-hidden="true">
          <PlayIcon size={16} />
        </span>
        {t('landing.video.open')}
      </button>
      {open === null ? null : (
        <Suspense fallback={null}>
          <VideoDialog open={open} onOpenChange={setOpen} returnFocusTo={() => triggerRef.current} />
        </Suspense>
      )}
    </>
  );
}
