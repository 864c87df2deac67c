// The privacy policy of a Private Notes site: what is stored, why, for how long, and the reader's choices.
import { Link } from '@tanstack/react-router';
import { LegalPage } from './LegalPage.tsx';
import { OwnerContact } from './OwnerContact.tsx';

export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Private Notes is self-hosted software: this site runs on a server chosen and operated by its owner,
        and everything described here is stored on that server only. This policy explains what the site keeps
        about you, why, and what you can do about it. We wrote it to be read, not skimmed past.
      </p>

      <h2>Who is responsible</h2>
      <p>
        The owner of this installation is responsible for the data it holds. You can reach them by writing to{' '}
        <OwnerContact />.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>If you only read the blog:</strong> nothing that identifies you. The server counts how often
          each post is viewed as a plain number, without recording who viewed it. Like any web server it may
          keep short-lived technical logs (time, address requested, status) to keep the service running; these
          are not used to profile anyone.
        </li>
        <li>
          <strong>If you comment:</strong> the name, e-mail address and text you submit, and when you sent it.
          Your name and comment are published once the owner approves them. Your e-mail address is never
          published and is shown only to the signed-in owner, so they can reply or moderate.
        </li>
        <li>
          <strong>If you subscribe to the newsletter:</strong> your e-mail address, the optional name and
          interests you give, when you subscribed and whether your subscription is active.
        </li>
        <li>
          <strong>For the owner&apos;s account:</strong> the username, a salted hash of the password (never
          the password itself), the owner&apos;s notes, blog drafts, settings and AI explanations.
        </li>
      </ul>

      <h2>Cookies and browser storage</h2>
      <p>
        The site sets a single cookie, and only when the owner signs in: a session cookie that keeps them
        signed in. It is marked httpOnly, so scripts on the page cannot read it, and it is removed when they
        sign out. Visitors who read, comment or subscribe receive no cookies.
      </p>
      <p>
        Your browser&apos;s local storage keeps preferences such as the light or dark theme and, for the
        owner, an offline copy of their notes. This stays on your device and is not sent to anyone.
      </p>

      <h2>No trackers, no advertising</h2>
      <p>
        This site contains no third-party analytics, advertising, tracking pixels or social-media widgets.
        Links to other networks are plain links: nothing is sent to those networks unless you follow one.
      </p>

      <h2>AI helpers</h2>
      <p>
        The owner can use AI helpers on their own notes. By default these run on this server without
        contacting anyone. If the owner connects an external AI service, the text of the note being processed
        is sent to that service for that request only. Visitors&apos; comments and e-mail addresses are never
        sent to an AI service.
      </p>

      <h2>How we use your information</h2>
      <ul>
        <li>Comments: to moderate and publish them, and to let the owner reply to you.</li>
        <li>Newsletter: to send you the newsletter you asked for, and nothing else.</li>
        <li>We do not sell, rent or share your information with anyone.</li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        Comments stay as long as the post they belong to, or until the owner deletes them. When you
        unsubscribe, your subscription is marked inactive at once and you receive no further e-mails; you can
        ask for the record to be erased entirely. Technical logs are kept only as long as needed to run the
        service.
      </p>

      <h2>Your choices and rights</h2>
      <ul>
        <li>
          Unsubscribe at any time on the <Link to="/unsubscribe">unsubscribe page</Link> or with the link in
          every newsletter.
        </li>
        <li>
          Ask to see, correct or delete your comments or subscriber record by writing to <OwnerContact />. We
          answer within 30 days.
        </li>
        <li>Clear this site&apos;s local storage in your browser settings at any time.</li>
      </ul>

      <h2>Security</h2>
      <p>
        Passwords are stored only as slow, salted hashes; sessions are server-side; sign-in attempts, comments
        and subscriptions are rate limited; and everything visitors or AI helpers write is displayed as inert
        text so it cannot run code in your browser.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change this policy we will update the date at the top of this page. Material changes will be
        announced on the blog before they take effect.
      </p>
    </LegalPage>
  );
}
