import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { dialogBackdrop, dialogPositioner } from '../../ui/dialog-styles';
import { CloseIcon } from '../../ui/icons';

const content = css({
  position: 'relative',
  w: 'full',
  maxW: '3xl',
  maxH: 'full',
  overflowY: 'auto',
  bg: 'bg.surface',
  borderRadius: '2xl',
  boxShadow: 'raised',
  outline: 'none',
  _open: { animation: 'dialogIn 180ms ease-out' },
});
const video = css({ display: 'block', w: 'full', h: 'auto', aspectRatio: '16 / 9', bg: 'brand.900', borderTopRadius: '2xl' });
const text = css({ p: { base: '5', md: '6' } });
const title = css({ fontSize: 'xl', fontWeight: 'bold', color: 'fg.default' });
const description = css({ mt: '2', color: 'fg.muted', lineHeight: '1.6' });
const close = css({
  position: 'absolute',
  top: '3',
  right: '3',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '11',
  h: '11',
  borderRadius: 'full',
  bg: 'rgba(255, 255, 255, 0.92)',
  color: 'brand.900',
  cursor: 'pointer',
  boxShadow: 'card',
  _hover: { bg: 'white' },
});

export interface VideoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes: the button that opened it. */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * The landing page's video popup (spec 1): a local, silent 8-second tour. It closes on Escape, a click outside
 * or its close button. The video has no sound, so the description under it is its text alternative (WCAG
 * 1.2.1) and the dialog's accessible description. It plays by itself unless the reader asked for less motion;
 * the controls can always pause it (WCAG 2.2.2).
 */
export function VideoDialog({ open, onOpenChange, returnFocusTo }: VideoDialogProps) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      finalFocusEl={returnFocusTo}
    >
      <Portal>
        <Dialog.Backdrop className={dialogBackdrop({ tone: 'dark' })} />
        <Dialog.Positioner className={dialogPositioner({ placement: 'center' })}>
          <Dialog.Content className={content}>
            <video
              className={video}
              controls
              muted
              playsInline
              autoPlay={!reducedMotion}
              preload="auto"
              poster="/video/tipjar-tour-poster.jpg"
              width={640}
              height={360}
            >
              <source src="/video/tipjar-tour.webm" type="video/webm" />
              <source src="/video/tipjar-tour.mp4" type="video/mp4" />
              {t('landing.video.unsupported')}
            </video>
            <div className={text}>
              <Dialog.Title className={title}>{t('landing.video.title')}</Dialog.Title>
              <Dialog.Description className={description}>{t('landing.video.description')}</Dialog.Description>
            </div>
            <Dialog.CloseTrigger className={close} aria-label={tc('videoDialog.close')}>
              <CloseIcon size={20} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
