#!/usr/bin/env python3
"""Who led when a match's games were cut off by the ply limit (docs/training.md, "Dai dai").

Usage: tools/match-ends/limit_leads.py BINARY RECORD [--nodes N]   (RECORD plain or .gz)

A game drawn at `--max-plies` is an advantage never converted or a balanced position, and
the result alone does not tell which. For every such game of a `shishi match` record this
searches the game's `FinalSFEN` with BINARY's hand-set evaluation (`EvalFile <empty>`, so
neither side's network judges) for N nodes (default 20 000) and credits the lead to the
engine whose side it favours. It prints, per engine, how many cut-off games it led by more
than 10 pawns, by 2 to 10, and how many stood within 2 pawns.
"""
import argparse
import gzip
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "search-figures"))
from usi_engine import Engine  # noqa: E402


def games(path):
    """Each game's tags, from the record's `[Tag "value"]` lines."""
    opener = gzip.open if path.endswith(".gz") else open
    tags = {}
    with opener(path, "rt") as f:
        for line in f:
            if line.startswith("[Event ") and tags:
                yield tags
                tags = {}
            if line.startswith("[") and '"' in line:
                key, value = line[1:].split(" ", 1)
                tags[key] = value.rsplit('"', 1)[0].lstrip('"')
    if tags:
        yield tags


def score_of(engine, sfen, nodes):
    """The search's last score for the side to move, in centipawns (mates as ±30 000)."""
    engine.send("usinewgame")
    engine.send(f"position sfen {sfen}")
    engine.send("isready")
    engine.until("readyok")
    engine.send(f"go nodes {nodes}")
    score = 0
    for line in engine.until("bestmove"):
        words = line.split()
        if "score" in words:
            kind, value = words[words.index("score") + 1: words.index("score") + 3]
            score = int(value) if kind == "cp" else (30000 if int(value) > 0 else -30000)
    return score


def arguments():
    """BINARY, RECORD and --nodes, as both scripts of this folder take them."""
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("record")
    parser.add_argument("--nodes", type=int, default=20000)
    return parser.parse_args()


def main():
    args = arguments()
    cut = [g for g in games(args.record) if g.get("Reason", "").startswith("maximum game length")]
    if not cut:
        print("no game reached the ply limit")
        return
    variant = "daidaishogi" if cut[0].get("Variant") == "daidai" else "chu"
    engine = Engine(args.binary, variant, 1, 64)
    engine.send("setoption name EvalFile value <empty>")
    rows = {}
    for g in cut:
        sfen = g["FinalSFEN"]
        black_view = score_of(engine, sfen, args.nodes) * (1 if sfen.split()[1] == "b" else -1)
        leader = g["Black"] if black_view > 0 else g["White"]
        lead = abs(black_view)
        bucket = "more than 10 pawns" if lead > 1000 else "2 to 10 pawns" if lead > 200 else None
        key = (leader, bucket) if bucket else ("", "within 2 pawns")
        rows[key] = rows.get(key, 0) + 1
    engine.quit()
    print(f"{len(cut)} games cut off at the ply limit; lead at the last position "
          f"(hand-set evaluation, {args.nodes} nodes):")
    for (who, bucket), n in sorted(rows.items()):
        print(f"  {who + ' led by ' if who else ''}{bucket}: {n}")


if __name__ == "__main__":
    main()
