#!/usr/bin/env python3
"""Scores dai dai level matches whose games reach the length limit (docs/levels.md).

A game that ended by the rules counts as played. A game drawn at the `--max-plies` limit is
adjudicated by the engines' own last reports (the record's `Scores` tag, each the mover's score
in centipawns): it goes to the side that both engines' final reports put at least `--margin`
(1000) cp ahead, else it stays a draw. Prints W-D-L as played and as adjudicated for the first
engine named, and the second engine's Elo over the first with a 95 % interval from the per-game
scores (normal approximation; an interval end at 0 % or 100 % is printed as an infinity).

  tools/levels/adjudicate.py dai-L1-L2.txt [more records of the same pairing]
"""
import math
import re
import sys


def elo(p):
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)


def main():
    args = sys.argv[1:]
    margin = 1000
    if "--margin" in args:
        i = args.index("--margin")
        margin = int(args[i + 1])
        del args[i:i + 2]
    first = None
    played, judged = [0, 0, 0], [0, 0, 0]
    scores = []
    for path in args:
        for block in open(path).read().split("[Event ")[1:]:
            tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
            black, white = tags["Black"], tags["White"]
            first = first or black
            result = tags["Result"]
            # Points for Black as played.
            pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
            if pts is None:
                continue  # a dispute or an unfinished game: not scored
            adj = pts
            if pts == 0.5 and tags.get("Reason", "").startswith("maximum game length"):
                plies = tags.get("Scores", "").split()
                # Ply 0's mover: the start position's side to move.
                black_first = tags.get("SFEN", "x b").split()[1] == "b"
                # The last two reports: one by each engine, each from its own side.
                reports = []
                for ply in range(len(plies) - 1, -1, -1):
                    if re.fullmatch(r"-?\d+", plies[ply]):
                        black_moved = (ply % 2 == 0) == black_first
                        black_view = int(plies[ply]) if black_moved else -int(plies[ply])
                        reports.append(black_view)
                    if len(reports) == 2:
                        break
                if len(reports) == 2:
                    if min(reports) >= margin:
                        adj = 1.0
                    elif max(reports) <= -margin:
                        adj = 0.0
            for tally, p in ((played, pts), (judged, adj)):
                first_pts = p if black == first else 1 - p
                tally[0 if first_pts == 1 else 1 if first_pts == 0.5 else 2] += 1
            scores.append((adj if black == first else 1 - adj))
    n = len(scores)
    if n == 0:
        sys.exit("no scored game")
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / n)
    half = 1.96 * sd / math.sqrt(n)
    second = 1 - mean
    lo, hi = elo(second - half), elo(second + half)
    print(f"{n} games, first engine {first}: played {played[0]}-{played[1]}-{played[2]}, "
          f"adjudicated {judged[0]}-{judged[1]}-{judged[2]}")
    print(f"second minus first, adjudicated: {elo(second):+.0f} ({lo:+.0f} ... {hi:+.0f})")


if __name__ == "__main__":
    main()
