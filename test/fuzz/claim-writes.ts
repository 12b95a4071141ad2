// Child process of write-budget.test.ts: claims writes from a shared budget until it is spent and
// prints how many it got. Usage: claim-writes.ts <max> <dir>
import { WriteBudget } from '../../fuzz/write-budget.ts';

const [max, dir] = process.argv.slice(2);
const budget = new WriteBudget(Number(max), dir);
let taken = 0;
while (budget.take()) taken++;
process.stdout.write(String(taken));
