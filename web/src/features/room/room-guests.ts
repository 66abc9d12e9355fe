/**
 * The guests a host may share the meeting with after the room (issue 28, item 7). A guest types any name and
 * e-mail it likes, so joining grants nothing: the host's page only collects who joined, and the meeting is shared
 * when the host confirms the list after the room ends (`ShareGuestsDialog`).
 */
export interface RoomGuest { readonly name: string; readonly email: string }

/** Adds a guest who joined: one entry per e-mail address (case-insensitive, the first name given kept), never the host. */
export function withGuest(guests: readonly RoomGuest[], guest: RoomGuest, hostEmail: string): RoomGuest[] {
  const email = guest.email.trim().toLowerCase();
  if (!email || email === hostEmail.trim().toLowerCase() || guests.some((g) => g.email === email)) return [...guests];
  return [...guests, { name: guest.name.trim(), email }];
}
