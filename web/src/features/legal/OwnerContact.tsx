// How the legal pages name the owner's address: the footer's contact address (Settings › Site), or plain
// words while none is set, never someone else's address.
import { useSite } from '../../api/use-site.ts';

export function OwnerContact() {
  const { contactEmail } = useSite();
  return contactEmail ? <a href={`mailto:${contactEmail}`}>{contactEmail}</a> : <>the owner of this site</>;
}
