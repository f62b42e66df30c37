/**
 * How many times a fault test repeats its fault: a few in `npm test`, all of them under
 * `npm run soak` (SOAK=1).
 */
export const soakRounds = (quick: number, soak: number) => (process.env.SOAK === '1' ? soak : quick);
