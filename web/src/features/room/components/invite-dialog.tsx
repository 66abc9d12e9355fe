/** 'Invite people to the meeting': the join link, Copy link, and 'Copied!' for 1 second (spec §2, §9). */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/modal.js';
import { COPIED_NOTE_MS, ROOM_TEXTS } from '../room-texts.js';

/** The guest link of a meeting: {origin}/joinmeeting/{meetingId}. */
const joinLink = (origin: string, meetingId: string) => `${origin}/joinmeeting/${encodeURIComponent(meetingId)}`;

async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input?.select();
    document.execCommand('copy');
  }
}

export function InviteDialog({ meetingId, onClose }: { meetingId: string; onClose: () => void }) {
  const link = joinLink(window.location.origin, meetingId);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    await copyText(link, input.current);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_NOTE_MS);
  }

  return (
    <Modal title={ROOM_TEXTS.inviteTitle} onClose={onClose}>
      <p>{ROOM_TEXTS.inviteText}</p>
      <div className="invite-link">
        <input ref={input} className="input" readOnly value={link} aria-label="Meeting link" />
        <button type="button" className="button-primary" onClick={() => void copy()}>Copy link</button>
      </div>
      {copied && <p role="status" className="message message-success">{ROOM_TEXTS.copied}</p>}
    </Modal>
  );
}
