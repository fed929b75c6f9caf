// Copy and Share for the personal link on the entry confirmation page, which the server sends
// without the app's script (src/server/features/entries/confirmation/confirm-page-routes.ts).
// The hooks are SHARE_LINK_HOOKS in src/web/features/contest-entry/components/share-link.tsx.
(() => {
  // The receipt's Copy: its entry id, said done on the button itself.
  for (const button of document.querySelectorAll('[data-copy-value]')) {
    button.addEventListener('click', () =>
      navigator.clipboard.writeText(button.dataset.copyValue).then(
        () => button.setAttribute('aria-label', 'Entry id copied'),
        () => {},
      ),
    );
  }
  const input = document.querySelector('[data-share-url]');
  const copy = document.querySelector('[data-share-copy]');
  const share = document.querySelector('[data-share-native]');
  const feedback = document.querySelector('[data-share-feedback]');
  if (!input || !copy) return;
  const say = (text) => {
    if (feedback) feedback.textContent = text;
  };
  const copyLink = () =>
    navigator.clipboard.writeText(input.value).then(
      () => say('Link copied: paste it into a chat, a post or an e-mail.'),
      () => {
        input.focus();
        input.select();
        say('Your browser did not let us copy it: the link is selected, copy it by hand.');
      },
    );
  copy.addEventListener('click', copyLink);
  if (share && typeof navigator.share === 'function') {
    share.hidden = false;
    share.addEventListener('click', () =>
      navigator.share({ title: document.title, url: input.value }).catch((error) => {
        if (error && error.name !== 'AbortError') copyLink();
      }),
    );
  }
})();
