/** The `msc` command: one program over the same use cases as the web and mail channels. */
import { processIO } from './io.ts';
import { buildProgram, runProgram } from './program.ts';

const io = processIO();
const code = await runProgram(buildProgram(io), process.argv, io);
// A command that sets its own exit code (msc resolve, msc check) keeps it.
if (code !== 0) process.exitCode = code;
