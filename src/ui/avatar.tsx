import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import { css, cx } from '../../styled-system/css';

/** Served from public/: the spec's fallback when a user has no photo or it fails to load. */
export const DEFAULT_AVATAR_SRC = '/images/default-avatar.svg';

const root = css({
  display: 'inline-flex',
  flexShrink: 0,
  borderRadius: 'full',
  overflow: 'hidden',
  bg: 'brand.50',
  borderWidth: '3px',
  borderColor: 'bg.surface',
  boxShadow: 'card',
});

const image = css({ w: 'full', h: 'full', objectFit: 'cover' });

const sizes = {
  sm: css({ w: '10', h: '10' }),
  md: css({ w: '16', h: '16' }),
  lg: css({ w: '24', h: '24' }),
};

/** The avatar's frame (shape, border, size), for pictures drawn without Ark's machine (long lists). */
export function avatarFrame(size: keyof typeof sizes): string {
  return cx(root, sizes[size]);
}

export interface AvatarProps {
  src?: string | null;
  /** Empty when a surrounding link already names the picture. */
  alt: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** A user's photo; Ark shows the default avatar while it loads and when it fails (spec 8). */
export function Avatar({ src, alt, size = 'md', className }: AvatarProps) {
  return (
    <ArkAvatar.Root className={cx(root, sizes[size], className)}>
      <ArkAvatar.Fallback asChild>
        <img src={DEFAULT_AVATAR_SRC} alt={alt} className={image} />
      </ArkAvatar.Fallback>
      {src ? <ArkAvatar.Image src={src} alt={alt} className={image} /> : null}
    </ArkAvatar.Root>
  );
}
