import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { SessionContext } from '../../app/providers/session-context';
import { PROFILE_PATH, TRANSACTIONS_PATH } from '../../config/paths';
import { Avatar } from '../../ui/avatar';
import { button } from '../../ui/button-styles';
import { ActivityIcon } from '../../ui/icons';
import { isActivePath } from '../../ui/nav-link';
import { isPublicProfilePath } from '../../../domain/app-routes';
import { avatarUrl, backgroundUrl } from '../../lib/profile-images';
import { pictureVariant } from '../../../domain/pictures';
import { ProfileSummaryContext } from './profile-summary-context';
import { sidebarBio } from '../../../machines/profile-summary.view';

const aside = css({
  display: { base: 'none', lg: 'block' },
  position: 'sticky',
  top: '0',
  h: '100dvh',
  overflowY: 'auto',
  py: '6',
  pr: '6',
});

const card = css({
  bg: 'bg.surface',
  borderRadius: 'card',
  boxShadow: 'card',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  overflow: 'hidden',
});

const banner = css({
  h: '24',
  bgGradient: 'to-br',
  gradientFrom: 'brand.500',
  gradientTo: 'brand.800',
  bgSize: 'cover',
  bgPosition: 'center',
});

const body = css({
  px: '5',
  pb: '6',
  mt: '-12',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '1',
});
const avatarLink = css({ borderRadius: 'full', mb: '2' });
const name = css({ fontSize: 'lg', fontWeight: 'bold', color: 'fg.default' });
const username = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' });
const bio = css({ mt: '3', fontSize: 'sm', color: 'fg.muted' });
const askLink = css({ color: 'accent.text', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' });

const profileCard = css({ p: '6', display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' });
const profileIcon = css({
  display: 'inline-flex',
  w: '12',
  h: '12',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.text',
});

/**
 * The right sidebar (spec 2), from 1024 px. On /profile and on a username page: a title and a go-to-transactions
 * button; elsewhere the user's banner (their background image), name, @username, avatar (linking to /profile) and
 * bio, from the shell's profile summary (the default avatar until it has loaded, or if it cannot).
 */
export function RightSidebar() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const user = SessionContext.useSelector((snapshot) => snapshot.context.user);
  const summary = ProfileSummaryContext.useSelector((snapshot) => snapshot.context.summary);
  const onProfilePage = isActivePath(PROFILE_PATH, location) || isPublicProfilePath(location);
  const bioLine = sidebarBio(summary);
  const bannerImage = user ? backgroundUrl(user.userId, summary?.background_key) : null;
  return (
    <aside className={aside} aria-label={t('shell.sidebarLabel')}>
      {onProfilePage ? (
        <section className={`${card} ${profileCard}`} aria-labelledby="sidebar-title">
          <span className={profileIcon}>
            <ActivityIcon />
          </span>
          <h2 id="sidebar-title" className={name}>
            {t('shell.profileSidebarTitle')}
          </h2>
          <p className={bio}>{t('shell.profileSidebarText')}</p>
          <Link href={TRANSACTIONS_PATH} className={button({ size: 'sm' })}>
            {t('shell.goToTransactions')}
          </Link>
        </section>
      ) : (
        <section className={card} aria-labelledby="sidebar-name">
          <div className={banner} style={bannerImage ? { backgroundImage: `url("${pictureVariant(bannerImage, 1500, 'jpeg')}")` } : undefined} />
          <div className={body}>
            <Link href={PROFILE_PATH} className={avatarLink} aria-label={t('shell.viewProfile')}>
              <Avatar src={user ? avatarUrl(user.userId, summary?.photo_key) : null} alt="" name={user?.fullName ?? user?.username} size="lg" />
            </Link>
            <h2 id="sidebar-name" className={name}>
              {user?.fullName}
            </h2>
            {user?.username ? <p className={username}>@{user.username}</p> : null}
            {bioLine?.kind === 'bio' ? <p className={bio}>{bioLine.text}</p> : null}
            {bioLine?.kind === 'askForBio' ? (
              <p className={bio}>
                <Link href={PROFILE_PATH} className={askLink}>
                  {t('shell.noBio')}
                </Link>
              </p>
            ) : null}
          </div>
        </section>
      )}
    </aside>
  );
}
