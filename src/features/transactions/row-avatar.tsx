import { css, cx } from '../../../styled-system/css';
import { avatarFrame, DEFAULT_AVATAR_SRC } from '../../ui/avatar';

const layers = css({ bgSize: 'cover', bgPosition: 'center', bgRepeat: 'no-repeat' });

/** A CSS string for url(): quotes and backslashes escaped, so a photo's address cannot end the value early. */
function cssUrl(src: string): string {
  return `url("${src.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`;
}

/**
 * The other party's photo in a list row, decorative (the row's text names them). Ark's Avatar runs a state machine
 * per picture to show the default while the photo loads or when it fails; in a list that mounts a screenful of rows
 * on every fast scroll that machine was a tenth of each long task. Two background layers do the same without
 * JavaScript: the photo on top, the default underneath, visible while the photo loads and if it never does.
 */
export function RowAvatar({ src }: { src: string | null }) {
  const fallback = cssUrl(DEFAULT_AVATAR_SRC);
  return (
    <span
      aria-hidden="true"
      data-avatar-src={src ?? undefined}
      className={cx(avatarFrame('sm'), layers)}
      style={{ backgroundImage: src ? `${cssUrl(src)}, ${fallback}` : fallback }}
    />
  );
}
