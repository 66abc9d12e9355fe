/** The General Access block of the share modal (spec §2): shown as Private, inert until public links exist. */
export function GeneralAccess() {
  return (
    <div className="general-access">
      <h3>General Access</h3>
      <div className="segmented" role="radiogroup" aria-label="General Access">
        <button type="button" role="radio" aria-checked="false" disabled>Public</button>
        <button type="button" role="radio" aria-checked="true" disabled>Private</button>
      </div>
      <p className="hint">Only the people listed can open this meeting; public links are not available yet.</p>
    </div>
  );
}
