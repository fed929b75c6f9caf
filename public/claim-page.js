// The claim link's page, which the server sends without the app's script
// (src/server/features/claims/claim-page-routes.ts): the time left, live, and Decline's question
// asked in place instead of on a page of its own. The hooks are CLAIM_PAGE_HOOKS in
// src/web/features/contest-entry/components/claim-parts.tsx. Without this script the page shows
// the time left as of its loading, and the server asks the question.
(() => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  // The words of claimTimeLeft in claim-deadline.tsx, which renders the first of them.
  const timeLeft = (left) => {
    if (left <= 0) return 'Time is up';
    if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h left`;
    if (left >= HOUR) {
      return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m left`;
    }
    if (left >= MINUTE) {
      return `${Math.floor(left / MINUTE)}m ${Math.floor((left % MINUTE) / 1000)}s left`;
    }
    return `${Math.floor(left / 1000)}s left`;
  };

  const timer = document.querySelector('[data-claim-deadline]');
  const deadline = timer ? Date.parse(timer.dataset.claimDeadline) : NaN;
  if (timer && !Number.isNaN(deadline)) {
    // The server's clock, not the phone's (which may be minutes off): the page says when it was
    // rendered, and the time left counts on from there.
    const renderedAt = Date.parse(timer.dataset.claimNow);
    const skew = Number.isNaN(renderedAt) ? 0 : renderedAt - Date.now();
    const tick = () => {
      const left = deadline - (Date.now() + skew);
      timer.textContent = timeLeft(left);
      // On the next whole second of the time left, until it is up.
      if (left > 0) setTimeout(tick, (left % 1000) + 1);
    };
    tick();
  }

  const claim = document.querySelector('[data-claim-section]');
  const opener = document.querySelector('[data-decline-open]');
  const step = document.querySelector('[data-decline-step]');
  const cancel = step && step.querySelector('[data-decline-cancel]');
  if (!claim || !opener || !step || !cancel) return;
  const show = (isAsking) => {
    claim.hidden = isAsking;
    step.hidden = !isAsking;
  };
  opener.addEventListener('submit', (event) => {
    event.preventDefault();
    show(true);
    const heading = step.querySelector('[tabindex="-1"]');
    if (heading) heading.focus();
    step.scrollIntoView({ block: 'nearest' });
  });
  cancel.addEventListener('click', () => {
    show(false);
    const button = opener.querySelector('button');
    if (button) button.focus();
  });
})();
