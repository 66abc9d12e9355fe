/** The sentiment timeline (recharts): score over time, points coloured by class, drag to zoom on time. */
import { useState } from 'react';
import { CartesianGrid, ComposedChart, Line, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SentimentItemView } from '@contracts/insights.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { formatClock } from '../../../lib/time.js';
import { axisTicks, formatScore, speakerName, type ChartDomain } from '../chart-model.js';

export const CLASS_COLOURS = { positive: '#2e7d32', negative: '#c62828', neutral: '#8a8a8a' } as const;

interface SentimentChartProps {
  items: readonly SentimentItemView[];
  domain: ChartDomain;
  showTooltip: boolean;
  /** Called with the dragged time span (seconds, in either order). */
  onZoom: (from: number, to: number) => void;
  onPick: (item: SentimentItemView) => void;
  /** The speaker's name as the host labelled it (default: "Speaker N"). */
  nameOf?: (label: string) => string;
}

interface DotProps { cx?: number; cy?: number; payload?: SentimentItemView; index?: number }

function ItemTooltip({ active, payload, nameOf = speakerName }: { active?: boolean; payload?: ReadonlyArray<{ payload?: SentimentItemView }>;
  nameOf?: (label: string) => string }) {
  const item = active ? payload?.[0]?.payload : undefined;
  if (!item) return null;
  return (
    <div className="sentiment-tooltip" role="tooltip">
      <strong>{formatClock(item.start_time)} · {nameOf(item.speaker_label)}</strong>
      <div className={`sentiment-class ${item.sentiment}`}>{item.sentiment} ({item.sentiment_score.toFixed(2)})</div>
      {item.emotions.length > 0 && <div>Emotions: {item.emotions.join(', ')}</div>}
      <p>{item.content}</p>
    </div>
  );
}

const seconds = (label: unknown): number | undefined => {
  const value = typeof label === 'number' ? label : Number(label);
  return Number.isFinite(value) ? value : undefined;
};

export function SentimentChart({ items, domain, showTooltip, onZoom, onPick, nameOf }: SentimentChartProps) {
  const [dragFrom, setDragFrom] = useState<number>();
  // On a touch screen a hover tooltip opens under the finger while scrolling and covers half the chart: it opens on a tap there.
  const touch = useMediaQuery('(pointer: coarse), (max-width: 600px)');
  const [dragTo, setDragTo] = useState<number>();
  const endDrag = () => {
    if (dragFrom !== undefined && dragTo !== undefined && dragFrom !== dragTo) onZoom(dragFrom, dragTo);
    setDragFrom(undefined);
    setDragTo(undefined);
  };
  const dot = ({ cx, cy, payload, index }: DotProps) => (cx === undefined || cy === undefined || !payload ? <g key={index} /> : (
    <circle key={index} cx={cx} cy={cy} r={4} fill={CLASS_COLOURS[payload.sentiment]} className={`sentiment-dot ${payload.sentiment}`}
      data-start={payload.start_time} onClick={() => onPick(payload)} style={{ cursor: 'pointer' }} />
  ));

  return (
    <div className="sentiment-chart" data-testid="sentiment-chart" data-time-domain={domain.time.join(',')} data-score-domain={domain.score.join(',')}>
      <ResponsiveContainer width="100%" height={300}>
        <ComposedChart
          data={items as SentimentItemView[]}
          margin={{ top: 10, right: 20, bottom: 10, left: 0 }}
          onMouseDown={(state) => { const s = seconds(state?.activeLabel); if (s !== undefined) { setDragFrom(s); setDragTo(s); } }}
          onMouseMove={(state) => { if (dragFrom !== undefined) { const s = seconds(state?.activeLabel); if (s !== undefined) setDragTo(s); } }}
          onMouseUp={endDrag}
          onMouseLeave={endDrag}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="start_time" type="number" domain={[domain.time[0], domain.time[1]]} allowDataOverflow ticks={axisTicks(domain.time,
            'time')} tickFormatter={formatClock} />
          <YAxis type="number" domain={[domain.score[0], domain.score[1]]} allowDataOverflow ticks={axisTicks(domain.score,
            'score')} tickFormatter={formatScore} />
          <ReferenceLine y={0} stroke="#999" />
          {showTooltip && <Tooltip trigger={touch ? 'click' : 'hover'} content={<ItemTooltip nameOf={nameOf} />} />}
          {/* Straight segments: a spline through ±1 points draws swings that are not in the data. */}
          <Line type="linear" dataKey="sentiment_score" stroke="#5b7db1" strokeWidth={1.5} isAnimationActive={false} dot={dot} activeDot={false} />
          {dragFrom !== undefined && dragTo !== undefined && <ReferenceArea x1={dragFrom} x2={dragTo} strokeOpacity={0.3} fill="#5b7db1" fillOpacity={0.2} />}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
