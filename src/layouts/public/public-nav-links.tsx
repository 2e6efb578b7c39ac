import { useTranslation } from 'react-i18next';
import { SUPPORT_URL } from '../../../domain/product';
import { HOW_IT_WORKS_PATH, WELCOME_PATH } from '../../config/paths';
import { ExternalLink } from '../../ui/external-link';
import { ExternalIcon } from '../../ui/icons';
import { NavLink } from '../../ui/nav-link';

/** How it works, Join and Support (external): the same three links in the bar and in the phone menu. */
export function PublicNavLinks({ listClassName, linkClassName }: { listClassName: string; linkClassName: string }) {
  const { t } = useTranslation();
  return (
    <ul className={listClassName}>
      <li>
        <NavLink href={HOW_IT_WORKS_PATH} className={linkClassName}>
          {t('header.howItWorks')}
        </NavLink>
      </li>
      <li>
        <NavLink href={WELCOME_PATH} className={linkClassName}>
          {t('header.join')}
        </NavLink>
      </li>
      <li>
        <ExternalLink href={SUPPORT_URL} className={linkClassName}>
          {t('header.support')}
          <ExternalIcon size={14} />
        </ExternalLink>
      </li>
    </ul>
  );
}
