// The browser check's conversation, run inside the page with the global Shishi (classic
// script) or the imported one (module page): handshake, search, isready during a search,
// stop, and two threads where there is shared memory. Returns every line for the test to judge.
/** Fixed-depth searches at the end of the scenario. */
const ROUNDS = 8;

window.scenario = async function scenario() {
  const lines = [];
  const waiters = [];
  const engine = await window.Shishi();
  engine.addMessageListener((line) => {
    lines.push(line);
    waiters.splice(0).forEach((w) => w());
  });
  let cursor = 0;
  const next = async (re) => {
    const deadline = Date.now() + 60000;
    for (;;) {
      for (; cursor < lines.length; cursor++) if (re.test(lines[cursor])) return lines[cursor++];
      if (Date.now() > deadline)
        throw new Error("no line matching " + re + ": " + lines.slice(-5).join(" | "));
      await new Promise((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  engine.postMessage("usi");
  await next(/^usiok$/);
  const threads = lines.find((l) => l.startsWith("option name Threads"));
  const max = Number(/max (\d+)/.exec(threads)[1]);
  if (max >= 2) engine.postMessage("setoption name Threads value 2");
  engine.postMessage("isready");
  await next(/^readyok$/);
  engine.postMessage("position startpos");
  engine.postMessage("go depth 5");
  await next(/^bestmove /);
  engine.postMessage("go infinite");
  await next(/^info depth 4 .* pv /);
  const mark = lines.length;
  engine.postMessage("isready");
  await next(/^readyok$/);
  const readyDuringSearch = !lines.slice(mark).some((l) => l.startsWith("bestmove"));
  engine.postMessage("stop");
  await next(/^bestmove /);
  // Searches in a row, each started the moment the last one answered: a thread start then
  // finds the previous search's worker not yet free (a worker once counted as free twice got
  // a second thread behind one that never ends, and a go like these went unanswered).
  engine.postMessage("position startpos moves 7i7h");
  for (let i = 0; i < ROUNDS; i++) {
    engine.postMessage("go depth 3");
    await next(/^bestmove /);
  }
  engine.terminate();
  return {
    lines,
    rounds: ROUNDS,
    readyDuringSearch,
    isolated: window.crossOriginIsolated === true,
    max,
  };
};
