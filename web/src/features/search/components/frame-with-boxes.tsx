/**
 * A video frame with a box drawn around each matched word (boxes are relative to the image, 0..1): the outline sits
 * a few pixels outside the word's box and nothing tints the word, so the matched word stays readable (issue 35).
 */
import type { ContentHit } from '@contracts/search.js';

const percent = (v: number) => `${(v * 100).toFixed(3)}%`;
/** Room between the word and its outline (the 2 px border is drawn inside this margin). */
const MARGIN_PX = 4;

export function FrameWithBoxes({ hit, alt }: { hit: Pick<ContentHit, 'imageUrl' | 'words' | 'scale'>; alt: string }) {
  return (
    <div className="frame-with-boxes" style={{ position: 'relative', aspectRatio: `${hit.scale.width} / ${hit.scale.height}`, maxWidth: '100%' }}>
      <img src={hit.imageUrl} alt={alt} loading="lazy" style={{ display: 'block', width: '100%', height: '100%' }} />
      {hit.words.map((word, i) => (
        <span
          key={i}
          className="word-box"
          data-word={word.text}
          title={word.text}
          style={{
            position: 'absolute', left: `calc(${percent(word.box.x)} - ${MARGIN_PX}px)`, top: `calc(${percent(word.box.y)} - ${MARGIN_PX}px)`,
            width: `calc(${percent(word.box.width)} + ${2 * MARGIN_PX}px)`, height: `calc(${percent(word.box.height)} + ${2 * MARGIN_PX}px)`,
            border: '2px solid #d97706', borderRadius: 3, background: 'transparent', pointerEvents: 'none', boxSizing: 'border-box',
          }}
        />
      ))}
    </div>
  );
}
