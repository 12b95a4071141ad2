import { refuse } from './refuse.mjs';

const execution = {
  get vu() {
    return refuse('exec.vu')();
  },
  get scenario() {
    return refuse('exec.scenario')();
  },
};
export default execution;
