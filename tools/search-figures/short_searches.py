#!/usr/bin/env python3
"""Nodes and depth of short searches, each from a new game, for one or more binaries at one and
two threads (interleaved rounds; medians). Short searches right after `usinewgame` are where
a game's first moves live, and where the table's state (fresh pages or cleared ones) shows.

usage: short_searches.py POSITIONS BIN[,BIN...] [--movetimes 40,70,150] [--rounds 2]
                         [--threads 1,2] [--variant daidai] [--hash MB]
prints, per binary, movetime and thread count: the nodes and the depths summed over the
positions (median of the rounds). POSITIONS holds USI `position` arguments, one per line."""
import argparse, statistics
from usi_engine import Engine

a = argparse.ArgumentParser()
a.add_argument("positions"); a.add_argument("binaries")
a.add_argument("--movetimes", default="40,70,150"); a.add_argument("--rounds", type=int, default=2)
a.add_argument("--threads", default="1,2"); a.add_argument("--variant", default="chu")
a.add_argument("--hash", type=int, default=64)
args = a.parse_args()
poss = [l.strip() for l in open(args.positions) if l.strip() and not l.startswith("#")]
threads = [int(t) for t in args.threads.split(",")]
engines = {(b, t): Engine(b, args.variant, t, args.hash)
           for b in args.binaries.split(",") for t in threads}
totals = {}
for _ in range(args.rounds):
    for mt in (int(m) for m in args.movetimes.split(",")):
        for (b, t), e in engines.items():
            nodes = depths = 0
            for p in poss:
                _, depth, n = e.search(p, f"movetime {mt}")
                nodes += n
                depths += depth
            totals.setdefault((b, mt, t), []).append((nodes, depths))
for (b, mt, t), runs in totals.items():
    print(f"{b} movetime {mt} threads {t}: nodes {statistics.median(r[0] for r in runs):.0f}, "
          f"depths {statistics.median(r[1] for r in runs):.1f}")
for e in engines.values():
    e.quit()
