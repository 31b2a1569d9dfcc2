import { createContext } from 'react';

/** The current heading level; Section increments it, starting at 2. */
export const LevelContext = createContext(2);
