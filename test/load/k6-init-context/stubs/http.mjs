import { refuse } from './refuse.mjs';

// The two calls k6 allows at init: a response callback is made and set.
const http = {
  request: refuse('http.request'),
  expectedStatuses: (...statuses) => ({ expectedStatuses: statuses }),
  setResponseCallback: () => {},
};
export default http;
