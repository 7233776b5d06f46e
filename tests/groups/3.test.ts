// A group of test files run in one process (tests/groups/group.ts).
import { runGroup } from './group';

await runGroup(3);
