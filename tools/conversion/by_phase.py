#!/usr/bin/env python3
"""Plies from the first position an engine scored above +1500 cp to the end, split by how many
pieces were still on the board there (docs/strength.md, "Conversion by phase").

`shishi summary` gives one median over all games; but a +1500 lead reached in the middle game
(a lion won with 90 % of the pieces still on) leaves a whole game to play, while one reached in
the endgame should end soon. This splits the same figure by the share of the start position's
pieces on the board at that first position: 80 % or more, 60-80 %, under 60 %.

  shishi summary --phases RECORDS > phases.tsv
  tools/conversion/by_phase.py RECORDS phases.tsv ENGINE [--threshold 1500]

RECORDS is one `shishi match` record file (the phases and the games are matched by the
`Game` tag, so give the same file to both commands); ENGINE the name in the record.
"""
import argparse
import re
import statistics

BUCKETS = (("80-100 %", 0.8), ("60-80 %", 0.6), ("under 60 %", 0.0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("phases")
    ap.add_argument("engine")
    ap.add_argument("--threshold", type=int, default=1500)
    args = ap.parse_args()
    shares = {}
    for line in open(args.phases):
        game, _, values = line.rstrip("\n").split("\t")
        shares[game] = [float(v) for v in values.split()]
    rows = {name: [] for name, _ in BUCKETS}
    for text in open(args.records).read().split("[Event ")[1:]:
        tag = dict(re.findall(r'\[(\w+) "([^"]*)"\]', text))
        if args.engine not in (tag.get("Black"), tag.get("White")) or tag["Game"] not in shares:
            continue
        side = 0 if tag["Black"] == args.engine else 1
        scores = tag.get("Scores", "").split()
        # Each entry is the mover's own score; mate scores (#n) are skipped like missing ones.
        first = next((i for i in range(side, len(scores), 2)
                      if re.fullmatch(r"-?\d+", scores[i]) and int(scores[i]) > args.threshold),
                     None)
        if first is None or first >= len(shares[tag["Game"]]):
            continue
        share = shares[tag["Game"]][first]
        winner = {"1-0": 0, "0-1": 1}.get(tag["Result"])
        if tag["Result"] == "*":
            outcome = "disputed"
        elif winner is None:
            outcome = "drawn"
        else:
            outcome = "won" if winner == side else "lost"
        bucket = next(name for name, low in BUCKETS if share >= low)
        rows[bucket].append((int(tag["Plies"]) - first, outcome))
    print(f"{args.engine}: first score above +{args.threshold} cp, by pieces on the board there")
    for name, games in rows.items():
        if not games:
            print(f"  {name:10s}: no game")
            continue
        plies = statistics.median(p for p, _ in games)
        counts = ", ".join(f"{o} {sum(1 for _, x in games if x == o)}"
                           for o in ("won", "drawn", "lost", "disputed"))
        print(f"  {name:10s}: {len(games):3d} games, median {plies:g} plies to the end; {counts}")


if __name__ == "__main__":
    main()
