/** The MeetScribe word mark, linking to the root. */
import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="MeetScribe home">
      <span aria-hidden="true" className="logo-mark">M</span>
      <span className="logo-text">MeetScribe</span>
    </Link>
  );
}
