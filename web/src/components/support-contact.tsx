/** The support contact line shown on the authentication pages. */
import { env } from '../config/env.js';

export function SupportContact() {
  return (
    <p className="support-contact">
      Need help? Contact <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
    </p>
  );
}
