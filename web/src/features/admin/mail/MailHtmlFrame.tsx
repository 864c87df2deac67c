// A mail's HTML part shown as the recipient would see it, in an iframe with an empty sandbox: no scripts,
// no forms, no same-origin access to the owner's session, and links cannot navigate the app.
export function MailHtmlFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      style={{
        display: 'block',
        width: '100%',
        height: '28rem',
        border: '1px solid var(--pn-border)',
        borderRadius: 'var(--pn-radius-sm)',
        // Mail is designed on white whatever the app's theme.
        background: '#fff',
      }}
    />
  );
}
