/**
 * Firebase builds e-mail action links to its own handler (the emulator's locally). Users are sent
 * to the site's own e-mail action page instead (`/account/action`, in the account area), carrying
 * the same `mode` and `oobCode`: the page applies the code or sets the new password itself, so the
 * links work the same locally and in production.
 */
export function siteActionLink(firebaseLink: string, siteUrl: string): string {
  const source = new URL(firebaseLink);
  const mode = source.searchParams.get('mode');
  const oobCode = source.searchParams.get('oobCode');
  if (!mode || !oobCode) throw new Error('The identity provider returned an action link without mode or oobCode');
  const target = new URL('/account/action', `${siteUrl}/`);
  target.searchParams.set('mode', mode);
  target.searchParams.set('oobCode', oobCode);
  return target.toString();
}
