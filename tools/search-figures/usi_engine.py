"""A USI engine process for the figure scripts: start it, set the variant, threads and hash,
search, and read the last `info depth` line."""
import subprocess, time


class Engine:
    def __init__(self, binary, variant, threads, hash_mb):
        self.binary = binary
        self.p = subprocess.Popen([binary, "--protocol", "usi"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("usi"); self.until("usiok")
        if variant != "chu":
            self.send(f"setoption name USI_Variant value {variant}")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name USI_Hash value {hash_mb}")
        self.send("isready"); self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n"); self.p.stdin.flush()

    def until(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"{self.binary}: engine closed its output")
            lines.append(line)
            if line.startswith(token):
                return lines

    def search(self, position, go):
        """Seconds, depth and nodes of `go …` from `position` (USI arguments), on a new game;
        depth and nodes 0 when the search stopped before its first iteration reported."""
        self.send("usinewgame"); self.send(f"position {position}")
        self.send("isready"); self.until("readyok")
        t = time.time(); self.send(f"go {go}"); lines = self.until("bestmove")
        seconds = time.time() - t
        infos = [l.split() for l in lines if l.startswith("info depth")]
        if not infos:
            return seconds, 0, 0
        last = infos[-1]
        return seconds, int(last[last.index("depth") + 1]), int(last[last.index("nodes") + 1])

    def quit(self):
        self.send("quit"); self.p.wait()
