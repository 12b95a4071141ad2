import { refuse } from './refuse.mjs';

// Metrics are made at init (k6 requires it); adding a sample is VU code.
class Metric {
  constructor(name, isTime) {
    this.name = name;
    this.isTime = isTime === true;
  }
}
Metric.prototype.add = refuse('metric.add');
export class Counter extends Metric {}
export class Rate extends Metric {}
export class Trend extends Metric {}
