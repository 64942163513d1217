#!/usr/bin/env python3
"""Builds the balanced opening files of `shishi match` (openings/*.epd) with Shishi itself.

For each game: random quiet plies from the start position (no capture, no promotion), then a
short Shishi search (`go depth D`) of each candidate; the candidates whose score for the side to
move is closest to 0 are kept, all within --max-cp. Deterministic for a given --seed and binary.

  tools/openings/make_openings.py --variant chu --plies 4 --candidates 80 --keep 16 > openings/chu.epd
"""
import argparse
import random
import re
import subprocess
import sys

BIN = "target/release/shishi"


class Engine:
    def __init__(self, variant):
        self.p = subprocess.Popen([BIN, "--protocol", "usi"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.send("usi")
        self.send(f"setoption name USI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("engine closed its output")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def sfen(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("d")
        for line in self.wait("key"):
            if line.startswith("sfen "):
                return line[5:]
        sys.exit("no sfen in the board display")

    def score(self, sfen, depth):
        self.send("position sfen " + sfen)
        self.send(f"go depth {depth}")
        cp = None
        for line in self.wait("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                cp = int(words[i + 2]) if words[i + 1] == "cp" else 100000
        return cp


def legal_moves(variant, sfen):
    out = subprocess.run([BIN, "perft", "--variant", variant, "--sfen", sfen, "--depth", "1",
                          "--divide"], capture_output=True, text=True, check=True).stdout
    return [l.split()[0] for l in out.splitlines() if l and not l.startswith(("nodes", "time", "nps"))]


def pieces(sfen):
    """Number of pieces on the board of an SFEN (parenthesised codes count once)."""
    return len(re.findall(r"\([a-zA-Z]+\)|[a-zA-Z]", sfen.split()[0]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", choices=["chu", "daidai"], required=True)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--candidates", type=int, default=80)
    ap.add_argument("--keep", type=int, default=16)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--max-cp", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    usi_variant = "chushogi" if a.variant == "chu" else "daidaishogi"
    rng = random.Random(a.seed)
    eng = Engine(usi_variant)
    start = eng.sfen([])
    seen, scored = set(), []
    while len(scored) < a.candidates:
        moves, sfen = [], start
        while len(moves) < a.plies:
            options = [m for m in legal_moves(a.variant, sfen) if not m.endswith("+")]
            rng.shuffle(options)
            for m in options:
                after = eng.sfen(moves + [m])
                if pieces(after) == pieces(sfen):  # quiet: nothing captured
                    moves.append(m)
                    sfen = after
                    break
        if sfen in seen:
            continue
        seen.add(sfen)
        scored.append((eng.score(sfen, a.depth), sfen, moves))
    eng.send("quit")
    scored.sort(key=lambda s: abs(s[0]))
    kept = [s for s in scored if abs(s[0]) <= a.max_cp][:a.keep]
    print(f"# {a.variant} openings for `shishi match` (docs/match.md), perft-suites line format.")
    print(f"# Made by tools/openings/make_openings.py --variant {a.variant} --plies {a.plies} "
          f"--candidates {a.candidates} --keep {a.keep} --depth {a.depth} --max-cp {a.max_cp} "
          f"--seed {a.seed}: {a.plies} random quiet plies,")
    print(f"# kept if Shishi's depth-{a.depth} score for the side to move is within "
          f"{a.max_cp} cp of level (closest first).")
    for i, (cp, sfen, moves) in enumerate(kept, 1):
        print(f"{a.variant} seed {sfen} ;id {a.variant}{i:02d} ;note moves {' '.join(moves)}; "
              f"Shishi depth {a.depth}: {cp} cp")


if __name__ == "__main__":
    main()
