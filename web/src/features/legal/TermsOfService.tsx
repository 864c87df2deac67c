// The terms of service of a Private Notes site: use of the blog, comments, the newsletter and the content.
import { Link } from '@tanstack/react-router';
import { LegalPage } from './LegalPage.tsx';
import { OwnerContact } from './OwnerContact.tsx';

export function TermsOfService() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms apply to everyone who reads this site, comments on it or subscribes to its newsletter. The
        site runs Private Notes, self-hosted software operated by the owner of this installation
        (&quot;we&quot;). By using the site you agree to these terms; if you do not agree, please do not use
        it.
      </p>

      <h2>Using the site</h2>
      <p>
        You may read, share links to and quote the published posts for personal and non-commercial purposes,
        with attribution and a link back. Please do not attempt to disrupt the service, probe it for
        weaknesses without permission, or access areas that require signing in.
      </p>

      <h2>Comments</h2>
      <ul>
        <li>
          Comments are reviewed before they appear. We may decline, edit for length, or remove any comment.
        </li>
        <li>
          Be respectful and constructive. No harassment, hate, spam, advertising, or content you do not have
          the right to share.
        </li>
        <li>
          You keep the rights to what you write, and you allow us to display it on this site alongside the
          post.
        </li>
        <li>
          Your e-mail address is never published; see the <Link to="/privacy-policy">Privacy Policy</Link>.
        </li>
      </ul>

      <h2>Newsletter</h2>
      <p>
        Subscribing means you agree to receive the newsletter at the address you give. You can unsubscribe at
        any time on the <Link to="/unsubscribe">unsubscribe page</Link>, and we will stop sending e-mails to
        you at once.
      </p>

      <h2>Content and intellectual property</h2>
      <p>
        The posts, their text and images belong to the site&apos;s owner or their licensors unless stated
        otherwise. Posts may be drafted with the help of AI tools and are reviewed by the owner before
        publication; they are opinions and general information, not professional advice.
      </p>

      <h2>Availability and liability</h2>
      <p>
        The site is provided as is, without warranties of any kind. We do our best to keep it available and
        accurate but cannot guarantee it will always be online or free of errors. To the extent the law
        allows, we are not liable for any loss arising from the use of the site or reliance on its content.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The date at the top of this page shows the latest
        version. For material changes we will give at least 30 days&apos; notice on the blog, and to
        newsletter subscribers by e-mail, before they take effect. Continuing to use the site after that date
        means you accept the new terms.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms? Write to <OwnerContact />.
      </p>
    </LegalPage>
  );
}
