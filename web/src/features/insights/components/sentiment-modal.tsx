/**
 * The sentiment analysis modal (spec §2, §9): distribution bar; timeline chart with drag zoom and Zoom
 * Out; Hide Tooltip; Filter By Speaker; List Significant Moments (most positive and most negative, each
 * playing the recording from that moment); per-speaker mean and first-to-last-quarter trend.
 */
import { useMemo, useState } from 'react';
import { INSIGHTS_MESSAGES, type SentimentItemView, type SpeakerSentimentView } from '@contracts/insights.js';
import { useSentiments } from '../../../api/insights/get-sentiments.js';
import { useSpeakerNames } from '../../../api/transcripts/get-speaker-names.js';
import { Modal } from '../../../components/modal.js';
import { formatClock } from '../../../lib/time.js';
import { chartDomain, distribution, significantMoments, speakerName, speakersIn, zoomDomain, type ChartDomain } from '../chart-model.js';
import { MomentPlayer } from './moment-player.js';
import { CLASS_COLOURS, SentimentChart } from './sentiment-chart.js';

const NO_SPEECH = 'No speech was recognised in this recording, so there is no sentiment to show.';

interface SentimentModalProps { meetingId: string; meetingName: string; onClose: () => void }

const CLASS_LABELS = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;

/** The share of each class as a bar, with a legend that names each colour and its percentage. */
function DistributionBar({ items }: { items: readonly SentimentItemView[] }) {
  const shares = distribution(items);
  const classes = ['positive', 'neutral', 'negative'] as const;
  return (
    <div className="sentiment-distribution-box">
      <div className="sentiment-distribution" role="img" aria-label={`Positive ${shares.positive.toFixed(0)}%, neutral ${shares.neutral.toFixed(
        0)}%, negative ${shares.negative.toFixed(0)}%`}>
        {classes.map((c) => shares[c] > 0 && (
          <div key={c} className={`distribution-segment ${c}`} title={`${CLASS_LABELS[c]} ${shares[c].toFixed(0)}%`} style={{ width: `${shares[c]}%`,
            background: CLASS_COLOURS[c] }} />
        ))}
      </div>
      <ul className="sentiment-legend" aria-hidden="true">
        {classes.map((c) => (
          <li key={c}><span className="legend-swatch" style={{ background: CLASS_COLOURS[c] }} />{CLASS_LABELS[c]} {shares[c].toFixed(0)}%</li>
        ))}
      </ul>
    </div>
  );
}

const signed = (x: number | null) => (x === null ? '—' : `${x > 0 ? '+' : ''}${x.toFixed(2)}`);

/** `spk_0` → the name the host gave "Speaker 1" (the label itself until renamed). */
const namer = (names: Readonly<Record<string, string>> | undefined) => (label: string) => {
  const display = speakerName(label);
  return names?.[display]?.trim() || display;
};

function SpeakerTable({ speakers, nameOf }: { speakers: readonly SpeakerSentimentView[]; nameOf: (label: string) => string }) {
  if (speakers.length === 0) return null;
  return (
    <table className="speaker-sentiments">
      <thead><tr><th>Speaker</th><th>Mean score</th><th>Trend (first → last quarter)</th></tr></thead>
      <tbody>
        {speakers.map((s) => (
          <tr key={s.speaker_label}><td>{nameOf(s.speaker_label)}</td><td>{signed(s.mean_score)}</td><td>{signed(s.trend)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

export function SentimentModal({ meetingId, meetingName, onClose }: SentimentModalProps) {
  const { data, error, isLoading } = useSentiments(meetingId);
  // Names given in the transcript modal (anyone who sees the meeting may read them); labels until then.
  const { data: names } = useSpeakerNames(meetingId, true);
  const nameOf = namer(names?.speakerNames);
  const [speaker, setSpeaker] = useState('');
  const [zoom, setZoom] = useState<ChartDomain>();
  const [hideTooltip, setHideTooltip] = useState(false);
  const [showMoments, setShowMoments] = useState(false);
  const [playAt, setPlayAt] = useState<number>();

  const all = useMemo(() => data?.sentiments_data ?? [], [data]);
  const items = useMemo(() => (speaker ? all.filter((i) => i.speaker_label === speaker) : all), [all, speaker]);
  const domain = zoom ?? chartDomain(items);
  const moments = significantMoments(items);
  const failed = Boolean(error) || data?.status === 'failed';
  // Ready but empty: the recording had no speech to score, which no amount of waiting changes.
  const noSpeech = !failed && data?.status === 'ready' && all.length === 0;
  const notReady = !failed && !noSpeech && data !== undefined && all.length === 0;

  return (
    <Modal title={`Sentiment Analysis: ${meetingName}`} onClose={onClose} className="sentiment-modal">
      {isLoading && <p>Loading...</p>}
      {failed && <p className="message message-error" role="alert">{INSIGHTS_MESSAGES.sentimentsFailed}</p>}
      {notReady && <p className="message" role="status">{INSIGHTS_MESSAGES.sentimentsNotReady}</p>}
      {noSpeech && <p className="empty-state" role="status">{NO_SPEECH}</p>}
      {!failed && all.length > 0 && (
        <div className="sentiments">
          <DistributionBar items={items} />
          <div className="sentiment-controls">
            <button type="button" className="button-secondary button-small" onClick={() => setZoom(undefined)} disabled={!zoom}>Zoom Out</button>
            <button type="button" className="button-secondary button-small" onClick={() => setHideTooltip((h) => !h)}>{hideTooltip ? 'Show Tooltip' :
              'Hide Tooltip'}</button>
            <label className="sentiment-filter">
              Filter By Speaker{' '}
              <select value={speaker} onChange={(e) => { setSpeaker(e.target.value); setZoom(undefined); }}>
                <option value="">All speakers</option>
                {speakersIn(all).map((label) => <option key={label} value={label}>{nameOf(label)}</option>)}
              </select>
            </label>
            <button type="button" className="button-secondary button-small" aria-expanded={showMoments} onClick={() => setShowMoments((s) =>
              !s)}>List Significant Moments</button>
          </div>
          <MomentPlayer meetingId={meetingId} at={playAt} onClose={() => setPlayAt(undefined)} />
          <SentimentChart items={items} domain={domain} showTooltip={!hideTooltip} nameOf={nameOf}
            onZoom={(a, b) => setZoom(zoomDomain(items, a, b) ?? zoom)} onPick={(item) => setPlayAt(item.start_time)} />
          {showMoments && (
            <div className="significant-moments">
              {(['positive', 'negative'] as const).map((kind) => (
                <section key={kind} aria-label={`Most ${kind} moments`}>
                  <h3>Most {kind}</h3>
                  {moments[kind].length === 0 ? <p>None.</p> : (
                    <ul>
                      {moments[kind].map((m) => (
                        <li key={`${m.start_time}-${m.speaker_label}`}>
                          <button type="button" className={`link-button moment ${kind}`} onClick={() => setPlayAt(m.start_time)}>
                            {formatClock(m.start_time)} · {nameOf(m.speaker_label)} ({m.sentiment_score.toFixed(2)}): {m.content}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </div>
          )}
          <div className="speaker-sentiments-box"><SpeakerTable nameOf={nameOf} speakers={speaker ? (data?.speakers ?? []).filter((s) =>
            s.speaker_label === speaker) : data?.speakers ?? []} /></div>
        </div>
      )}
    </Modal>
  );
}
