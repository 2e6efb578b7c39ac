import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { MediaKind } from '../../../domain/media-file';
import { textLink } from '../../ui/page-styles';

const shown = css({ mt: '2', maxW: 'full', maxH: '80', borderRadius: 'lg', display: 'block' });

/** Where the API serves a media file to the parties of a payment it was sent on (the session cookie goes along). */
const mediaUrl = (userId: string, mediaId: string) =>
  `/api/app/user/${encodeURIComponent(userId)}/media/${encodeURIComponent(mediaId)}`;

/**
 * A photo or video sent in a message. A message does not say which kind its media is (only a claim's price point
 * does), so an unknown one is tried as a picture, then as a video, then offered as a link — presentation only.
 */
export function MediaAttachment({ userId, mediaId, kind, from }: { userId: string; mediaId: string; kind: MediaKind | null; from: string }) {
  const { t } = useTranslation('activity');
  const [as, setAs] = useState<MediaKind | 'link'>(kind ?? 'photo');
  const src = mediaUrl(userId, mediaId);
  if (as === 'photo') return <img className={shown} src={src} alt={t('thread.photoFrom', { name: from })} onError={() => setAs(kind === 'photo' ? 'link' : 'video')} />;
  if (as === 'video')
    return (
      <video className={shown} src={src} controls preload="metadata" aria-label={t('thread.videoFrom', { name: from })} onError={() => setAs('link')} />
    );
  return (
    <a className={textLink} href={src} target="_blank" rel="noreferrer">
      {t('thread.openAttachment')}
    </a>
  );
}
