import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../styled-system/css';
import { button } from './button-styles';
import { useNotify } from './notifications/use-notify';
import { card, mutedText, sectionTitle } from './page-styles';
import { pageOrigin } from '../lib/page-origin';

const row = css({ mt: '3', display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' });
const link = css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all', color: 'fg.default' });

/** Spec 2: native share only where a phone offers it; a desktop "share" sheet is less useful than a copied link. */
function canShareNatively(): boolean {
  return typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * The public link `{host}/{username}`: shared through the device's share sheet on phones that have one, otherwise
 * copied, with the `copyLink.success` message. A share the user cancels is not an error. The creator's own profile
 * screen titles it "Your public link"; their pay page gives its own title and lead, and its QR code as `children`.
 */
export function ShareLink({ username, title, lead, children }: { username: string; title?: string; lead?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const url = `${pageOrigin()}/${username}`;
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
        {title ?? t('copyLink.title')}
      </h2>
      <p className={mutedText}>{lead ?? t('copyLink.lead')}</p>
      <div className={row}>
        <span className={link}>{url}</span>
        <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => void share()}>
          {t('copyLink.button')}
        </button>
      </div>
      {children}
    </section>
  );
}
