import { useEffect, useMemo } from 'react';
import { css } from '../../styled-system/css';

const shown = css({ mt: '3', maxW: 'full', maxH: '64', borderRadius: 'lg', display: 'block', objectFit: 'contain' });

/**
 * The chosen file before it is sent: a photo through an object URL, a video's first frame through a `<video>` that
 * reads only its metadata (no playback, no controls). The URL is revoked when the file changes or the view goes.
 */
export function FilePreview({ file, kind, label }: { file: File | Blob; kind: 'photo' | 'video'; label: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  if (kind === 'photo') return <img className={shown} src={url} alt={label} />;
  // `#t=0.1`: the browser seeks to the first frame and paints it, where some show nothing until played.
  return <video className={shown} src={`${url}#t=0.1`} preload="metadata" muted playsInline aria-label={label} />;
}
