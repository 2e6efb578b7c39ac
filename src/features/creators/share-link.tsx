import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { button } from '../../ui/button-styles';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';

const row = css({ mt: '3', display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' });
const link = css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all', color: 'fg.default' });

/** Spec 2: native share only where a phone offers it; a desktop "share" sheet is less useful than a copied link. */
function canShareNatively(): boolean {
  return typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * The public link `{host}/{username}`: shared through the device's share sheet on phones that have one, otherwise
 * copied, with the `copyLink.success` message. A share the user cancels is not an error.
 */
export function ShareLink({ username }: { username: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const url = `${window.location.origin}/${username}`;
  const share = async () => {
    if (canShareNatively()) {
      try {
        await navigator.share({ url, title: t('copyLink.shareTitle', { username }) });
      } catch {
        // Dismissed sheet (AbortError) or refused: nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('copyLink.success'));
    } catch {
      notify.error(t('copyLink.failed'));
    }
  };
  return (
    <section className={card} aria-labelledby="share-link-title">
      <h2 id="share-link-title" className={sectionTitle}>
        {t('copyLink.title')}
      </h2>
      <p className={mutedText}>{t('copyLink.lead')}</p>
      <div className={row}>
        <span className={link}>{url}</span>
        <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => void share()}>
          {t('copyLink.button')}
        </button>
      </div>
    </section>
  );
}
