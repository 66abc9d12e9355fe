/** The live-room protocol lives in the shared contracts (the SPA imports it too). */
export * from '../../contracts/room.js';
