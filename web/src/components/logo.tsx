/** The MeetScribe word mark, linking to the root. */
import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <Link to="/" className="logo">
      <span aria-hidden="true" className="logo-mark">M</span>
      <span className="logo-text">MeetScribe</span>
      {/* The accessible name starts with the visible text (WCAG 2.5.3, axe label-content-name-mismatch). */}
      <span className="visually-hidden"> home</span>
    </Link>
  );
}
