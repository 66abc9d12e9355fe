/** Copy Share Link with its 'link copied' tooltip for 2 s (spec §2, §9). */
import { useEffect, useRef, useState } from 'react';
import { shareLink } from '../share-rules.js';

export const LINK_COPIED_MS = 2000;

/** Copies through the Clipboard API, or a selected textarea where that API is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: fall through to the selection copy.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand?.('copy');
  area.remove();
}

export function CopyLinkButton({ meetingId }: { meetingId: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    await copyText(shareLink(window.location.origin, meetingId));
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
  }

  return (
    <span className="tooltip-anchor">
      <button type="button" className="button-secondary" onClick={() => void copy()}>Copy Share Link</button>
      {copied && <span role="status" className="tooltip">link copied</span>}
    </span>
  );
}
