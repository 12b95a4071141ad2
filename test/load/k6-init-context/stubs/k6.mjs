import { refuse } from './refuse.mjs';

export const check = refuse('check');
export const sleep = refuse('sleep');
export const group = refuse('group');
