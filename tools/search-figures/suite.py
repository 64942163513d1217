#!/usr/bin/env python3
"""Time to a fixed depth over a file of positions, through USI, for several binaries in
interleaved rounds (this machine is noisy: compare medians of rounds, not single runs).

usage: suite.py POSITIONS DEPTH BIN[,BIN...] [--threads N] [--rounds R] [--variant daidai]
                [--hash MB] [--each]
prints one line per binary and round: total seconds, total nodes, nodes/s; then the medians.
--each also prints every position's seconds and nodes (to find where two binaries differ).
POSITIONS holds USI `position` arguments, one per line (# starts a comment)."""
import argparse, statistics
from usi_engine import Engine

def positions(path):
    return [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]

def run(binary, poss, depth, threads, variant, hash_mb, each):
    engine = Engine(binary, variant, threads, hash_mb)
    total_t, total_n = 0.0, 0
    for i, pos in enumerate(poss):
        seconds, _, nodes = engine.search(pos, f"depth {depth}")
        if each:
            print(f"  position {i + 1}: {seconds:.2f} s {nodes} nodes", flush=True)
        total_t += seconds
        total_n += nodes
    engine.quit()
    return total_t, total_n

a = argparse.ArgumentParser()
a.add_argument("positions"); a.add_argument("depth", type=int); a.add_argument("binaries")
a.add_argument("--threads", type=int, default=1); a.add_argument("--rounds", type=int, default=1)
a.add_argument("--variant", default="chu")
a.add_argument("--hash", type=int, default=64, help="USI_Hash in MB")
a.add_argument("--each", action="store_true", help="print every position's figures")
args = a.parse_args()
poss = positions(args.positions)
times = {b: [] for b in args.binaries.split(",")}
for _ in range(args.rounds):
    for b in times:
        t, n = run(b, poss, args.depth, args.threads, args.variant, args.hash, args.each)
        times[b].append(t)
        print(f"{b} threads {args.threads} depth {args.depth} positions {len(poss)}: "
              f"{t:.2f} s {n} nodes {n / t:.0f} nps", flush=True)
for b, ts in times.items():
    print(f"{b} threads {args.threads} depth {args.depth}: median {statistics.median(ts):.2f} s")
