import { css, cx } from '../../styled-system/css';
import { avatarSources, bannerSources } from '../../domain/pictures';
import { initialsOf } from './initials';

/** Served from public/: the spec's fallback when a user has no photo and no name to take initials from. */
const DEFAULT_AVATAR_SRC = '/images/default-avatar.svg';

const root = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: 'full',
  overflow: 'hidden',
  bg: 'brand.100',
  color: 'brand.800',
  fontWeight: 'semibold',
  lineHeight: '1',
  borderWidth: '3px',
  borderColor: 'bg.surface',
  boxShadow: 'card',
});

// Over the initials, which show while the photo loads; `color: transparent` hides the alt text of a broken image,
// and one that failed turns transparent (opacity keeps it, and so its name, for assistive technology).
const image = css({
  position: 'absolute',
  inset: '0',
  w: 'full',
  h: 'full',
  objectFit: 'cover',
  color: 'transparent',
  '&[data-failed]': { opacity: 0 },
});

/** Drawn sizes in CSS pixels (the renditions asked for follow them: domain/pictures.ts). */
const PIXELS = { sm: 40, md: 64, lg: 96, xl: 128 } as const;

const sizes = {
  sm: css({ w: '10', h: '10', fontSize: 'sm' }),
  md: css({ w: '16', h: '16', fontSize: 'xl' }),
  lg: css({ w: '24', h: '24', fontSize: '2xl' }),
  xl: css({ w: '32', h: '32', fontSize: '4xl' }),
};

export interface AvatarProps {
  src?: string | null;
  /** The person's name, or empty when a surrounding link or text already names the picture. */
  alt: string;
  /** Whose initials to show without a photo (default: `alt`); give it when `alt` is empty or is not a name. */
  name?: string | null;
  size?: keyof typeof sizes;
  className?: string;
  /** Above the fold (the pay page): fetched at once; elsewhere the browser waits until it is near. */
  eager?: boolean;
}

/**
 * A user's photo (issue 23): the rendition that fills the drawn size at the screen's density, WebP with a JPEG
 * fallback (a <picture>), over their initials, which show while it loads, when there is none and if it fails. No
 * state at all (a list row mounts one per row on every fast scroll; Ark's machine per picture was a tenth of each
 * long task, docs/performance.md): a photo that fails is marked on its element and turns transparent.
 */
export function Avatar({ src, alt, name, size = 'md', className, eager = false }: AvatarProps) {
  const photo = src || null;
  const letters = initialsOf(name ?? alt);
  const sources = photo ? avatarSources(photo, PIXELS[size]) : null;
  const img = (imgSrc: string, srcSet?: string) => (
    <img
      src={imgSrc}
      srcSet={srcSet}
      alt={alt}
      className={image}
      width={PIXELS[size]}
      height={PIXELS[size]}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={(event) => {
        event.currentTarget.dataset.failed = 'true';
      }}
    />
  );
  return (
    <span className={cx(root, sizes[size], className)} data-avatar={photo ? 'photo' : letters ? 'initials' : 'default'}>
      {letters ? (
        // Named for assistive technology only when it is the picture shown (no photo) and it has a name to say.
        <span role={!photo && alt ? 'img' : undefined} aria-label={!photo && alt ? alt : undefined} aria-hidden={photo || !alt ? true : undefined}>
          {letters}
        </span>
      ) : photo ? null : (
        <img src={DEFAULT_AVATAR_SRC} alt={alt} className={image} />
      )}
      {photo ? (
        sources ? (
          <picture key={photo}>
            <source type="image/webp" srcSet={sources.webpSrcSet} />
            {img(sources.jpegSrc, sources.jpegSrcSet)}
          </picture>
        ) : (
          img(photo)
        )
      ) : null}
    </span>
  );
}

const cover = css({ display: 'block', w: 'full', h: 'full', objectFit: 'cover' });

/**
 * A profile's banner (background image): WebP with a JPEG fallback, filling its box (the box has its size, so nothing
 * moves when it arrives). `eager`: the pay page's cover, its largest picture: fetched at once and first among the
 * page's pictures (`fetchpriority=high`), from the <img> in the server's HTML.
 */
export function Banner({ src, alt, className, eager = false }: { src: string; alt: string; className?: string; eager?: boolean }) {
  const sources = bannerSources(src);
  const loading = eager ? 'eager' : 'lazy';
  const priority = eager ? 'high' : undefined;
  if (!sources) return <img src={src} alt={alt} className={cx(cover, className)} loading={loading} fetchPriority={priority} />;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webpSrcSet} />
      <img src={sources.jpegSrc} alt={alt} className={cx(cover, className)} loading={loading} fetchPriority={priority} decoding="async" />
    </picture>
  );
}
