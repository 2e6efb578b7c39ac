import { authSubtitle, authTitle } from '../../ui/auth-page-styles';

/** The page's title and the line under it, as every page of the auth layout opens. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <h1 className={authTitle}>{title}</h1>
      <p className={authSubtitle}>{subtitle}</p>
    </>
  );
}
