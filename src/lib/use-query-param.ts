import { useSearch } from 'wouter';

/** One query parameter of the current URL (e.g. `?email=` of an emailed link), or null. */
export function useQueryParam(name: string): string | null {
  const search = useSearch();
  return new URLSearchParams(search).get(name);
}
