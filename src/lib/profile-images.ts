/** The picture addresses (domain/pictures.ts: the server gives the same ones in every photo field). */
export { avatarUrl, backgroundUrl } from '../../domain/pictures';
