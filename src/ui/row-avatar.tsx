import { Avatar } from './avatar';

/**
 * The other party's photo in a list row, named by `name` (what the row calls them): the avatar's photo at the
 * size a row draws, over their initials (src/ui/avatar.tsx: no state machine per picture, which in a list that
 * mounts a screenful of rows on every fast scroll was a tenth of each long task).
 */
export function RowAvatar({ src, name }: { src: string | null; name: string }) {
  return <Avatar src={src} alt={name} size="sm" />;
}
