/** The types of the card-entry seam (card-collector.tsx), apart so the two card forms need not import the collector that loads them. */

/** Turns what the user typed into a PaymentMethod id; throws CardInvalid with the provider's message. */
export type CollectCard = () => Promise<string>;

export class CardInvalid extends Error {
  readonly name = 'CardInvalid';
}

export interface CardCollectorProps {
  /** Receives the collect function of the mounted implementation (undefined while it loads). */
  onReady: (collect: CollectCard | undefined) => void;
}
