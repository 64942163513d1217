#!/usr/bin/env python3
"""Builds a chu opening file that Shishi's evaluation had no say in: HaChu decides which lines
are kept.

Each candidate is a line of random quiet plies from the start position (no capture, no
promotion, no lion double move or pass), of an even length drawn from --min-plies..--max-plies
(so Black is to move, as in openings/chu.epd). Shishi only lists the legal moves and prints
the resulting SFEN (`shishi perft --divide`, USI `d`); it never searches. HaChu (XBoard) then
searches each line to a fixed depth from `new` with the moves as `usermove`, and the score of
its last completed iteration is compared with HaChu's score of the start position at the same
depth: the start position is level by symmetry, so that score is HaChu's reading of "level"
(HaChu gives the side to move about a pawn in every quiet opening). Lines within --window of
it are kept, closest first. Deterministic for a given --seed, HaChu binary and Shishi move
generator.

  nice -n 10 tools/openings/hachu_openings.py --candidates 300 --keep 120 > openings/chu-hachu.epd

--budget stops generating candidates once HaChu has used that many CPU seconds in total.
"""
import argparse
import random
import re
import subprocess
import sys
import os

from make_openings import Engine, legal_moves, pieces

HACHU = "/usr/games/hachu"
SIDE = 12


def xboard_move(ours):
    """Our quiet one-step move text (`7i7h`) in HaChu's notation (`f3f4`), or None for moves
    this script does not use (passes, lion double moves, promotions)."""
    squares = re.findall(r"(\d+)([a-l])", ours)
    if len(squares) != 2 or ours.endswith(("+", "=")) or squares[0] == squares[1]:
        return None
    out = ""
    for file, rank in squares:
        out += chr(ord("a") + SIDE - int(file)) + str(SIDE - (ord(rank) - ord("a")))
    return out


class HaChu:
    def __init__(self, memory):
        self.p = subprocess.Popen(["nice", "-n", "10", HACHU], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.send("xboard")
        self.send("protover 2")
        self.version = "HaChu"
        self.wait(lambda l: l.startswith("feature") and "done=1" in l)
        self.send(f"memory {memory}")
        self.searched = 0.0
        self.pings = 0

    def cpu_seconds(self):
        """HaChu's CPU time so far (user + system), which --budget limits: wall time would
        depend on how busy the machine is."""
        with open(f"/proc/{self.p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("HaChu closed its output")
            line = line.rstrip("\n")
            m = re.search(r'myname="([^"]*)"', line)
            if m:
                self.version = m.group(1)
            lines.append(line)
            if done(line):
                return lines

    def score(self, moves, depth):
        """HaChu's depth-`depth` score for the side to move after `moves` (XBoard text), or
        None if HaChu refuses a move."""
        self.send("new")
        self.send("variant chu")
        self.send("force")
        for m in moves:
            self.send(f"usermove {m}")
        # A fixed depth needs a clock that does not stop it first (`st` alone does).
        self.send("level 0 1000 0")
        self.send(f"sd {depth}")
        self.send("time 6000000")
        self.send("otim 6000000")
        self.send("post")
        self.send("go")
        lines = self.wait(lambda l: l.startswith(("move ", "Illegal move")))
        # Read everything up to a pong: HaChu sends a lion double move as two lines
        # (`move f5f6,` then `move f6e7`), and a line left unread would be taken for the end
        # of the next search, shifting every later score by one line.
        self.pings += 1
        self.send("force")
        self.send(f"ping {self.pings}")
        lines += self.wait(lambda l: l.strip() == f"pong {self.pings}")
        self.searched = self.cpu_seconds()
        if any(l.startswith("Illegal move") for l in lines):
            return None
        cp = None
        for line in lines:
            if line.startswith("move "):
                break
            words = line.split()
            if len(words) >= 4 and all(re.fullmatch(r"-?\d+", w) for w in words[:4]):
                cp = int(words[1])
        return cp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--min-plies", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=8)
    ap.add_argument("--candidates", type=int, default=300)
    ap.add_argument("--keep", type=int, default=120)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--window", type=int, default=20)
    ap.add_argument("--budget", type=float, default=900.0)
    ap.add_argument("--memory", type=int, default=64)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    lengths = [n for n in range(a.min_plies, a.max_plies + 1) if n % 2 == 0]
    eng = Engine("chushogi")
    hachu = HaChu(a.memory)
    start = eng.sfen([])
    level = hachu.score([], a.depth)
    seen, scored = set(), []
    while len(seen) < a.candidates and hachu.searched < a.budget:
        plies = rng.choice(lengths)
        moves, xmoves, sfen = [], [], start
        while len(moves) < plies:
            options = [m for m in legal_moves("chu", sfen) if xboard_move(m)]
            rng.shuffle(options)
            for m in options:
                after = eng.sfen(moves + [m])
                if pieces(after) == pieces(sfen):  # quiet: nothing captured
                    moves.append(m)
                    xmoves.append(xboard_move(m))
                    sfen = after
                    break
        if sfen in seen:
            continue
        seen.add(sfen)
        cp = hachu.score(xmoves, a.depth)
        print(f"candidate {len(seen)}: {' '.join(moves)} -> {cp} "
              f"({hachu.searched:.0f} s searched)", file=sys.stderr)
        if cp is not None:
            scored.append((cp, sfen, moves))
    eng.send("quit")
    hachu.send("quit")
    scored.sort(key=lambda s: abs(s[0] - level))
    kept = [s for s in scored if abs(s[0] - level) <= a.window][:a.keep]
    print(f"# chu openings for `shishi match` chosen by HaChu, not by Shishi (docs/strength.md); "
          f"perft-suites line format.")
    print(f"# Made by tools/openings/hachu_openings.py --min-plies {a.min_plies} --max-plies "
          f"{a.max_plies} --candidates {a.candidates} --keep {a.keep} --depth {a.depth} "
          f"--window {a.window} --budget {a.budget:g} --memory {a.memory} --seed {a.seed}")
    print(f"# with {hachu.version} (/usr/games/hachu, memory {a.memory} MB): {len(seen)} candidate "
          f"lines of {'/'.join(map(str, lengths))} random quiet plies (Black to move),")
    print(f"# each searched by HaChu to depth {a.depth} ({hachu.searched:.0f} s of HaChu CPU time "
          f"in all); kept if the score for the side to move is within {a.window} of HaChu's")
    print(f"# depth-{a.depth} score of the start position ({level}; level by symmetry), closest "
          f"first: {len(kept)} of {len(scored)} scored lines. Shishi only generated the moves.")
    for i, (cp, sfen, moves) in enumerate(kept, 1):
        print(f"chu lishogi {sfen} ;id hachu{i:03d} ;note moves {' '.join(moves)}; "
              f"HaChu depth {a.depth}: {cp}")


if __name__ == "__main__":
    main()
