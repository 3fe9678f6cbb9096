/**
 * The pure rules of tournaments: results, standings, Swiss pairing, rounds and
 * the top cut. No Nest, no Prisma, no I/O; randomness only through the event seed's streams.
 */
export * from './fraction';
export * from './match-result';
export * from './max-weight-matching';
export * from './rounds';
export * from './standings';
export * from './swiss-pairing';
export * from './top-cut';
export * from './types';
