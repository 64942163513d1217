#!/usr/bin/env python3
"""Which engine converts a lead: the games of a match played from won positions.

Usage: tools/match-ends/conversions.py BINARY RECORD [--nodes N]   (RECORD plain or .gz)

For a match on openings where one side is far ahead (`openings/won-daidai.epd`, each
opening played twice with the colours swapped), a conversion term is fairly tested only
when the new engine leads against the old one defending, and the reverse (docs/search.md,
"Dai dai's draws": in self-play the defender walks into the term it shares). This searches
each game's opening `SFEN` with BINARY's hand-set evaluation (`EvalFile <empty>`) for N nodes
(default 20 000) to find the side ahead, and prints, for each engine, how many of the games
it began ahead it won, lost and drew, with the games' mean length.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "search-figures"))
from usi_engine import Engine  # noqa: E402
from limit_leads import arguments, games, score_of  # noqa: E402


def main():
    args = arguments()
    record = list(games(args.record))
    if not record:
        sys.exit(f"{args.record}: no games")
    variant = "daidaishogi" if record[0].get("Variant") == "daidai" else "chu"
    engine = Engine(args.binary, variant, 1, 64)
    engine.send("setoption name EvalFile value <empty>")
    ahead_of = {}
    rows = {}
    for g in record:
        sfen = g["SFEN"]
        if sfen not in ahead_of:
            score = score_of(engine, sfen, args.nodes)
            ahead_of[sfen] = "b" if (score > 0) == (sfen.split()[1] == "b") else "w"
        ahead = ahead_of[sfen]
        leader = g["Black"] if ahead == "b" else g["White"]
        result = g["Result"]
        won = {"1-0": "b", "0-1": "w"}.get(result)
        outcome = "drew" if won is None else "won" if won == ahead else "lost"
        row = rows.setdefault(leader, {"won": 0, "lost": 0, "drew": 0, "plies": 0, "games": 0})
        row[outcome] += 1
        row["plies"] += int(g.get("Plies", 0))
        row["games"] += 1
    engine.quit()
    for leader, r in sorted(rows.items()):
        print(f"{leader} ahead: won {r['won']}, lost {r['lost']}, drew {r['drew']} "
              f"of {r['games']} games (mean {r['plies'] / r['games']:.0f} plies)")


if __name__ == "__main__":
    main()
