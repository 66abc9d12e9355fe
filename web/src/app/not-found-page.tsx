/** Any path outside the route table. */
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="centered-page">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Go to my meetings</Link>
      </p>
    </main>
  );
}
