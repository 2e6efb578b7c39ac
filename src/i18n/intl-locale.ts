// The tags live in domain/ since the server's emails format money too.
export { INTL_LOCALES } from '../../domain/intl-locales';
