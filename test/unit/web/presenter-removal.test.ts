import { maskColumnsFor, replacePerson, segmentIntervalAfter } from '../../../web/src/features/room/presenter-removal.js';

const RED = 0xff0000ff;
const BOARD = 0xffffffff;
const PERSON = 0xff336699;

describe('replacePerson', () => {
  const picture = { width: 4, height: 2 };
  const maskSize = { width: 2, height: 1 };
  const columns = maskColumnsFor(4, 2);

  it('maps each picture column to the mask column under it', () => {
    expect([...columns]).toEqual([0, 0, 1, 1]);
  });

  it('paints person pixels with the last background seen there and learns the background elsewhere', () => {
    const background = new Uint32Array(8).fill(BOARD);
    // The presenter stands on the left half; the right half shows something new on the board.
    const pixels = Uint32Array.of(PERSON, PERSON, RED, RED, PERSON, PERSON, RED, RED);
    replacePerson(pixels, background, picture, Float32Array.of(0.9, 0.1), maskSize, columns);
    expect([...pixels]).toEqual([BOARD, BOARD, RED, RED, BOARD, BOARD, RED, RED]);
    expect([...background]).toEqual([BOARD, BOARD, RED, RED, BOARD, BOARD, RED, RED]);
  });

  it('shows what the presenter uncovered once they step aside', () => {
    const background = new Uint32Array(8).fill(BOARD);
    replacePerson(Uint32Array.of(PERSON, PERSON, RED, RED, PERSON, PERSON, RED, RED), background, picture, Float32Array.of(0.9, 0.1), maskSize, columns);
    const stepAside = Uint32Array.of(RED, RED, PERSON, PERSON, RED, RED, PERSON, PERSON);
    replacePerson(stepAside, background, picture, Float32Array.of(0.1, 0.9), maskSize, columns);
    expect([...stepAside]).toEqual(new Array(8).fill(RED));
  });
});

describe('segmentIntervalAfter', () => {
  it('keeps segmentation to 40 % of the main thread when runs are slow', () => {
    expect(segmentIntervalAfter(200)).toBe(500);
  });

  it('refreshes masks at most ten times a second when runs are fast', () => {
    expect(segmentIntervalAfter(5)).toBe(100);
  });
});
