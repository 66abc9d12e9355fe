/** A video frame with a box drawn over each matched word (boxes are relative to the image, 0..1). */
import type { ContentHit } from '@contracts/search.js';

const percent = (v: number) => `${(v * 100).toFixed(3)}%`;

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
            position: 'absolute', left: percent(word.box.x), top: percent(word.box.y), width: percent(word.box.width), height: percent(word.box.height),
            border: '2px solid #f5a623', borderRadius: 2, background: 'rgba(245, 166, 35, 0.18)', pointerEvents: 'none',
          }}
        />
      ))}
    </div>
  );
}
